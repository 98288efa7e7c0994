import {
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
  HEADERS,
} from '@pets/contract';
import type { FastifyInstance } from 'fastify';
import { baseUrlOf } from '../common/base-url.js';

export const GET_PET_ROUTE = '/v1/pets/:petId';

/**
 * getPet's `Deprecation`, `Sunset` and `Link` headers on every response it gives, errors included.
 * A Fastify hook, so it runs before authentication and applies to 401s and 429s too.
 */
export function registerGetPetDeprecation(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url === GET_PET_ROUTE) {
      void reply.headers({
        [HEADERS.deprecation]: GET_PET_DEPRECATION_HEADER,
        [HEADERS.sunset]: GET_PET_SUNSET_HEADER,
        [HEADERS.link]: getPetLinkHeader(baseUrlOf(request)),
      });
    }
    done();
  });
}
