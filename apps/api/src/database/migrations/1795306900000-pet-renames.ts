/**
 * A walk in name order never repeats a pet (docs/team/guarantees.md): `pets.named_at` says when a
 * pet's place in name order (`name_key`) last changed, on a clock a page can read in its own
 * statement, so a walk leaves out every pet renamed since its first page.
 *
 * - PostgreSQL: `(base + xid) × 1000` of the transaction that renamed it, in the id space of
 *   `list_order` (ListOrder1795305900000): a rename by a transaction that ended before a page's
 *   snapshot is below that page's `listedBelow`, one still in flight or yet to begin is at or
 *   above it.
 * - SQLite (one writer): one more than the highest `named_at` there is, read through its index.
 *
 * 0 (never renamed) for every pet there is and every pet created: a pet keeps the place it was
 * created at until it is renamed. Set by triggers, so the previous release's renames count too
 * (expand-only: it neither reads nor writes the column).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { IDS_PER_TRANSACTION } from './1795305900000-list-order.js';

const postgres = [
  `ALTER TABLE pets ADD COLUMN named_at bigint NOT NULL DEFAULT 0`,
  `CREATE FUNCTION pets_named_at() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.named_at := ((SELECT base FROM id_base) + pg_current_xact_id()::text::bigint)
       * ${IDS_PER_TRANSACTION};
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER pets_named_at BEFORE UPDATE OF name_key ON pets
   FOR EACH ROW WHEN (NEW.name_key IS DISTINCT FROM OLD.name_key)
   EXECUTE FUNCTION pets_named_at()`,
];

const sqlite = [
  `ALTER TABLE pets ADD COLUMN named_at integer NOT NULL DEFAULT 0`,
  `CREATE INDEX pets_named_at ON pets (named_at)`,
  `CREATE TRIGGER pets_named_at AFTER UPDATE OF name_key ON pets
   WHEN NEW.name_key IS NOT OLD.name_key BEGIN
     UPDATE pets SET named_at = (SELECT max(named_at) FROM pets) + 1 WHERE id = NEW.id;
   END`,
];

export class PetRenames1795306900000 implements MigrationInterface {
  name = 'PetRenames1795306900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'postgres') {
      await queryRunner.query(`DROP TRIGGER pets_named_at ON pets`);
      await queryRunner.query(`DROP FUNCTION pets_named_at()`);
    } else {
      await queryRunner.query(`DROP TRIGGER pets_named_at`);
      await queryRunner.query(`DROP INDEX pets_named_at`);
    }
    await queryRunner.query(`ALTER TABLE pets DROP COLUMN named_at`);
  }
}
