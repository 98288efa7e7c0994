/**
 * Store orders (docs/partners/orders.md): an account's order to adopt a pet, `placed`, `approved`,
 * `delivered` or `cancelled`. The engine itself keeps a pet to one open (placed or approved) order:
 * a partial unique index on `pet_id` over the open orders, so of two orders for one pet that get past
 * every check at once, the second insert fails (the API answers it 409, never 500).
 *
 * Orders are listed: on PostgreSQL their ids follow transaction ids like every listed table's
 * (ListOrder1795305900000), with the `list_order` trigger and `ensure_id_base()` made again over
 * every listed table, orders included. The audit trail takes orders as targets.
 *
 * Indexes serve each list an account or staff asks for in id order: by account (a partner's own),
 * by account and status, by status (staff's), by pet (any list with `petId`, a handful of orders per
 * pet at most); staff's unfiltered list reads the primary key.
 *
 * Expand-only: the previous release knows no orders and reads and writes pets unchanged (while both
 * run, it can still change the status of a pet with an open order; only this release refuses that).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureIdBase, LISTED_NOW as LISTED_BEFORE } from './1795306100000-categories.js';

export const LISTED_NOW = [...LISTED_BEFORE, 'orders'] as const;

const TARGETS_BEFORE = `'pet', 'key', 'account', 'person', 'session', 'category'`;
const TARGETS = `${TARGETS_BEFORE}, 'order'`;

const STATUSES = `'placed', 'approved', 'delivered', 'cancelled'`;
/** The open statuses (OPEN_ORDER_STATUSES in the contract, as of this migration). */
const OPEN_STATUSES = `'placed', 'approved'`;

const INDEXES = [
  `CREATE UNIQUE INDEX orders_open_pet ON orders (pet_id) WHERE status IN (${OPEN_STATUSES})`,
  `CREATE INDEX orders_pet_id ON orders (pet_id, id)`,
  `CREATE INDEX orders_account_id ON orders (account_id, id)`,
  `CREATE INDEX orders_account_status_id ON orders (account_id, status, id)`,
  `CREATE INDEX orders_status_id ON orders (status, id)`,
];

const postgres = [
  `CREATE TABLE orders (
    id bigint PRIMARY KEY,
    pet_id bigint NOT NULL REFERENCES pets (id),
    account_id bigint NOT NULL REFERENCES accounts (id),
    status text NOT NULL CHECK (status IN (${STATUSES})),
    placed_at bigint NOT NULL,
    updated_at bigint NOT NULL
  )`,
  ...INDEXES,
  `CREATE TRIGGER list_order BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION list_order()`,
  `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
  `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
     CHECK (target_type IN (${TARGETS}))`,
  ensureIdBase(LISTED_NOW),
  `SELECT ensure_id_base()`,
];

const sqlite = [
  `CREATE TABLE orders (
    id integer PRIMARY KEY AUTOINCREMENT,
    pet_id integer NOT NULL REFERENCES pets (id),
    account_id integer NOT NULL REFERENCES accounts (id),
    status text NOT NULL CHECK (status IN (${STATUSES})),
    placed_at integer NOT NULL,
    updated_at integer NOT NULL
  )`,
  ...INDEXES,
  // SQLite changes no CHECK in place: the audit trail is made again with the wider one, its rows,
  // ids, high-water mark and indexes kept (as Categories1795306100000 did).
  `CREATE TABLE audit_events_new (
    id integer PRIMARY KEY AUTOINCREMENT,
    at integer NOT NULL,
    actor_account_id integer REFERENCES accounts (id),
    actor_key_id integer REFERENCES api_keys (id),
    action text NOT NULL,
    target_type text NOT NULL CHECK (target_type IN (${TARGETS})),
    target_id integer NOT NULL,
    changes text NOT NULL,
    actor_person_id integer REFERENCES people (id)
  )`,
  `INSERT INTO audit_events_new (id, at, actor_account_id, actor_key_id, action, target_type, target_id, changes, actor_person_id)
   SELECT id, at, actor_account_id, actor_key_id, action, target_type, target_id, changes, actor_person_id FROM audit_events`,
  `DELETE FROM sqlite_sequence WHERE name = 'audit_events_new'`,
  `INSERT INTO sqlite_sequence (name, seq)
   SELECT 'audit_events_new', seq FROM sqlite_sequence WHERE name = 'audit_events'`,
  `DROP TABLE audit_events`,
  `ALTER TABLE audit_events_new RENAME TO audit_events`,
  `CREATE INDEX audit_events_target ON audit_events (target_type, target_id, id)`,
  `CREATE INDEX audit_events_actor ON audit_events (actor_account_id, id)`,
  `CREATE INDEX audit_events_actor_person ON audit_events (actor_person_id, id)`,
];

export class StoreOrders1795306200000 implements MigrationInterface {
  name = 'StoreOrders1795306200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);
  }

  /**
   * Back to the previous release's schema, but on SQLite the audit trail keeps its wider check:
   * SQLite drops none in place, and the previous release reads and writes that table unchanged.
   * Order events stay in the trail (on PostgreSQL under a check that no longer validates them).
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    if (isPostgres) {
      await queryRunner.query(ensureIdBase(LISTED_BEFORE));
      await queryRunner.query(
        `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
      );
      await queryRunner.query(
        `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
           CHECK (target_type IN (${TARGETS_BEFORE})) NOT VALID`,
      );
    }
    await queryRunner.query(`DROP TABLE orders`);
  }
}
