import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** `{base_url}`, worked out once per request by the `onRequest` hook (see `baseUrlFor`). */
    baseUrl: string;
  }
}

/** `{base_url}` for absolute URLs: `PUBLIC_URL`, or the request's checked address. */
export const baseUrlOf = (request: FastifyRequest): string => request.baseUrl;
