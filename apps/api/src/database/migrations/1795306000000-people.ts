/**
 * People who sign in (docs/staff/sign-in.md): a person belongs to one account and has an email, unique
 * whatever its case (`email_key`, the address folded to lower case); a password hash once they have
 * chosen a password (argon2id, `people/passwords.ts`); deactivated, never removed, so the audit
 * trail keeps who they were.
 *
 * Sessions are kept by the SHA-256 of their id (the id itself is only ever in the cookie); they end
 * at sign-out, at a password change or reset, at deactivation (`ended_at`), or by time: 30 minutes
 * after `last_used_at`, 12 hours after `created_at`.
 *
 * One-time links (invitations to an account, password resets) are kept by the SHA-256 of their
 * token too, with when they expire and when they were used.
 *
 * The audit trail takes people and sessions as targets, and the person behind a change
 * (`actor_person_id`) when it came through a session.
 *
 * People and sessions are listed (a person's sessions, an account's people): on PostgreSQL their ids
 * follow transaction ids like every listed table's (ListOrder1795305900000), and `ensure_id_base()`
 * takes them into account. Expand-only: the previous release reads and writes what it knows
 * unchanged (its audit events name targets the new check still allows).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IDS_PER_TRANSACTION, LISTED } from './1795305900000-list-order.js';

export const LISTED_NOW = [...LISTED, 'people', 'sessions'] as const;

const TARGETS = `'pet', 'key', 'account', 'person', 'session'`;

const postgres = [
  `CREATE TABLE people (
    id bigint PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id),
    email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    email_key text NOT NULL UNIQUE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    password_hash text,
    created_at bigint NOT NULL,
    password_changed_at bigint,
    deactivated_at bigint
  )`,
  `CREATE TABLE sessions (
    id bigint PRIMARY KEY,
    person_id bigint NOT NULL REFERENCES people (id),
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at bigint NOT NULL,
    last_used_at bigint NOT NULL,
    ended_at bigint,
    device text NOT NULL,
    address text NOT NULL
  )`,
  `CREATE TABLE person_links (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('invitation', 'reset')),
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    account_id bigint NOT NULL REFERENCES accounts (id),
    email text NOT NULL,
    person_id bigint REFERENCES people (id),
    created_by_account_id bigint REFERENCES accounts (id),
    created_by_person_id bigint REFERENCES people (id),
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint,
    CHECK ((kind = 'reset') = (person_id IS NOT NULL) OR used_at IS NOT NULL)
  )`,
  `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
  `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
     CHECK (target_type IN (${TARGETS}))`,
  `ALTER TABLE audit_events ADD COLUMN actor_person_id bigint REFERENCES people (id)`,
  ...['people', 'sessions'].map(
    (table) =>
      `CREATE TRIGGER list_order BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION list_order()`,
  ),
  ensureIdBase(LISTED_NOW),
];

/** `ensure_id_base()` over `tables`: above the highest id of each (ListOrder1795305900000). */
function ensureIdBase(tables: readonly string[]): string {
  return `CREATE OR REPLACE FUNCTION ensure_id_base() RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     top bigint := greatest(${tables.map((table) => `(SELECT coalesce(max(id), 0) FROM ${table})`).join(', ')});
     wanted bigint;
   BEGIN
     LOCK TABLE id_base IN EXCLUSIVE MODE;
     wanted := top / ${IDS_PER_TRANSACTION} + 1 - pg_current_xact_id()::text::bigint;
     UPDATE id_base SET base = wanted WHERE base < wanted;
     RETURN (SELECT base FROM id_base);
   END $$`;
}

const sqlite = [
  `CREATE TABLE people (
    id integer PRIMARY KEY AUTOINCREMENT,
    account_id integer NOT NULL REFERENCES accounts (id),
    email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    email_key text NOT NULL UNIQUE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    password_hash text,
    created_at integer NOT NULL,
    password_changed_at integer,
    deactivated_at integer
  )`,
  `CREATE TABLE sessions (
    id integer PRIMARY KEY AUTOINCREMENT,
    person_id integer NOT NULL REFERENCES people (id),
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at integer NOT NULL,
    last_used_at integer NOT NULL,
    ended_at integer,
    device text NOT NULL,
    address text NOT NULL
  )`,
  `CREATE TABLE person_links (
    id integer PRIMARY KEY AUTOINCREMENT,
    kind text NOT NULL CHECK (kind IN ('invitation', 'reset')),
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    account_id integer NOT NULL REFERENCES accounts (id),
    email text NOT NULL,
    person_id integer REFERENCES people (id),
    created_by_account_id integer REFERENCES accounts (id),
    created_by_person_id integer REFERENCES people (id),
    created_at integer NOT NULL,
    expires_at integer NOT NULL,
    used_at integer,
    CHECK ((kind = 'reset') = (person_id IS NOT NULL) OR used_at IS NOT NULL)
  )`,
  // SQLite changes no CHECK in place: the audit trail is made again with the wider one, its rows
  // and ids kept.
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
  `INSERT INTO audit_events_new (id, at, actor_account_id, actor_key_id, action, target_type, target_id, changes)
   SELECT id, at, actor_account_id, actor_key_id, action, target_type, target_id, changes FROM audit_events`,
  // The high-water mark of the ids, so no id is handed out again (even one whose row is gone).
  `DELETE FROM sqlite_sequence WHERE name = 'audit_events_new'`,
  `INSERT INTO sqlite_sequence (name, seq)
   SELECT 'audit_events_new', seq FROM sqlite_sequence WHERE name = 'audit_events'`,
  `DROP TABLE audit_events`,
  `ALTER TABLE audit_events_new RENAME TO audit_events`,
  `CREATE INDEX audit_events_target ON audit_events (target_type, target_id, id)`,
  `CREATE INDEX audit_events_actor ON audit_events (actor_account_id, id)`,
];

const indexes = [
  `CREATE INDEX people_account_id ON people (account_id, id)`,
  `CREATE INDEX sessions_person_id ON sessions (person_id, id)`,
  `CREATE INDEX person_links_person_id ON person_links (person_id)`,
  `CREATE INDEX audit_events_actor_person ON audit_events (actor_person_id, id)`,
];

export class People1795306000000 implements MigrationInterface {
  name = 'People1795306000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of [...(isPostgres ? postgres : sqlite), ...indexes])
      await queryRunner.query(statement);
  }

  /**
   * Back to the previous release's schema, but on SQLite the audit trail keeps its wider check and
   * the (then empty) `actor_person_id`: SQLite drops neither in place, and the previous release
   * reads and writes that table unchanged.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    await queryRunner.query(`DROP INDEX audit_events_actor_person`);
    if (isPostgres) {
      await queryRunner.query(`ALTER TABLE audit_events DROP COLUMN actor_person_id`);
      await queryRunner.query(ensureIdBase(LISTED));
      await queryRunner.query(
        `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
      );
      await queryRunner.query(
        `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
           CHECK (target_type IN ('pet', 'key', 'account')) NOT VALID`,
      );
    } else {
      await queryRunner.query(`UPDATE audit_events SET actor_person_id = NULL`);
    }
    for (const table of ['person_links', 'sessions', 'people'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
