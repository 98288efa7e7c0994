/**
 * The first schema: accounts, their API keys, pets and idempotency records, on SQLite and
 * PostgreSQL.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const POSTGRES = [
  `CREATE TABLE accounts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    plan text NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
    role text NOT NULL CHECK (role IN ('partner', 'staff')),
    limit_per_minute integer CHECK (limit_per_minute > 0),
    limit_per_day integer CHECK (limit_per_day > 0),
    created_at bigint NOT NULL,
    CHECK ((plan = 'enterprise') = (limit_per_minute IS NOT NULL AND limit_per_day IS NOT NULL))
  )`,
  `CREATE TABLE api_keys (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id),
    label text NOT NULL,
    prefix text NOT NULL,
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at bigint NOT NULL,
    last_used_at bigint,
    revoked_at bigint
  )`,
  `CREATE INDEX api_keys_account_id ON api_keys (account_id)`,
  `CREATE TABLE pets (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    category_id bigint NOT NULL CHECK (category_id BETWEEN 1 AND 9007199254740991),
    status text NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
    created_at bigint NOT NULL
  )`,
  `CREATE INDEX pets_status_id ON pets (status, id)`,
  `CREATE TABLE idempotency_keys (
    account_id bigint NOT NULL REFERENCES accounts (id),
    key text NOT NULL,
    request_hash text NOT NULL,
    pet_id bigint NOT NULL REFERENCES pets (id),
    response_body text NOT NULL,
    created_at bigint NOT NULL,
    PRIMARY KEY (account_id, key)
  )`,
  `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
];

/** SQLite: AUTOINCREMENT so an id is never reused, even after the newest row is deleted. */
const SQLITE = [
  `CREATE TABLE accounts (
    id integer PRIMARY KEY AUTOINCREMENT,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    plan text NOT NULL CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
    role text NOT NULL CHECK (role IN ('partner', 'staff')),
    limit_per_minute integer CHECK (limit_per_minute > 0),
    limit_per_day integer CHECK (limit_per_day > 0),
    created_at integer NOT NULL,
    CHECK ((plan = 'enterprise') = (limit_per_minute IS NOT NULL AND limit_per_day IS NOT NULL))
  )`,
  `CREATE TABLE api_keys (
    id integer PRIMARY KEY AUTOINCREMENT,
    account_id integer NOT NULL REFERENCES accounts (id),
    label text NOT NULL,
    prefix text NOT NULL,
    hash text NOT NULL UNIQUE CHECK (length(hash) = 64),
    created_at integer NOT NULL,
    last_used_at integer,
    revoked_at integer
  )`,
  `CREATE INDEX api_keys_account_id ON api_keys (account_id)`,
  `CREATE TABLE pets (
    id integer PRIMARY KEY AUTOINCREMENT,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    category_id integer NOT NULL CHECK (category_id BETWEEN 1 AND 9007199254740991),
    status text NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
    created_at integer NOT NULL
  )`,
  `CREATE INDEX pets_status_id ON pets (status, id)`,
  `CREATE TABLE idempotency_keys (
    account_id integer NOT NULL REFERENCES accounts (id),
    key text NOT NULL,
    request_hash text NOT NULL,
    pet_id integer NOT NULL REFERENCES pets (id),
    response_body text NOT NULL,
    created_at integer NOT NULL,
    PRIMARY KEY (account_id, key)
  ) WITHOUT ROWID`,
  `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
];

export class InitialSchema1767225600000 implements MigrationInterface {
  name = 'InitialSchema1767225600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = queryRunner.dataSource.options.type === 'postgres' ? POSTGRES : SQLITE;
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['idempotency_keys', 'pets', 'api_keys', 'accounts'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
