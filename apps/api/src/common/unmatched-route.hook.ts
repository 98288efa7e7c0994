import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidApiKey, missingApiKey } from '../accounts/api-key.guard.js';
import type { ApiKeysService } from '../accounts/api-keys.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { noRoute } from './api-exception.js';

/**
 * A /v1 request that matches no route at all (odd paths such as `/v1/%2e%2e/pets` never reach a
 * controller) is still authenticated and counted like any API request, so its 401 or 404 carries
 * the rate-limit headers too.
 */
/**
 * No route, or a route whose parameter is empty (`/v1/pets//`): Nest's adapter sends the latter to
 * the not-found handler before any guard runs, so it is answered here like the former.
 */
function isUnmatched(request: FastifyRequest): boolean {
  if (request.routeOptions.url === undefined) return true;
  const params = request.params as Record<string, unknown> | undefined;
  if (!params) return false;
  return Object.entries(params).some(([name, value]) => value === '' && name !== '*');
}

export function registerUnmatchedRouteHook(
  fastify: FastifyInstance,
  apiKeys: ApiKeysService,
  rateLimit: RateLimitService,
): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isUnmatched(request) || !request.url.startsWith('/v1')) return;
    const authorization = request.headers.authorization;
    const match =
      authorization === undefined ? null : /^bearer(?:\s+(\S+))?\s*$/i.exec(authorization);
    if (!match) {
      await rateLimit.consumeAnonymous(request, reply);
      throw missingApiKey();
    }
    const principal = match[1] === undefined ? null : await apiKeys.authenticate(match[1]);
    if (!principal) {
      await rateLimit.consumeAnonymous(request, reply);
      throw invalidApiKey();
    }
    request.principal = principal;
    void reply.header('Cache-Control', 'no-store');
    await rateLimit.consumeForPrincipal(principal, reply);
    throw noRoute(request);
  });
}
