/**
 * Webhook endpoints (decisions §22, docs/partners/webhooks.md): an account's URLs that events are
 * sent to, each with the event types it takes (a JSON array, in `EventType` order), whether it is
 * enabled and why not, and its signing secrets.
 *
 * A signing secret signs deliveries, so it cannot be hashed: it is stored encrypted
 * (AES-256-GCM under `WEBHOOK_SECRETS_KEY`, `webhooks/webhook-secrets.ts`), with its first
 * characters in clear to tell secrets apart. After a roll the previous secret's ciphertext is kept
 * until it stops signing (`previous_secret_expires_at`). A deleted endpoint keeps its row for the
 * audit trail (`deleted_at`), with both secrets gone.
 *
 * Endpoints are listed (an account's, in pages): on PostgreSQL their ids follow transaction ids
 * like every listed table's (ListOrder1795305900000), with the `list_order` trigger and
 * `ensure_id_base()` made again over every listed table. The audit trail takes them as targets.
 *
 * Expand-only: a new table the previous release never reads; the audit trail's wider check lets
 * the previous release write what it always wrote.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureIdBase } from './1795306100000-categories.js';
import { LISTED_NOW as LISTED_BEFORE } from './1795307100000-events.js';

export const LISTED_NOW = [...LISTED_BEFORE, 'webhook_endpoints'] as const;

const TARGETS_BEFORE = `'pet', 'key', 'account', 'person', 'session', 'category', 'order', 'passkey'`;
const TARGETS = `${TARGETS_BEFORE}, 'webhook'`;

/** The columns' own rules, the same on both engines. */
const CHECKS = `
    CHECK (length(url) BETWEEN 1 AND 2048),
    CHECK (status IN ('enabled', 'disabled')),
    CHECK (disabled_reason IN ('requested', 'failing', 'gone')),
    CHECK ((status = 'disabled') = (disabled_reason IS NOT NULL)),
    CHECK (deleted_at IS NOT NULL OR secret_ciphertext IS NOT NULL),
    CHECK ((previous_secret_ciphertext IS NULL) = (previous_secret_expires_at IS NULL))`;

// An account's endpoints not deleted, in id order: its pages, and the count against the cap.
const INDEX = `CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id, id) WHERE deleted_at IS NULL`;

const postgres = [
  `CREATE TABLE webhook_endpoints (
    id bigint PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id),
    url text NOT NULL,
    events text NOT NULL,
    status text NOT NULL,
    disabled_reason text,
    secret_ciphertext text,
    secret_prefix text NOT NULL,
    previous_secret_ciphertext text,
    previous_secret_expires_at bigint,
    created_at bigint NOT NULL,
    deleted_at bigint,${CHECKS}
  )`,
  INDEX,
  `CREATE TRIGGER list_order BEFORE INSERT ON webhook_endpoints FOR EACH ROW EXECUTE FUNCTION list_order()`,
  `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
  `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
     CHECK (target_type IN (${TARGETS}))`,
  ensureIdBase(LISTED_NOW),
  `SELECT ensure_id_base()`,
];

const sqlite = [
  `CREATE TABLE webhook_endpoints (
    id integer PRIMARY KEY AUTOINCREMENT,
    account_id integer NOT NULL REFERENCES accounts (id),
    url text NOT NULL,
    events text NOT NULL,
    status text NOT NULL,
    disabled_reason text,
    secret_ciphertext text,
    secret_prefix text NOT NULL,
    previous_secret_ciphertext text,
    previous_secret_expires_at integer,
    created_at integer NOT NULL,
    deleted_at integer,${CHECKS}
  )`,
  INDEX,
  // SQLite changes no CHECK in place: the audit trail is made again with the wider one, its rows,
  // ids, high-water mark and indexes kept (as Passkeys1795306300000 did).
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

export class WebhookEndpoints1795307200000 implements MigrationInterface {
  name = 'WebhookEndpoints1795307200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);
  }

  /**
   * Back to the previous release's schema, but on SQLite the audit trail keeps its wider check
   * (SQLite drops none in place). Webhook events stay in the trail (on PostgreSQL under a check
   * that no longer validates them).
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'postgres') {
      await queryRunner.query(ensureIdBase(LISTED_BEFORE));
      await queryRunner.query(
        `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
      );
      await queryRunner.query(
        `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
           CHECK (target_type IN (${TARGETS_BEFORE})) NOT VALID`,
      );
    }
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
