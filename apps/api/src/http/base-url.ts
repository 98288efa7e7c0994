/**
 * The API's own address for absolute URLs (`PUBLIC_URL`, or the checked address of the request),
 * and the `Link: rel="next"` header of a list, with its query written as forms encode it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WIRE_HEADERS } from './wire-headers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** `{base_url}`, worked out once per request by the `onRequest` hook (see `baseUrlFor`). */
    baseUrl: string;
  }
}

export const baseUrlOf = (request: FastifyRequest): string => request.baseUrl;

/** What form encoding leaves as it is (`URLSearchParams` writes these characters unchanged). */
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

/** A query value as `URLSearchParams` writes it; built by hand only when there is nothing to escape. */
export const formEncoded = (value: string): string =>
  FORM_SAFE.test(value) ? value : new URLSearchParams([['', value]]).toString().slice(1);

/** Sets `Link: <{base_url}{path}?…>; rel="next"`, the query's values in order, `undefined` left out. */
export function setNextLink(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
): void {
  let search = '';
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    search += `${search === '' ? '' : '&'}${name}=${formEncoded(String(value))}`;
  }
  void reply.header(WIRE_HEADERS.link, `<${baseUrlOf(request)}${path}?${search}>; rel="next"`);
}
