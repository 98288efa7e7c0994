/**
 * Passkeys (docs/staff/sign-in.md): a person's WebAuthn credentials, each by its credential id (base64url,
 * unique), with its public key (COSE, as the authenticator gave it), its signature counter, the
 * transports the browser named, the name the person gave it, when it was added and last signed in.
 * Nothing secret is stored: the private key never leaves the authenticator.
 *
 * Challenges are kept by the SHA-256 of the challenge only, with what they are for (`add`, for one
 * person; `sign_in`, for anyone) and when they expire: the transaction that accepts an answer
 * deletes its challenge, so a challenge is answered once on any number of instances.
 *
 * A person gets a stable opaque WebAuthn user id (`people.passkey_user_id`, random, made when they
 * first add a passkey): what authenticators file their passkeys under, never the email.
 *
 * Passkeys are listed (a person's own, in pages): on PostgreSQL their ids follow transaction ids like
 * every listed table's (ListOrder1795305900000), with the `list_order` trigger and `ensure_id_base()`
 * made again over every listed table. The audit trail takes passkeys as targets.
 *
 * Expand-only: the previous release knows no passkeys, reads and writes people unchanged (the new
 * column is nullable) and signs in with passwords as before.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureIdBase } from './1795306100000-categories.js';
import { LISTED_NOW as LISTED_BEFORE } from './1795306200000-store-orders.js';

export const LISTED_NOW = [...LISTED_BEFORE, 'passkeys'] as const;

const TARGETS_BEFORE = `'pet', 'key', 'account', 'person', 'session', 'category', 'order'`;
const TARGETS = `${TARGETS_BEFORE}, 'passkey'`;

const PURPOSES = `'add', 'sign_in'`;

const INDEXES = [
  `CREATE INDEX passkeys_person_id ON passkeys (person_id, id)`,
  `CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at)`,
];

const postgres = [
  `CREATE TABLE passkeys (
    id bigint PRIMARY KEY,
    person_id bigint NOT NULL REFERENCES people (id),
    credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1366),
    public_key bytea NOT NULL,
    counter bigint NOT NULL CHECK (counter >= 0),
    transports text NOT NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at bigint NOT NULL,
    last_used_at bigint
  )`,
  `CREATE TABLE passkey_challenges (
    hash text PRIMARY KEY CHECK (length(hash) = 64),
    purpose text NOT NULL CHECK (purpose IN (${PURPOSES})),
    person_id bigint REFERENCES people (id),
    expires_at bigint NOT NULL,
    CHECK ((purpose = 'add') = (person_id IS NOT NULL))
  )`,
  `ALTER TABLE people ADD COLUMN passkey_user_id text UNIQUE`,
  ...INDEXES,
  `CREATE TRIGGER list_order BEFORE INSERT ON passkeys FOR EACH ROW EXECUTE FUNCTION list_order()`,
  `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
  `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
     CHECK (target_type IN (${TARGETS}))`,
  ensureIdBase(LISTED_NOW),
  `SELECT ensure_id_base()`,
];

const sqlite = [
  `CREATE TABLE passkeys (
    id integer PRIMARY KEY AUTOINCREMENT,
    person_id integer NOT NULL REFERENCES people (id),
    credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1366),
    public_key blob NOT NULL,
    counter integer NOT NULL CHECK (counter >= 0),
    transports text NOT NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at integer NOT NULL,
    last_used_at integer
  )`,
  `CREATE TABLE passkey_challenges (
    hash text PRIMARY KEY CHECK (length(hash) = 64),
    purpose text NOT NULL CHECK (purpose IN (${PURPOSES})),
    person_id integer REFERENCES people (id),
    expires_at integer NOT NULL,
    CHECK ((purpose = 'add') = (person_id IS NOT NULL))
  )`,
  // SQLite adds no UNIQUE column in place: the index makes it so.
  `ALTER TABLE people ADD COLUMN passkey_user_id text`,
  `CREATE UNIQUE INDEX people_passkey_user_id ON people (passkey_user_id)`,
  ...INDEXES,
  // SQLite changes no CHECK in place: the audit trail is made again with the wider one, its rows,
  // ids, high-water mark and indexes kept (as StoreOrders1795306200000 did).
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

export class Passkeys1795306300000 implements MigrationInterface {
  name = 'Passkeys1795306300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);
  }

  /**
   * Back to the previous release's schema, but on SQLite the audit trail keeps its wider check:
   * SQLite drops none in place, and the previous release reads and writes that table unchanged.
   * Passkey events stay in the trail (on PostgreSQL under a check that no longer validates them).
   * People whose password was removed keep none: a staff reset link gives them one.
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
    } else {
      await queryRunner.query(`DROP INDEX people_passkey_user_id`);
    }
    await queryRunner.query(`ALTER TABLE people DROP COLUMN passkey_user_id`);
    await queryRunner.query(`DROP TABLE passkey_challenges`);
    await queryRunner.query(`DROP TABLE passkeys`);
  }
}
