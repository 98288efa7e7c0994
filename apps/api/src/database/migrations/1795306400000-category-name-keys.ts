/**
 * Category names compared as one name after normalization (docs/partners/categories.md; decisions §19):
 * `categories.name_fold` is the name as `categoryNameKey` gives it (NFKC, default-ignorable code
 * points removed, full case folding), with a unique index on both engines, so of two creates or
 * renames to one name at once the database refuses the second. The keys of existing categories are
 * computed here, in JavaScript (neither engine can): a frozen copy of the function as this release
 * has it, since a migration must not change with the code.
 *
 * Names that are one name under the new comparison but were two under the old one ("Horses" and
 * "ＨＯＲＳＥＳ") are not changed: the category with the lowest id gets the key, the others keep a
 * null `name_fold` (the unique index takes any number of nulls). The API still compares their names
 * (`CategoriesRepository.withName` reads the categories without a key), so no category can be made or
 * renamed to a name one of them has; staff rename them to tell them apart, and a rename gives them
 * their key.
 *
 * Expand-only: the previous release reads and writes what it knows unchanged. `name_key` (the name
 * in NFC lower case) and its unique index stay, and this release writes them too. `name_fold` is
 * nullable: the previous release inserts without it (null). Its rename does not write it either, so
 * a trigger makes the key null when `name` changes and `name_fold` does not, rather than keep the
 * key of a name the category no longer has; this release's rename of a category to a name with the
 * same key (a change of case) writes null first, then the key. The audit trail is not touched.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const withoutIgnorables = (text: string): string => text.replace(DEFAULT_IGNORABLE, '');
const foldCase = (character: string): string =>
  character === '\u0131' ? character : character.toLowerCase().toUpperCase().toLowerCase();

/** `categoryNameKey` as this release has it (libs/contract/src/category.schema.ts). */
export const nameFold = (name: string): string =>
  withoutIgnorables(
    Array.from(withoutIgnorables(name).normalize('NFKC'), foldCase).join('').normalize('NFKC'),
  );

const INDEX = `CREATE UNIQUE INDEX categories_name_fold ON categories (name_fold)`;

const postgres = [
  `ALTER TABLE categories ADD COLUMN name_fold text COLLATE "C"`,
  `CREATE FUNCTION categories_name_fold_stale() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.name_fold := NULL;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER name_fold_stale BEFORE UPDATE ON categories FOR EACH ROW
     WHEN (NEW.name IS DISTINCT FROM OLD.name AND NEW.name_fold IS NOT DISTINCT FROM OLD.name_fold)
     EXECUTE FUNCTION categories_name_fold_stale()`,
];

const sqlite = [
  `ALTER TABLE categories ADD COLUMN name_fold text`,
  // SQLite changes no NEW row before an update: the row is updated again after it.
  `CREATE TRIGGER categories_name_fold_stale AFTER UPDATE ON categories FOR EACH ROW
     WHEN NEW.name IS NOT OLD.name AND NEW.name_fold IS OLD.name_fold AND NEW.name_fold IS NOT NULL
     BEGIN
       UPDATE categories SET name_fold = NULL WHERE id = NEW.id;
     END`,
];

export class CategoryNameKeys1795306400000 implements MigrationInterface {
  name = 'CategoryNameKeys1795306400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    const p = (n: number) => (isPostgres ? `$${n}` : '?');
    for (const statement of isPostgres ? postgres : sqlite) await queryRunner.query(statement);

    // In ascending id: of names that are now one, the oldest category keeps the key.
    const rows = (await queryRunner.query(`SELECT id, name FROM categories ORDER BY id`)) as {
      id: number | string;
      name: string;
    }[];
    const keyed = new Set<string>();
    for (const { id, name } of rows) {
      const key = nameFold(name);
      if (keyed.has(key)) continue;
      keyed.add(key);
      await queryRunner.query(`UPDATE categories SET name_fold = ${p(1)} WHERE id = ${p(2)}`, [
        key,
        Number(id),
      ]);
    }
    await queryRunner.query(INDEX);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    await queryRunner.query(`DROP INDEX categories_name_fold`);
    if (isPostgres) {
      await queryRunner.query(`DROP TRIGGER name_fold_stale ON categories`);
      await queryRunner.query(`DROP FUNCTION categories_name_fold_stale()`);
    } else {
      await queryRunner.query(`DROP TRIGGER categories_name_fold_stale`);
    }
    await queryRunner.query(`ALTER TABLE categories DROP COLUMN name_fold`);
  }
}
