/**
 * Managing pets (docs/partners/pets.md): who created each pet, pets removed but kept, the name folded
 * to lower case for prefix search, indexes for every filter, and the audit trail. Pets made before
 * ownership was recorded have no owner: they belong to staff.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const postgres = [
  `ALTER TABLE pets ADD COLUMN owner_account_id bigint REFERENCES accounts (id)`,
  `ALTER TABLE pets ADD COLUMN deleted_at bigint`,
  // Compared byte by byte ("C"), so a prefix is a range on both engines.
  `ALTER TABLE pets ADD COLUMN name_key text COLLATE "C" NOT NULL DEFAULT ''`,
  `CREATE TABLE audit_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at bigint NOT NULL,
    actor_account_id bigint REFERENCES accounts (id),
    actor_key_id bigint REFERENCES api_keys (id),
    action text NOT NULL,
    target_type text NOT NULL CHECK (target_type IN ('pet', 'key', 'account')),
    target_id bigint NOT NULL,
    changes text NOT NULL
  )`,
];

const sqlite = [
  `ALTER TABLE pets ADD COLUMN owner_account_id integer REFERENCES accounts (id)`,
  `ALTER TABLE pets ADD COLUMN deleted_at integer`,
  `ALTER TABLE pets ADD COLUMN name_key text NOT NULL DEFAULT ''`,
  `CREATE TABLE audit_events (
    id integer PRIMARY KEY AUTOINCREMENT,
    at integer NOT NULL,
    actor_account_id integer REFERENCES accounts (id),
    actor_key_id integer REFERENCES api_keys (id),
    action text NOT NULL,
    target_type text NOT NULL CHECK (target_type IN ('pet', 'key', 'account')),
    target_id integer NOT NULL,
    changes text NOT NULL
  )`,
];

const indexes = [
  `CREATE INDEX pets_category_id ON pets (category_id, id)`,
  `CREATE INDEX pets_status_category_id ON pets (status, category_id, id)`,
  `CREATE INDEX pets_name_key ON pets (name_key, id)`,
  `CREATE INDEX audit_events_target ON audit_events (target_type, target_id, id)`,
  `CREATE INDEX audit_events_actor ON audit_events (actor_account_id, id)`,
];

/** The name as prefix search compares it, as the API writes it then (pets.repository's `nameKey`). */
const nameKey = (name: string): string => name.toLowerCase();

export class ManagePets1795305700000 implements MigrationInterface {
  name = 'ManagePets1795305700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const isPostgres = queryRunner.dataSource.options.type === 'postgres';
    for (const statement of [...(isPostgres ? postgres : sqlite), ...indexes])
      await queryRunner.query(statement);
    // Folded in JavaScript, as the API folds names and queries (SQL's lower() differs by engine).
    const rows = (await queryRunner.query(`SELECT id, name FROM pets`)) as {
      id: number | string;
      name: string;
    }[];
    const p = (n: number) => (isPostgres ? `$${n}` : '?');
    for (const row of rows)
      await queryRunner.query(`UPDATE pets SET name_key = ${p(1)} WHERE id = ${p(2)}`, [
        nameKey(row.name),
        row.id,
      ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['pets_category_id', 'pets_status_category_id', 'pets_name_key'])
      await queryRunner.query(`DROP INDEX ${index}`);
    await queryRunner.query(`DROP TABLE audit_events`);
    for (const column of ['name_key', 'deleted_at', 'owner_account_id'])
      await queryRunner.query(`ALTER TABLE pets DROP COLUMN ${column}`);
  }
}
