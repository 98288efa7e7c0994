/** Serves the built admin app at /admin on the API's own port (docs/staff/admin.md). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { PROBLEMS } from '@pets/contract';
import type { FastifyInstance } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/error-response.js';

/** The built admin app (`npx nx build admin`), beside this project in the repository. */
export const ADMIN_DIST = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/** The admin's pages run no inline script or style, so they get the strictest policy. */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the admin app at /admin: hashed assets cached for a year, every other path the app's
 * index.html (its router decides), never cached so a new build is picked up at once.
 */
export async function registerAdminApp(
  fastify: FastifyInstance,
  root: string = ADMIN_DIST,
): Promise<void> {
  const built = existsSync(`${root}/index.html`);
  await fastify.register(async (admin) => {
    admin.addHook('onSend', async (_request, reply) => {
      void reply.header('content-security-policy', ADMIN_CSP);
    });
    if (!built) {
      admin.get('/admin', (request, reply) => {
        sendError(ApiException.of(PROBLEMS.adminAppNotBuilt), request, reply);
      });
      admin.get('/admin/*', (request, reply) => {
        sendError(ApiException.of(PROBLEMS.adminAppNotBuilt), request, reply);
      });
      return;
    }
    await admin.register(fastifyStatic, {
      root,
      prefix: '/admin/',
      decorateReply: true,
      wildcard: false,
      // Source maps are never served, even from a build that has them: they would hand out our sources.
      globIgnore: ['**/*.map'],
      index: false,
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const page = (
      _request: unknown,
      reply: { header(name: string, value: string): unknown; sendFile(file: string): unknown },
    ) => {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    };
    admin.get('/admin', page);
    admin.get('/admin/*', (request, reply) => {
      // A missing asset is a 404, not the app's page.
      if (request.url.startsWith('/admin/assets/')) {
        sendError(
          ApiException.of(PROBLEMS.noFile(request.url.split('?')[0] ?? '')),
          request,
          reply,
        );
        return reply;
      }
      return page(request, reply);
    });
  });
}
