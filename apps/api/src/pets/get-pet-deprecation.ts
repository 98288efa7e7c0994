/** The deprecated getPet (GET /v1/pets/{petId}): its Deprecation, Sunset and Link headers. */
import {
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
  HEADERS,
  OPERATIONS,
} from '@pets/contract';
import type { FastifyInstance } from 'fastify';
import { routeOf } from '../gate/allowed-methods.js';
import { baseUrlOf } from '../http/base-url.js';

/** getPet's route as the router knows it (its id kept apart from literal siblings: `batch`). */
export const GET_PET_ROUTE = routeOf(OPERATIONS.getPet);

/**
 * getPet's `Deprecation`, `Sunset` and `Link` headers on every response it gives, errors included.
 * A Fastify hook, so it runs before authentication and applies to 401s and 429s too.
 */
export function registerGetPetDeprecation(fastify: FastifyInstance): void {
  // Added to the route itself as it is registered (GET, and the HEAD Fastify makes of it): other
  // routes and methods pay nothing, and PATCH or DELETE on the same path are not deprecated.
  fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.url !== GET_PET_ROUTE || !methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      (request, reply, done) => {
        void reply.headers({
          [HEADERS.deprecation]: GET_PET_DEPRECATION_HEADER,
          [HEADERS.sunset]: GET_PET_SUNSET_HEADER,
          [HEADERS.link]: getPetLinkHeader(baseUrlOf(request)),
        });
        done();
      },
    ];
  });
}
