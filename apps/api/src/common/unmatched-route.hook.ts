import type { CanActivate } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noRoute } from './api-exception.js';
import { FallbackController } from './fallback.controller.js';

/**
 * No route, or a route whose parameter is empty (`/v1/pets//`): Nest's adapter sends the latter to
 * the not-found handler before any guard runs, and odd paths (`/v1%2fpets`) never reach a controller.
 */
function isUnmatched(request: FastifyRequest): boolean {
  if (request.routeOptions.url === undefined) return true;
  const params = request.params as Record<string, unknown> | undefined;
  for (const name in params) if (params[name] === '' && name !== '*') return true;
  return false;
}

// The guards read only the class and the handler's metadata (it has none); it is never called.
// eslint-disable-next-line @typescript-eslint/unbound-method
const notFound = FallbackController.prototype.notFound;

/**
 * A /v1 request that matches no route goes through the same global guards as every route (the
 * key, the rate limit, the role), as a request to the fallback controller, then gets its 404: its
 * 401 or 404 is decided in the same place and carries the same headers as on any other path.
 */
export function registerUnmatchedRouteHook(
  fastify: FastifyInstance,
  guards: readonly CanActivate[],
): void {
  // A callback hook, not an async one: matched requests (nearly all) pay no promise.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isUnmatched(request) || !request.url.startsWith('/v1')) {
      done();
      return;
    }
    const refuse = async () => {
      const context = new ExecutionContextHost([request, reply], FallbackController, notFound);
      for (const guard of guards) await guard.canActivate(context);
      throw noRoute(request);
    };
    refuse().catch(done);
  });
}
