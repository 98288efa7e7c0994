import {
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_AT,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
  HEADERS,
} from '@pets/contract';
import type { FastifyInstance } from 'fastify';
import { ApiException } from '../common/api-exception.js';
import { baseUrlOf } from '../common/base-url.js';
import type { Clock } from '../common/clock.js';
import { sendError } from '../common/error-response.js';

export const GET_PET_ROUTE = '/v1/pets/:petId';
const SUNSET_MS = GET_PET_SUNSET_AT.getTime();

/**
 * getPet's `Deprecation`, `Sunset` and `Link` headers on every response it gives, errors included,
 * and `410 gone` for every request from the sunset instant on. A Fastify hook, so it runs before
 * authentication and applies to 401s too.
 */
export function registerGetPetDeprecation(fastify: FastifyInstance, clock: Clock): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== GET_PET_ROUTE) {
      done();
      return;
    }
    void reply.headers({
      [HEADERS.deprecation]: GET_PET_DEPRECATION_HEADER,
      [HEADERS.sunset]: GET_PET_SUNSET_HEADER,
      [HEADERS.link]: getPetLinkHeader(baseUrlOf(request)),
    });
    if (clock.now() >= SUNSET_MS) {
      sendError(
        new ApiException(
          'gone',
          'GET /v1/pets/{petId} was removed on 5 December 2030. Use GET /v1/pets with a status filter.',
        ),
        request,
        reply,
      );
      return;
    }
    done();
  });
}
