import { HEADERS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** `{base_url}`, worked out once per request by the `onRequest` hook (see `baseUrlFor`). */
    baseUrl: string;
  }
}

/** `{base_url}` for absolute URLs: `PUBLIC_URL`, or the request's checked address. */
export const baseUrlOf = (request: FastifyRequest): string => request.baseUrl;

/**
 * Sets `Link: <{base_url}{path}?…>; rel="next"` with the query's values in the order given; those
 * that are `undefined` are left out.
 */
export function setNextLink(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
): void {
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) next.set(name, String(value));
  void reply.header(HEADERS.link, `<${baseUrlOf(request)}${path}?${next.toString()}>; rel="next"`);
}
