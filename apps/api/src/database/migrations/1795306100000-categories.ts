/**
 * Categories of pets (docs/partners/categories.md): a name unique whatever its case (`name_key`, the name
 * folded as the API folds it), archived rather than ever removed. Every category a pet names
 * already becomes one ("Category N", id N, removed pets included); a new installation, with no
 * pets, starts with a set staff rename or archive.
 *
 * Categories are listed: on PostgreSQL their ids follow transaction ids like every listed table's
 * (ListOrder1795305900000). The seeded ids are written before the `list_order` trigger exists, and
 * `ensure_id_base()` takes the table into account, so new categories get ids above them.
 *
 * A pet's category is counted (`petCount`) from an index of the pets not removed. A pet naming a
 * category id above `SEEDED_ID_MAX` stops the migration (nothing is changed) until it is moved.
 *
 * Expand-only: the previous release reads and writes what it knows unchanged. Pets get no foreign
 * key to categories, since that release may still create pets in any category while both run; the
 * API checks a pet's category itself. Its audit events name targets the wider check still allows.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IDS_PER_TRANSACTION } from './1795305900000-list-order.js';
import { LISTED_NOW as LISTED_BEFORE } from './1795306000000-people.js';

export const LISTED_NOW = [...LISTED_BEFORE, 'categories'] as const;

/** What a new installation starts with, ids 1 to 6 in this order. */
export const STARTER_CATEGORIES = ['Dogs', 'Cats', 'Birds', 'Fish', 'Reptiles', 'Small animals'];

/**
 * The largest category id a pet may name for the migration to make that category. Ids of listed
 * tables on PostgreSQL go on above the highest id of every one of them (`ensure_id_base()`), so a
 * category id near 2^53 would push every new pet, event, person and session past the ids JSON
 * numbers hold. Below 2^52, more than 4 × 10^12 transactions' ids remain.
 */
export const SEEDED_ID_MAX = 2 ** 52;

/** The name as uniqueness compares it, as the API folds it then (categories.repository's). */
const nameKey = (name: string): string => name.normalize('NFC').toLowerCase();

const TARGETS_BEFORE = `'pet', 'key', 'account', 'person', 'session'`;
const TARGETS = `${TARGETS_BEFORE}, 'category'`;

const postgres = [
  `CREATE TABLE categories (
    id bigint PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    name_key text NOT NULL UNIQUE,
    archived boolean NOT NULL DEFAULT false,
    created_at bigint NOT NULL
  )`,
  `ALTER TABLE audit_events DROP CONSTRAINT audit_events_target_type_check`,
  `ALTER TABLE audit_events ADD CONSTRAINT audit_events_target_type_check
     CHECK (target_type IN (${TARGETS}))`,
];

const sqlite = [
  `CREATE TABLE categories (
    id integer PRIMARY KEY AUTOINCREMENT,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    name_key text NOT NULL UNIQUE,
    archived integer NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    created_at integer NOT NULL
  )`,
  // SQLite changes no CHECK in place: the audit trail is made again with the wider one, its rows,
  // ids, high-water mark and indexes kept (as People1795306000000 did).
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

/**
 * A category's `petCount`: its pets not removed, counted from this index alone (the list by
 * category, `pets_category_id`, would read every pet's row to leave out the removed ones). The
 * condition `category_id > 0` is always true (ids start at 1); the count says it and the pets
 * list's statements never do, so neither engine takes this index for a page of pets instead of the
 * indexes that give that page in id order. `deleted_at` (always null in it) is in it so that SQLite
 * counts from the index without reading the rows, as PostgreSQL does.
 */
const PET_COUNT_INDEX = `CREATE INDEX pets_category_live ON pets (category_id, deleted_at)
  WHERE deleted_at IS NULL AND category_id > 0`;

/** `ensure_id_base()` over `tables`: above the highest id of each (ListOrder1795305900000). */
export function ensureIdBase(tables: readonly string[]): string {
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

export class Categories1795306100000 implements MigrationInterface {
  name = 'Categories1795306100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of [...(isPostgres ? postgres : sqlite), PET_COUNT_INDEX])
      await queryRunner.query(statement);

    // Every category a pet names, removed pets' too; or, with no pets yet, the starter set.
    const now = Date.now();
    const named = (await queryRunner.query(
      `SELECT DISTINCT category_id AS id FROM pets ORDER BY category_id`,
    )) as { id: number | string }[];
    const beyond = named.map(({ id }) => Number(id)).filter((id) => id > SEEDED_ID_MAX);
    if (beyond.length > 0)
      throw new Error(
        `Pets are in categories ${beyond.join(', ')}, above ${SEEDED_ID_MAX}: new ids would follow them past what JSON numbers hold. ` +
          'Move those pets to another category (PATCH /v1/pets/{petId} with categoryId, through the running release), then start this release again.',
      );
    const seeded: [number, string][] =
      named.length > 0
        ? named.map(({ id }) => [Number(id), `Category ${Number(id)}`])
        : STARTER_CATEGORIES.map((name, i) => [i + 1, name]);
    const p = (n: number) => (isPostgres ? `$${n}` : '?');
    for (const [id, name] of seeded)
      await queryRunner.query(
        `INSERT INTO categories (id, name, name_key, created_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})`,
        [id, name, nameKey(name), now],
      );
    // SQLite: an explicit id moves the table's AUTOINCREMENT high-water mark above it by itself.

    if (isPostgres) {
      // After the seeded ids: from here on the trigger hands out every id.
      await queryRunner.query(
        `CREATE TRIGGER list_order BEFORE INSERT ON categories FOR EACH ROW EXECUTE FUNCTION list_order()`,
      );
      await queryRunner.query(ensureIdBase(LISTED_NOW));
      await queryRunner.query(`SELECT ensure_id_base()`);
    }
  }

  /**
   * Back to the previous release's schema, but on SQLite the audit trail keeps its wider check:
   * SQLite drops none in place, and the previous release reads and writes that table unchanged.
   * Category events stay in the trail (on PostgreSQL under a check that no longer validates them).
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    await queryRunner.query(`DROP INDEX pets_category_live`);
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
    await queryRunner.query(`DROP TABLE categories`);
  }
}
