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
  const params = (request.params ?? {}) as Record<string, unknown>;
  return Object.entries(params).some(([name, value]) => value === '' && name !== '*');
}

export function registerUnmatchedRouteHook(
  fastify: FastifyInstance,
  apiKeys: ApiKeysService,
  rateLimit: RateLimitService,
): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isUnmatched(request) || !request.url.startsWith('/v1')) return;
    // Read as ApiKeyGuard (and passport-http-bearer behind it) reads it, so a header gets the same
    // answer on every path: another scheme is missing_api_key; a key is `Bearer <key>`, with one
    // space and nothing after it, or the header is invalid_api_key.
    const authorization = request.headers.authorization ?? '';
    if (!/^bearer(\s|$)/i.test(authorization)) {
      await rateLimit.consumeAnonymous(request, reply);
      throw missingApiKey();
    }
    const [, key, ...rest] = authorization.split(' ');
    const principal = key && rest.length === 0 ? await apiKeys.authenticate(key) : null;
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
