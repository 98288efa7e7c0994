/**
 * Events (decisions §22, docs/partners/events.md): every change to the catalogue and to orders is
 * also a row here, written in the transaction of the change beside its audit event (an outbox):
 * its type, when, the object after the change (JSON) and who may read it (`account_id`: null for
 * the catalogue, every account; an order's events, its account's and staff's only).
 *
 * Events are listed in ascending id, never skipping: on PostgreSQL their ids follow transaction ids
 * like every listed table's (ListOrder1795305900000), with the `list_order` trigger and
 * `ensure_id_base()` made again over every listed table. They are kept 30 days (`created_at`).
 *
 * Expand-only: a new table the previous release does not know; its writes simply record no events.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureIdBase } from './1795306100000-categories.js';
import { LISTED_NOW as LISTED_BEFORE } from './1795306300000-passkeys.js';

export const LISTED_NOW = [...LISTED_BEFORE, 'events'] as const;

const INDEXES = [
  // A partner's page: the catalogue's events and its own orders', in id order.
  `CREATE INDEX events_account_id ON events (account_id, id)`,
  // The daily removal of events past 30 days.
  `CREATE INDEX events_created_at ON events (created_at)`,
];

const postgres = [
  `CREATE TABLE events (
    id bigint PRIMARY KEY,
    type text NOT NULL CHECK (length(type) BETWEEN 1 AND 64),
    created_at bigint NOT NULL,
    account_id bigint REFERENCES accounts (id),
    data text NOT NULL
  )`,
  ...INDEXES,
  `CREATE TRIGGER list_order BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION list_order()`,
  ensureIdBase(LISTED_NOW),
  `SELECT ensure_id_base()`,
];

const sqlite = [
  `CREATE TABLE events (
    id integer PRIMARY KEY AUTOINCREMENT,
    type text NOT NULL CHECK (length(type) BETWEEN 1 AND 64),
    created_at integer NOT NULL,
    account_id integer REFERENCES accounts (id),
    data text NOT NULL
  )`,
  ...INDEXES,
];

export class Events1795307100000 implements MigrationInterface {
  name = 'Events1795307100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'postgres')
      await queryRunner.query(ensureIdBase(LISTED_BEFORE));
    await queryRunner.query(`DROP TABLE events`);
  }
}
