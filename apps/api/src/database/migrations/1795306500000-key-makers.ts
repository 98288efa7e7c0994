/**
 * Who made each API key, and one-time links ended before their use (docs/staff/sign-in.md).
 *
 * `api_keys.created_by_person_id`: the person signed in who made the key; deactivating them revokes
 * it. `api_keys.created_by_key_id`: the key that made it (a program, `POST /account/keys`). Both
 * null: the command-line tool made it, or it was made before this migration (or by the previous
 * release), when nobody recorded who made keys; the API shows either as `cli`.
 *
 * `person_links.ended_at`: when a link was ended before it was used: an invitation revoked by staff or
 * by its maker's deactivation, a reset link ended by a newer one, a reset or a password change. The
 * transaction that ends a link also brings its `expires_at` down to that instant, so the previous
 * release, which knows no `ended_at`, refuses it as past its time.
 *
 * Expand-only: the new columns are nullable, and the previous release reads and writes both tables
 * unchanged (its keys are made with neither maker, its links never ended).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const INDEXES = [
  `CREATE INDEX api_keys_created_by_person_id ON api_keys (created_by_person_id)`,
  `CREATE INDEX person_links_created_by_person_id ON person_links (created_by_person_id)`,
  `CREATE INDEX person_links_account_id ON person_links (account_id, id)`,
];

const postgres = [
  `ALTER TABLE api_keys ADD COLUMN created_by_person_id bigint REFERENCES people (id)`,
  `ALTER TABLE api_keys ADD COLUMN created_by_key_id bigint REFERENCES api_keys (id)`,
  `ALTER TABLE person_links ADD COLUMN ended_at bigint`,
  ...INDEXES,
];

/** SQLite's: the two columns of api_keys only where a migration down left them (see `down`). */
const sqlite = (keyColumns: readonly string[]) => [
  ...(keyColumns.includes('created_by_person_id')
    ? []
    : [`ALTER TABLE api_keys ADD COLUMN created_by_person_id integer REFERENCES people (id)`]),
  ...(keyColumns.includes('created_by_key_id')
    ? []
    : [`ALTER TABLE api_keys ADD COLUMN created_by_key_id integer REFERENCES api_keys (id)`]),
  `ALTER TABLE person_links ADD COLUMN ended_at integer`,
  ...INDEXES,
];

export class KeyMakers1795306500000 implements MigrationInterface {
  name = 'KeyMakers1795306500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    const statements = isPostgres
      ? postgres
      : sqlite(
          ((await queryRunner.query(`PRAGMA table_info(api_keys)`)) as { name: string }[]).map(
            (column) => column.name,
          ),
        );
    for (const statement of statements) await queryRunner.query(statement);
  }

  /**
   * Back to the previous release's schema. On SQLite the two columns of api_keys stay (SQLite drops
   * no column a foreign key names), null for every key the previous release makes, which it never
   * reads; migrating up again keeps them. Links ended stay refused: their `expires_at` was brought down when they ended.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const index of [
      'api_keys_created_by_person_id',
      'person_links_created_by_person_id',
      'person_links_account_id',
    ])
      await queryRunner.query(`DROP INDEX ${index}`);
    await queryRunner.query(`ALTER TABLE person_links DROP COLUMN ended_at`);
    if (isPostgres) {
      await queryRunner.query(`ALTER TABLE api_keys DROP COLUMN created_by_key_id`);
      await queryRunner.query(`ALTER TABLE api_keys DROP COLUMN created_by_person_id`);
    }
  }
}
