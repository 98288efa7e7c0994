/**
 * The contract's header names in lower case, as Fastify keeps them on a reply.
 */
import { HEADERS } from '@pets/contract';

/** Set so, they are not lower-cased again, a new string each, on every answer. */
export const WIRE_HEADERS = Object.freeze(
  Object.fromEntries(Object.entries(HEADERS).map(([key, name]) => [key, name.toLowerCase()])),
) as { readonly [K in keyof typeof HEADERS]: Lowercase<(typeof HEADERS)[K]> };
