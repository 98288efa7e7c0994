/**
 * Lists never skip on PostgreSQL (docs/team/guarantees.md): the tables listed in pages, the bound
 * a page may show, and the wait after a commit until what it wrote is listed.
 */
import { type RawBuilder, sql } from 'kysely';
import { IDS_PER_TRANSACTION } from './migrations/1795305900000-list-order.js';
import type { Engine } from './statement.js';
import type { Tables } from './tables.js';

/**
 * The tables listed in pages; on PostgreSQL their ids follow transaction ids (ListOrder1795305900000).
 * A new one adds itself here, gets the `list_order` trigger in a migration of its own (losing any
 * identity; `ensure_id_base()` is made again to count its ids) and bounds its pages with
 * {@link listedBelow}; `lists-never-skip.postgres.spec.ts` fails while this and the triggers differ.
 */
export const LISTED_TABLES = [
  'pets',
  'audit_events',
  'people',
  'sessions',
  'categories',
  'orders',
  'passkeys',
  'events',
  'webhook_endpoints',
  'webhook_attempts',
] as const satisfies readonly (keyof Tables)[];

/**
 * What a page may show on PostgreSQL (docs/team/guarantees.md): ids below `(xmin + base) × 1000`, where xmin
 * is the oldest transaction still in flight in the reader's snapshot. Every id below it belongs to a
 * transaction that has ended, so its row is committed and visible, or never will be: a client that
 * pages past a row never misses one that commits later. In the page's own statement, so from the
 * page's snapshot. `undefined` on SQLite, whose ids appear in the order they are handed out (one
 * writer, holding the write lock until it commits).
 */
export function listedBelow(engine: Engine): RawBuilder<number> | undefined {
  if (engine === 'sqlite') return undefined;
  return sql<number>`((SELECT base FROM id_base) + pg_snapshot_xmin(pg_current_snapshot())::text::bigint) * ${sql.lit(IDS_PER_TRANSACTION)}`;
}

/**
 * How long a write on PostgreSQL waits, after its commit, for its rows to be listed (every
 * transaction that was in flight when it committed has ended) before it is acknowledged anyway.
 * A 2xx then means the change is stored and in every list; past this wait, only stored.
 */
export const LISTING_WAIT_MS = 5_000;

/** Waits, server side, until every transaction in flight when it began has ended (or the timeout). */
export const AWAIT_LISTING = `SELECT await_listing(${LISTING_WAIT_MS})`;

/** Keeps new ids above every id handed out (after a restore into a new cluster); run at start. */
export const ENSURE_ID_BASE = 'SELECT ensure_id_base()';
