import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ENGINES,
  type Engine,
  freshDatabaseUrl,
  type TestApp,
} from '../../test/test-app.js';
import type { AppConfig } from '../config/config.js';
import { dataSourceOptions, MIGRATIONS } from './data-source.js';
import type { Tables } from './tables.js';

type Nullability<Row> = { [Column in keyof Row]-?: null extends Row[Column] ? 'null' : 'not null' };

/** What `Tables` says of each column; the compiler keeps it equal to `Tables`, column by column. */
const TYPED: { [Table in keyof Tables]: Nullability<Tables[Table]> } = {
  accounts: {
    id: 'not null',
    name: 'not null',
    plan: 'not null',
    role: 'not null',
    limit_per_minute: 'null',
    limit_per_day: 'null',
    created_at: 'not null',
  },
  api_keys: {
    id: 'not null',
    account_id: 'not null',
    label: 'not null',
    prefix: 'not null',
    hash: 'not null',
    created_at: 'not null',
    last_used_at: 'null',
    revoked_at: 'null',
  },
  pets: {
    id: 'not null',
    name: 'not null',
    category_id: 'not null',
    status: 'not null',
    created_at: 'not null',
    owner_account_id: 'null',
    deleted_at: 'null',
    name_key: 'not null',
  },
  audit_events: {
    id: 'not null',
    at: 'not null',
    actor_account_id: 'null',
    actor_key_id: 'null',
    action: 'not null',
    target_type: 'not null',
    target_id: 'not null',
    changes: 'not null',
  },
  idempotency_keys: {
    account_id: 'not null',
    key: 'not null',
    request_hash: 'not null',
    response_body: 'not null',
    created_at: 'not null',
  },
};

/** Each table's columns as the migrated database has them. */
async function migratedColumns(
  dataSource: DataSource,
): Promise<Record<string, Record<string, string>>> {
  const tables: Record<string, Record<string, string>> = {};
  for (const table of Object.keys(TYPED)) {
    const rows =
      dataSource.options.type === 'postgres'
        ? await dataSource.query<{ name: string; nullable: boolean }[]>(
            `SELECT column_name AS name, is_nullable = 'YES' AS nullable
               FROM information_schema.columns WHERE table_name = $1`,
            [table],
          )
        : (
            await dataSource.query<{ name: string; notnull: number; pk: number }[]>(
              `SELECT name, "notnull", pk FROM pragma_table_info(?)`,
              [table],
            )
          ).map((row) => ({ name: row.name, nullable: row.notnull === 0 && row.pk === 0 }));
    tables[table] = Object.fromEntries(
      rows.map((row) => [row.name, row.nullable ? 'null' : 'not null']),
    );
  }
  return tables;
}

describe.each(ENGINES)('the schema on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is what the statements are typed against: every column, and whether it takes null', async () => {
    expect(await migratedColumns(t.app.get(DataSource))).toEqual(TYPED);
  });
});

const databaseOf = (engine: Engine, url: string): AppConfig['database'] =>
  engine === 'sqlite'
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : { kind: 'postgres', url };

async function migrate(
  database: AppConfig['database'],
  migrations: typeof MIGRATIONS,
): Promise<DataSource> {
  const dataSource = new DataSource({ ...dataSourceOptions(database), migrations });
  await dataSource.initialize();
  return dataSource;
}

describe.each(ENGINES)('migrating an existing database on %s', (engine) => {
  it('keeps every idempotency record and pet, folding pet names for search', async () => {
    const { url, dir } = await freshDatabaseUrl(engine);
    const database = databaseOf(engine, url);
    const p = (n: number) => (engine === 'postgres' ? `$${n}` : '?');
    try {
      // The database as the first release left it, with a record in it.
      const before = await migrate(database, MIGRATIONS.slice(0, 1));
      await before.query(
        `INSERT INTO accounts (name, plan, role, created_at) VALUES ('Acme', 'free', 'partner', 1)`,
      );
      await before.query(
        `INSERT INTO pets (name, category_id, status, created_at) VALUES ('Rex', 1, 'available', 1)`,
      );
      await before.query(
        `INSERT INTO idempotency_keys (account_id, key, request_hash, pet_id, response_body, created_at)
         VALUES (1, ${p(1)}, ${p(2)}, 1, ${p(3)}, 5)`,
        ['key-1', 'a'.repeat(64), '{"id":1,"name":"Rex","categoryId":1,"status":"available"}'],
      );
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        expect(await after.query(`SELECT * FROM idempotency_keys`)).toEqual([
          {
            account_id: 1,
            key: 'key-1',
            request_hash: 'a'.repeat(64),
            response_body: '{"id":1,"name":"Rex","categoryId":1,"status":"available"}',
            created_at: 5,
          },
        ]);
        expect((await migratedColumns(after)).idempotency_keys).toEqual(TYPED.idempotency_keys);
        // Pets from before ownership belong to staff (no owner), and their names can be searched.
        expect(
          await after.query(`SELECT name, name_key, owner_account_id, deleted_at FROM pets`),
        ).toEqual([{ name: 'Rex', name_key: 'rex', owner_account_id: null, deleted_at: null }]);
        // The index the purge uses is back.
        const indexes =
          engine === 'postgres'
            ? await after.query<{ name: string }[]>(
                `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'idempotency_keys'`,
              )
            : await after.query<{ name: string }[]>(
                `SELECT name FROM pragma_index_list('idempotency_keys')`,
              );
        expect(indexes.map((index) => index.name)).toContain('idempotency_keys_created_at');
      } finally {
        await after.destroy();
      }
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });
});
