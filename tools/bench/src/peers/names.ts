/** The NestJS peers' names in the report (peers.ts starts them; targets.ts reads bare NestJS's). */
export const BARE_NEST = 'bare NestJS on Fastify, 20 pets from memory';
export const DOCS_NEST_FASTIFY = 'NestJS from its docs, Fastify, SQLite';
export const DOCS_NEST_EXPRESS = 'NestJS from its docs, Express, SQLite';
/**
 * Our `/healthz`, measured again in the peers' rotation: the first target compares it with
 * bare NestJS measured in the same turns, not with the peer's figure from minutes later.
 */
export const OUR_HEALTHZ_BESIDE_PEERS = 'ours: GET /healthz (public, no key), in the same turns';
