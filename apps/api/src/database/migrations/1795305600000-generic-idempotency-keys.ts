/**
 * Migration: idempotency records keep the first response of any operation, no longer naming a pet.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency records stop naming a pet: the record keeps the first response, whatever the
 * operation made. SQLite cannot drop a column that a foreign key uses, so it copies the table.
 */
const POSTGRES = [`ALTER TABLE idempotency_keys DROP COLUMN pet_id`];

const SQLITE = [
  `CREATE TABLE idempotency_keys_new (
    account_id integer NOT NULL REFERENCES accounts (id),
    key text NOT NULL,
    request_hash text NOT NULL,
    response_body text NOT NULL,
    created_at integer NOT NULL,
    PRIMARY KEY (account_id, key)
  ) WITHOUT ROWID`,
  `INSERT INTO idempotency_keys_new (account_id, key, request_hash, response_body, created_at)
    SELECT account_id, key, request_hash, response_body, created_at FROM idempotency_keys`,
  `DROP TABLE idempotency_keys`,
  `ALTER TABLE idempotency_keys_new RENAME TO idempotency_keys`,
  `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
];

export class GenericIdempotencyKeys1795305600000 implements MigrationInterface {
  name = 'GenericIdempotencyKeys1795305600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = queryRunner.dataSource.options.type === 'postgres' ? POSTGRES : SQLITE;
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The records' pets are not kept, so going back empties the table (records last 24 hours).
    const postgres = queryRunner.dataSource.options.type === 'postgres';
    const id = postgres ? 'bigint' : 'integer';
    await queryRunner.query(`DROP TABLE idempotency_keys`);
    await queryRunner.query(`CREATE TABLE idempotency_keys (
      account_id ${id} NOT NULL REFERENCES accounts (id),
      key text NOT NULL,
      request_hash text NOT NULL,
      pet_id ${id} NOT NULL REFERENCES pets (id),
      response_body text NOT NULL,
      created_at ${id} NOT NULL,
      PRIMARY KEY (account_id, key)
    )${postgres ? '' : ' WITHOUT ROWID'}`);
    await queryRunner.query(
      `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
    );
  }
}
