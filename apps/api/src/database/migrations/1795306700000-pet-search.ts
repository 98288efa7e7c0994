/**
 * Searching pets by name (`q` on GET /v1/pets, docs/partners/pets.md): `pets.search_text` is the
 * name as `searchText` gives it (folded words, each between two spaces), written by this release
 * with every name, and indexed on each engine without a scan of the pets:
 *
 * - SQLite: `pets_search`, an FTS5 trigram index of `search_text` (external content: the pets
 *   table), kept by triggers in the transaction of every write to the column. A word of the query is
 *   a phrase: `"cuit"` anywhere, `"  jr"` (two spaces first) at the start of a word.
 * - PostgreSQL: a GIN index of `pets_search_grams(search_text)`, a tsvector of the start of every
 *   word (`^j`, `^jr`) and every three characters in a word (`cui`). It is built from code points
 *   alone, so it reads every script the same under any locale (pg_trgm's trigrams take only what
 *   the database's LC_CTYPE calls letters). A query's grams find candidates and `LIKE` confirms.
 *
 * The keys of existing pets are computed here, in JavaScript (neither engine folds as the API
 * does): a frozen copy of the function as this release has it, since a migration must not change
 * with the code.
 *
 * Expand-only: the previous release neither reads nor writes `search_text` (default `''`), so a pet
 * it creates or renames is found by `q` only once this release writes its name again.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const NONSPACING_MARKS = /\p{Mn}/gu;
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u;
const foldCase = (character: string): string => character.toUpperCase().toLowerCase();

/** `searchText` as this release has it (libs/contract/src/search.ts). */
export const searchTextOf = (name: string): string => {
  const bare = name.normalize('NFKD').replace(NONSPACING_MARKS, '');
  const folded = Array.from(bare, foldCase).join('').normalize('NFKC');
  const words = folded.split(NOT_WORD).filter((word) => word !== '');
  return words.length === 0 ? '' : `  ${words.join('  ')}  `;
};

const postgres = {
  column: `ALTER TABLE pets ADD COLUMN search_text text NOT NULL DEFAULT ''`,
  index: [
    // Immutable: code points only, no locale, no search_path (every name is pg_catalog's).
    `CREATE FUNCTION pets_search_grams(text) RETURNS tsvector
       LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
       SELECT pg_catalog.array_to_tsvector(COALESCE(pg_catalog.array_agg(DISTINCT gram), '{}'))
         FROM pg_catalog.unnest(pg_catalog.string_to_array($1, '  ')) AS word,
           LATERAL (
             SELECT '^' || pg_catalog.left(word, 1)
             UNION ALL SELECT '^' || pg_catalog.left(word, 2)
               WHERE pg_catalog.char_length(word) >= 2
             UNION ALL SELECT pg_catalog.substr(word, i, 3)
               FROM pg_catalog.generate_series(1, pg_catalog.char_length(word) - 2) AS i
           ) AS grams (gram)
        WHERE word <> ''
       $$`,
    `CREATE INDEX pets_search ON pets USING gin (pets_search_grams(search_text))`,
  ],
};

const sqlite = {
  column: `ALTER TABLE pets ADD COLUMN search_text text NOT NULL DEFAULT ''`,
  index: [
    `CREATE VIRTUAL TABLE pets_search USING fts5(
       search_text, content = 'pets', content_rowid = 'id', tokenize = 'trigram'
     )`,
    `INSERT INTO pets_search (pets_search) VALUES ('rebuild')`,
    `CREATE TRIGGER pets_search_insert AFTER INSERT ON pets BEGIN
       INSERT INTO pets_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
     END`,
    `CREATE TRIGGER pets_search_update AFTER UPDATE OF search_text ON pets BEGIN
       INSERT INTO pets_search (pets_search, rowid, search_text)
         VALUES ('delete', OLD.id, OLD.search_text);
       INSERT INTO pets_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
     END`,
    `CREATE TRIGGER pets_search_delete AFTER DELETE ON pets BEGIN
       INSERT INTO pets_search (pets_search, rowid, search_text)
         VALUES ('delete', OLD.id, OLD.search_text);
     END`,
  ],
};

export class PetSearch1795306700000 implements MigrationInterface {
  name = 'PetSearch1795306700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    const p = (n: number) => (isPostgres ? `$${n}` : '?');
    const { column, index } = isPostgres ? postgres : sqlite;
    await queryRunner.query(column);
    // Every pet, removed ones too (a removed pet is never listed, but its row stays consistent).
    const rows = (await queryRunner.query(`SELECT id, name FROM pets`)) as {
      id: number | string;
      name: string;
    }[];
    for (const { id, name } of rows) {
      const text = searchTextOf(name);
      if (text === '') continue;
      await queryRunner.query(`UPDATE pets SET search_text = ${p(1)} WHERE id = ${p(2)}`, [
        text,
        Number(id),
      ]);
    }
    for (const statement of index) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type === 'postgres') {
      await queryRunner.query(`DROP INDEX pets_search`);
      await queryRunner.query(`DROP FUNCTION pets_search_grams(text)`);
    } else {
      for (const trigger of ['insert', 'update', 'delete'])
        await queryRunner.query(`DROP TRIGGER pets_search_${trigger}`);
      await queryRunner.query(`DROP TABLE pets_search`);
    }
    await queryRunner.query(`ALTER TABLE pets DROP COLUMN search_text`);
  }
}
