/** The NestJS peers' names in the report (peers.ts starts them; targets.ts reads bare NestJS's). */
export const BARE_NEST = 'bare NestJS on Fastify, 20 pets from memory';
export const DOCS_NEST_FASTIFY = 'NestJS from its docs, Fastify, SQLite';
export const DOCS_NEST_EXPRESS = 'NestJS from its docs, Express, SQLite';
