// The migrated schema is what the statements are typed against on both engines, and migrating an
// existing database keeps its data.
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
import { AWAIT_LISTING } from './list-order.js';
import { Categories1795306100000, SEEDED_ID_MAX } from './migrations/1795306100000-categories.js';
import { CategoryNameKeys1795306400000 } from './migrations/1795306400000-category-name-keys.js';
import { People1795306000000 } from './migrations/1795306000000-people.js';
import { KeyMakers1795306500000 } from './migrations/1795306500000-key-makers.js';
import { StoreOrders1795306200000 } from './migrations/1795306200000-store-orders.js';
import { PetRenames1795306900000 } from './migrations/1795306900000-pet-renames.js';
import type { Tables } from './tables.js';
import { PostgresDatabase, SqliteDatabase } from './database.js';
import { CategoriesRepository } from '../categories/categories.repository.js';
import { PetsRepository } from '../pets/pets.repository.js';

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
    limit_open_orders: 'null',
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
    created_by_person_id: 'null',
    created_by_key_id: 'null',
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
    search_text: 'not null',
    named_at: 'not null',
  },
  categories: {
    id: 'not null',
    name: 'not null',
    name_key: 'not null',
    name_fold: 'null',
    archived: 'not null',
    created_at: 'not null',
  },
  orders: {
    id: 'not null',
    pet_id: 'not null',
    account_id: 'not null',
    status: 'not null',
    placed_at: 'not null',
    updated_at: 'not null',
  },
  pet_profiles: { pet_id: 'not null', profile: 'not null', updated_at: 'not null' },
  pet_photos: {
    id: 'not null',
    pet_id: 'not null',
    position: 'not null',
    key: 'not null',
    width: 'not null',
    height: 'not null',
    thumbhash: 'not null',
    created_at: 'not null',
    removed_at: 'null',
  },
  pet_photo_images: { key: 'not null', size: 'not null', bytes: 'not null', etag: 'not null' },
  audit_events: {
    id: 'not null',
    at: 'not null',
    actor_account_id: 'null',
    actor_key_id: 'null',
    action: 'not null',
    target_type: 'not null',
    target_id: 'not null',
    changes: 'not null',
    actor_person_id: 'null',
  },
  events: {
    id: 'not null',
    type: 'not null',
    created_at: 'not null',
    account_id: 'null',
    data: 'not null',
  },
  people: {
    id: 'not null',
    account_id: 'not null',
    email: 'not null',
    email_key: 'not null',
    name: 'not null',
    password_hash: 'null',
    created_at: 'not null',
    password_changed_at: 'null',
    deactivated_at: 'null',
    passkey_user_id: 'null',
  },
  passkeys: {
    id: 'not null',
    person_id: 'not null',
    credential_id: 'not null',
    public_key: 'not null',
    counter: 'not null',
    transports: 'not null',
    name: 'not null',
    created_at: 'not null',
    last_used_at: 'null',
  },
  webhook_endpoints: {
    id: 'not null',
    account_id: 'not null',
    url: 'not null',
    events: 'not null',
    status: 'not null',
    disabled_reason: 'null',
    secret_ciphertext: 'null',
    secret_prefix: 'not null',
    previous_secret_ciphertext: 'null',
    previous_secret_expires_at: 'null',
    created_at: 'not null',
    deleted_at: 'null',
    failing_since: 'null',
  },
  webhook_deliveries: {
    id: 'not null',
    endpoint_id: 'not null',
    message_id: 'not null',
    event_id: 'null',
    event_type: 'not null',
    body: 'not null',
    created_at: 'not null',
    status: 'not null',
    attempts: 'not null',
    first_attempt_at: 'null',
    next_attempt_at: 'null',
    claimed_until: 'null',
  },
  webhook_attempts: {
    id: 'not null',
    delivery_id: 'not null',
    endpoint_id: 'not null',
    attempted_at: 'not null',
    duration_ms: 'not null',
    response_status: 'null',
    response_excerpt: 'null',
    error: 'null',
    succeeded: 'not null',
  },
  webhook_dispatch: {
    id: 'not null',
    last_event_id: 'not null',
  },
  passkey_challenges: {
    hash: 'not null',
    purpose: 'not null',
    person_id: 'null',
    expires_at: 'not null',
  },
  sessions: {
    id: 'not null',
    person_id: 'not null',
    hash: 'not null',
    created_at: 'not null',
    last_used_at: 'not null',
    ended_at: 'null',
    device: 'not null',
    address: 'not null',
  },
  person_links: {
    id: 'not null',
    kind: 'not null',
    hash: 'not null',
    account_id: 'not null',
    email: 'not null',
    person_id: 'null',
    created_by_account_id: 'null',
    created_by_person_id: 'null',
    created_at: 'not null',
    expires_at: 'not null',
    used_at: 'null',
    ended_at: 'null',
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

/** The migrations of the release before `migration`. */
const releasedBefore = (migration: (typeof MIGRATIONS)[number]) =>
  MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration));
/** The migrations up to this one, itself included. */
const releasedThrough = (migration: (typeof MIGRATIONS)[number]) =>
  MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration) + 1);

/** A partner account as every release writes it. */
const ACME = `INSERT INTO accounts (name, plan, role, created_at) VALUES ('Acme', 'free', 'partner', 1)`;

/** The audit trail's indexes, which a migration that makes the table again must keep. */
const AUDIT_INDEXES: unknown = expect.arrayContaining([
  'audit_events_target',
  'audit_events_actor',
  'audit_events_actor_person',
]);

/** Reads of the migrated database through this release's database layer. */
const readsOf = (database: AppConfig['database'], after: DataSource) =>
  database.kind === 'postgres'
    ? new PostgresDatabase(after)
    : new SqliteDatabase(database.file, 1_000);

/**
 * A pet stored by the previous release's own pet statement (this release adds only the search
 * text, which that release leaves at its default) on the migrated schema, in `categoryId`, which
 * that release does not check; its id, once it is listed (every transaction in flight at its
 * commit has ended, as the API waits for after each write: docs/team/guarantees.md).
 */
async function insertTheOldWay(
  database: AppConfig['database'],
  after: DataSource,
  categoryId: number,
): Promise<number | undefined> {
  const postgres = database.kind === 'postgres';
  const p = (n: number) => (postgres ? `$${n}` : '?');
  const [stored] = await after.query<{ id: number }[]>(
    `INSERT INTO pets (name, name_key, category_id, status, created_at, owner_account_id)
     VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}) RETURNING id`,
    ['Old way', 'old way', categoryId, 'available', 6, 1],
  );
  if (postgres) await after.query(AWAIT_LISTING);
  return stored?.id;
}

describe.each(ENGINES)('migrating an existing database on %s', (engine) => {
  const p = (n: number) => (engine === 'postgres' ? `$${n}` : '?');
  /** `run` on a fresh database of this engine, whose files (SQLite's) are removed after. */
  const onFreshDatabase = async (
    run: (database: AppConfig['database'], url: string) => Promise<void>,
  ) => {
    const { url, dir } = await freshDatabaseUrl(engine);
    try {
      await run(databaseOf(engine, url), url);
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  };
  /** The names of a table's indexes. */
  const indexesOf = async (dataSource: DataSource, table: string) =>
    (engine === 'postgres'
      ? await dataSource.query<{ name: string }[]>(
          `SELECT indexname AS name FROM pg_indexes WHERE tablename = $1`,
          [table],
        )
      : await dataSource.query<{ name: string }[]>(`SELECT name FROM pragma_index_list(?)`, [table])
    ).map((index) => index.name);
  /** An audit event of a target the schema does not know is refused. */
  const refusesOtherTargets = (after: DataSource) =>
    expect(
      after.query(
        `INSERT INTO audit_events (at, action, target_type, target_id, changes)
         VALUES (7, 'x', 'planet', 1, '{}')`,
      ),
    ).rejects.toThrow(/check/i);
  it('keeps every idempotency record and pet, folding pet names for search', async () => {
    await onFreshDatabase(async (database) => {
      // The database as the first release left it, with a record in it.
      const before = await migrate(database, MIGRATIONS.slice(0, 1));
      await before.query(ACME);
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
        expect(await indexesOf(after, 'idempotency_keys')).toContain('idempotency_keys_created_at');
      } finally {
        await after.destroy();
      }
    });
  });

  it('adds people, sessions and one-time links, keeping the audit trail and what the previous release writes', async () => {
    await onFreshDatabase(async (database) => {
      const audit = (id: string) =>
        `INSERT INTO audit_events (at, actor_account_id, action, target_type, target_id, changes)
       VALUES (${id}, 1, 'pet.created', 'pet', 1, '{}')`;
      // The database as the release before people left it, with audit events in it.
      const before = await migrate(database, releasedBefore(People1795306000000));
      await before.query(ACME);
      for (const at of ['1', '2', '3']) await before.query(audit(at));
      const eventsBefore = await before.query<{ id: number; at: number }[]>(
        `SELECT id, at FROM audit_events ORDER BY id`,
      );
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        // The audit trail as it was, and the previous release's insert still goes in, above it.
        expect(
          await after.query(`SELECT id, at, actor_person_id FROM audit_events ORDER BY id`),
        ).toEqual(eventsBefore.map((event) => ({ ...event, actor_person_id: null })));
        await after.query(audit('4'));
        const [newest] = await after.query<{ id: number }[]>(
          `SELECT max(id) AS id FROM audit_events`,
        );
        expect(newest?.id).toBeGreaterThan(Math.max(...eventsBefore.map((event) => event.id)));

        // An email is taken whatever its case; people and sessions get listed ids.
        const person = (email: string) =>
          `INSERT INTO people (account_id, email, email_key, name, created_at)
           VALUES (1, '${email}', '${email.toLowerCase()}', 'Ada', 5)`;
        await after.query(person('Ada@Example.com'));
        await expect(after.query(person('ADA@example.COM'))).rejects.toThrow(/unique/i);
        await after.query(
          `INSERT INTO sessions (person_id, hash, created_at, last_used_at, device, address)
           SELECT id, '${'a'.repeat(64)}', 5, 5, 'Firefox', '127.0.0.1' FROM people`,
        );
        // People and sessions are audit targets now; something else still is not.
        await after.query(
          `INSERT INTO audit_events (at, action, target_type, target_id, changes)
           SELECT 6, 'person.invited', 'person', id, '{}' FROM people`,
        );
        await refusesOtherTargets(after);
        // A reset link names its person; an invitation names none until it is used.
        await expect(
          after.query(
            `INSERT INTO person_links (kind, hash, account_id, email, created_at, expires_at)
             VALUES ('reset', '${'b'.repeat(64)}', 1, 'ada@example.com', 5, 10)`,
          ),
        ).rejects.toThrow(/check/i);
        expect((await migratedColumns(after)).people).toEqual(TYPED.people);
      } finally {
        await after.destroy();
      }
    });
  });
  it('records who made keys and when links ended, keeping what the previous release writes, and back', async () => {
    await onFreshDatabase(async (database) => {
      const previousKey = (n: number) =>
        `INSERT INTO api_keys (account_id, label, prefix, hash, created_at)
       VALUES (1, 'k${n}', 'pets_live_K${n}', '${String(n).repeat(64)}', ${n})`;
      const previousLink = (n: number) =>
        `INSERT INTO person_links (kind, hash, account_id, email, created_at, expires_at)
       VALUES ('invitation', '${String(n).repeat(64)}', 1, 'i${n}@example.com', ${n}, 100)`;
      const before = await migrate(database, releasedBefore(KeyMakers1795306500000));
      await before.query(ACME);
      await before.query(previousKey(1));
      await before.query(previousLink(1));
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        // What was there has no maker and never ended; the previous release's inserts still go in.
        await after.query(previousKey(2));
        await after.query(previousLink(2));
        expect(
          await after.query(
            `SELECT created_by_person_id, created_by_key_id FROM api_keys ORDER BY id`,
          ),
        ).toEqual([
          { created_by_person_id: null, created_by_key_id: null },
          { created_by_person_id: null, created_by_key_id: null },
        ]);
        expect(await after.query(`SELECT ended_at FROM person_links ORDER BY id`)).toEqual([
          { ended_at: null },
          { ended_at: null },
        ]);
        // A maker is a person that exists.
        await expect(
          after.query(`UPDATE api_keys SET created_by_person_id = 999 WHERE label = 'k1'`),
        ).rejects.toThrow(/foreign key/i);
        // Back to the previous release's schema, where its statements still work, and up again.
        await after.undoLastMigration();
        await after.query(previousKey(3));
        await after.query(previousLink(3));
        await after.runMigrations();
        expect((await migratedColumns(after)).api_keys).toEqual(TYPED.api_keys);
        expect((await migratedColumns(after)).person_links).toEqual(TYPED.person_links);
      } finally {
        await after.destroy();
      }
    });
  });
  it('adds categories, one per category a pet names, keeping pets and what the previous release writes', async () => {
    await onFreshDatabase(async (database) => {
      const previousPet = (name: string, categoryId: number, deletedAt: number | null = null) =>
        [
          `INSERT INTO pets (name, name_key, category_id, status, created_at, owner_account_id, deleted_at)
         VALUES (${p(1)}, ${p(2)}, ${p(3)}, 'available', 1, 1, ${p(4)}) RETURNING id`,
          [name, name.toLowerCase(), categoryId, deletedAt],
        ] as const;
      // The database as the previous release (people) left it, with pets in categories 3 and 7.
      const before = await migrate(database, releasedBefore(Categories1795306100000));
      await before.query(ACME);
      const petIds: number[] = [];
      for (const [name, categoryId, deletedAt] of [
        ['Rex', 3, null],
        ['Tom', 7, null],
        ['Gone', 3, 5],
      ] as const)
        petIds.push(
          ...(
            await before.query<{ id: number }[]>(...previousPet(name, categoryId, deletedAt))
          ).map((row) => row.id),
        );
      await before.query(
        `INSERT INTO audit_events (at, actor_account_id, action, target_type, target_id, changes)
         VALUES (1, 1, 'pet.created', 'pet', ${p(1)}, '{}')`,
        [petIds[0]],
      );
      const eventsBefore = await before.query<{ id: number }[]>(`SELECT id FROM audit_events`);
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        expect((await migratedColumns(after)).categories).toEqual(TYPED.categories);
        // A category for each one a pet named, removed pets included, in use.
        const categories = await after.query<Record<string, unknown>[]>(
          `SELECT id, name, name_key, archived FROM categories ORDER BY id`,
        );
        expect(categories.map((row) => ({ ...row, archived: Boolean(row['archived']) }))).toEqual([
          { id: 3, name: 'Category 3', name_key: 'category 3', archived: false },
          { id: 7, name: 'Category 7', name_key: 'category 7', archived: false },
        ]);
        // The pets keep their category; petCount counts the pets not removed.
        expect(await after.query(`SELECT id, category_id FROM pets ORDER BY id`)).toEqual(
          petIds.map((id, i) => ({ id, category_id: [3, 7, 3][i] })),
        );
        const reads = readsOf(database, after);
        try {
          expect(await new CategoriesRepository(reads).page(0, 10)).toEqual([
            { id: 3, name: 'Category 3', archived: false, petCount: 1 },
            { id: 7, name: 'Category 7', archived: false, petCount: 1 },
          ]);

          // The previous release's own pet statements on the migrated schema: a pet in a category
          // that has none is stored (that release does not check), and pets are read and listed.
          const pets = new PetsRepository(reads);
          const stored = await insertTheOldWay(database, after, 42);
          expect(stored).toBeGreaterThan(Math.max(...petIds));
          expect(await pets.findById(stored ?? 0)).toEqual({
            id: stored,
            name: 'Old way',
            categoryId: 42,
            status: 'available',
          });
          expect(
            (await pets.list({ status: undefined, categoryId: 3, name: undefined }, 21, 0)).map(
              (pet) => pet.id,
            ),
          ).toEqual([petIds[0]]);
          expect(
            (
              await pets.list({ status: undefined, categoryId: undefined, name: undefined }, 21, 0)
            ).map((pet) => pet.id),
          ).toEqual([petIds[0], petIds[1], stored]);
        } finally {
          await reads.close();
        }

        // A pet's event, as that release writes it, above those from before.
        const [{ id: newest } = { id: 0 }] = await after.query<{ id: number }[]>(
          `SELECT max(id) AS id FROM pets`,
        );
        await after.query(
          `INSERT INTO audit_events (at, actor_account_id, action, target_type, target_id, changes)
           VALUES (6, 1, 'pet.updated', 'pet', ${p(1)}, '{}')`,
          [newest],
        );
        const events = await after.query<{ id: number }[]>(
          `SELECT id FROM audit_events ORDER BY id`,
        );
        expect(events.slice(0, eventsBefore.length)).toEqual(eventsBefore);
        expect(events.at(-1)?.id).toBeGreaterThan(
          Math.max(...eventsBefore.map((event) => event.id)),
        );
        // The audit trail keeps its indexes (SQLite made the table again).
        expect(await indexesOf(after, 'audit_events')).toEqual(AUDIT_INDEXES);
        // Categories are audit targets now; something else still is not.
        await after.query(
          `INSERT INTO audit_events (at, action, target_type, target_id, changes)
           VALUES (7, 'category.renamed', 'category', 3, '{}')`,
        );
        await refusesOtherTargets(after);
        // A name is taken whatever its case; new categories get ids above the seeded ones.
        await expect(
          after.query(
            `INSERT INTO categories (name, name_key, archived, created_at) VALUES ('CATEGORY 3', 'category 3', ${engine === 'postgres' ? 'false' : '0'}, 1)`,
          ),
        ).rejects.toThrow(/unique/i);
        const [added] = await after.query<{ id: number }[]>(
          `INSERT INTO categories (name, name_key, archived, created_at) VALUES ('Cats', 'cats', ${engine === 'postgres' ? 'false' : '0'}, 1) RETURNING id`,
        );
        expect(added?.id).toBeGreaterThan(7);
      } finally {
        await after.destroy();
      }
    });
  });

  it('adds orders, one open order per pet kept by the engine, keeping what the previous release writes', async () => {
    await onFreshDatabase(async (database) => {
      // The database as the previous release (categories) left it, with a pet and its events.
      const before = await migrate(database, releasedBefore(StoreOrders1795306200000));
      await before.query(ACME);
      const [{ id: petId } = { id: 0 }] = await before.query<{ id: number }[]>(
        `INSERT INTO pets (name, name_key, category_id, status, created_at, owner_account_id)
         VALUES ('Rex', 'rex', 1, 'available', 1, 1) RETURNING id`,
      );
      for (const action of ['pet.created', 'category.renamed'])
        await before.query(
          `INSERT INTO audit_events (at, actor_account_id, action, target_type, target_id, changes)
           VALUES (1, 1, ${p(1)}, ${p(2)}, ${p(3)}, '{}')`,
          [action, action.split('.')[0], action === 'pet.created' ? petId : 1],
        );
      const eventsBefore = await before.query<{ id: number; action: string }[]>(
        `SELECT id, action FROM audit_events ORDER BY id`,
      );
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        expect((await migratedColumns(after)).orders).toEqual(TYPED.orders);
        // The audit trail as it was, with its indexes (SQLite made the table again).
        expect(await after.query(`SELECT id, action FROM audit_events ORDER BY id`)).toEqual(
          eventsBefore,
        );
        expect(await indexesOf(after, 'audit_events')).toEqual(AUDIT_INDEXES);
        expect(await indexesOf(after, 'orders')).toEqual(
          expect.arrayContaining([
            'orders_open_pet',
            'orders_pet_id',
            'orders_account_id',
            'orders_account_status_id',
            'orders_status_id',
            'orders_status_updated_at',
          ]),
        );
        // Orders are audit targets now; something else still is not.
        await after.query(
          `INSERT INTO audit_events (at, action, target_type, target_id, changes)
           VALUES (7, 'order.placed', 'order', 1, '{}')`,
        );
        await refusesOtherTargets(after);
        expect(
          (await after.query<{ id: number }[]>(`SELECT max(id) AS id FROM audit_events`))[0]?.id,
        ).toBeGreaterThan(Math.max(...eventsBefore.map((event) => event.id)));

        // One open order per pet, whatever else it has had; closed ones as many as there were.
        const order = (status: string) =>
          after.query<{ id: number }[]>(
            `INSERT INTO orders (pet_id, account_id, status, placed_at, updated_at)
             VALUES (${p(1)}, 1, ${p(2)}, 1, 1) RETURNING id`,
            [petId, status],
          );
        const [first] = await order('placed');
        await expect(order('approved')).rejects.toThrow(/unique/i);
        await expect(order('placed')).rejects.toThrow(/unique/i);
        await order('cancelled');
        await order('delivered');
        await order('cancelled');
        await after.query(`UPDATE orders SET status = 'cancelled' WHERE id = ${p(1)}`, [first?.id]);
        const [second] = await order('approved');
        expect(second?.id).toBeGreaterThan(first?.id ?? Infinity);
        await expect(order('shipped')).rejects.toThrow(/check/i);
        // An order names a pet and an account that exist.
        await expect(
          after.query(
            `INSERT INTO orders (pet_id, account_id, status, placed_at, updated_at)
             VALUES (424242, 1, 'cancelled', 1, 1)`,
          ),
        ).rejects.toThrow(/foreign key/i);

        // The previous release's own pet statements still work on the migrated schema.
        const reads = readsOf(database, after);
        try {
          const pets = new PetsRepository(reads);
          const stored = await insertTheOldWay(database, after, 2);
          expect(stored).toBeGreaterThan(petId);
          expect(
            (
              await pets.list({ status: undefined, categoryId: undefined, name: undefined }, 21, 0)
            ).map((pet) => pet.id),
          ).toEqual([petId, stored]);
        } finally {
          await reads.close();
        }
      } finally {
        await after.destroy();
      }
    });
  });

  it('keys category names as one name after normalization, keeping names already one and what the previous release writes', async () => {
    await onFreshDatabase(async (database, url) => {
      const no = engine === 'postgres' ? 'false' : '0';
      // The previous release's category statements: it knows name_key (NFC, lower case) only.
      const previousInsert = (dataSource: DataSource, name: string) =>
        dataSource.query<{ id: number }[]>(
          `INSERT INTO categories (name, name_key, archived, created_at)
         VALUES (${p(1)}, ${p(2)}, ${no}, 1) RETURNING id`,
          [name, name.normalize('NFC').toLowerCase()],
        );
      const previousUpdate = (
        dataSource: DataSource,
        id: number,
        name: string,
        archived: boolean,
      ) =>
        dataSource.query(
          `UPDATE categories SET name = ${p(1)}, name_key = ${p(2)}, archived = ${p(3)} WHERE id = ${p(4)}`,
          [
            name,
            name.normalize('NFC').toLowerCase(),
            engine === 'postgres' ? archived : Number(archived),
            id,
          ],
        );
      const folds = async (dataSource: DataSource) =>
        Object.fromEntries(
          (
            await dataSource.query<{ name: string; name_fold: string | null }[]>(
              `SELECT name, name_fold FROM categories ORDER BY id`,
            )
          ).map((row) => [row.name, row.name_fold]),
        );
      // The previous release let these four be, beside the starter set.
      const before = await migrate(database, releasedBefore(CategoryNameKeys1795306400000));
      for (const name of ['Horses', 'ＨＯＲＳＥＳ', 'Horſes', 'Horses\u200b'])
        await previousInsert(before, name);
      await before.destroy();

      const after = await migrate(database, MIGRATIONS);
      try {
        expect((await migratedColumns(after)).categories).toEqual(TYPED.categories);
        // The oldest of names that are now one keeps the key; the others have none.
        expect(await folds(after)).toEqual({
          Dogs: 'dogs',
          Cats: 'cats',
          Birds: 'birds',
          Fish: 'fish',
          Reptiles: 'reptiles',
          'Small animals': 'small animals',
          Horses: 'horses',
          ＨＯＲＳＥＳ: null,
          Horſes: null,
          'Horses\u200b': null,
        });
        // The database refuses a second category with a key, whatever the code that writes it.
        await expect(
          after.query(
            `INSERT INTO categories (name, name_key, name_fold, archived, created_at)
             VALUES ('Ｄｏｇｓ', 'ｄｏｇｓ', 'dogs', ${no}, 1)`,
          ),
        ).rejects.toThrow(/unique/i);
        // The previous release still creates (without a key), archives and renames; its rename
        // leaves no key of a name the category no longer has, its archive leaves the key.
        const [lizards] = await previousInsert(after, 'Lizards');
        await expect(previousInsert(after, 'lizards')).rejects.toThrow(/unique/i);
        await previousUpdate(after, 2, 'Cats', true);
        await previousUpdate(after, 3, 'Parrots', false);
        expect(await folds(after)).toMatchObject({ Lizards: null, Cats: 'cats', Parrots: null });
        expect(lizards?.id).toBeGreaterThan(6);
      } finally {
        await after.destroy();
      }

      // This release on that database: names without a key are compared too.
      const t = await createTestApp({ engine, databaseUrl: url });
      try {
        const { key } = await t.createKey({
          name: 'Staff',
          role: 'staff',
          plan: 'enterprise',
          limits: { perMinute: 100_000, perDay: 1_000_000 },
        });
        const send = (method: 'POST' | 'PATCH', path: string, name: string) =>
          t.app.inject({
            method,
            url: path,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            payload: JSON.stringify({ name }),
          });
        const ids = Object.fromEntries(
          (
            await t.app
              .get(DataSource)
              .query<{ id: number; name: string }[]>(`SELECT id, name FROM categories`)
          ).map((row) => [row.name, row.id]),
        );
        for (const name of ['horses', 'LIZARDS', 'ｐａｒｒｏｔｓ'])
          expect((await send('POST', '/v1/categories', name)).statusCode, name).toBe(409);
        // With the oldest renamed, the others without a key still hold the name.
        expect((await send('PATCH', `/v1/categories/${ids['Horses']}`, 'Mares')).statusCode).toBe(
          200,
        );
        expect((await send('POST', '/v1/categories', 'Horses')).statusCode).toBe(409);
        // A rename gives a category its key; one to a name in another case keeps it.
        expect(
          (await send('PATCH', `/v1/categories/${ids['ＨＯＲＳＥＳ']}`, 'Ponies')).statusCode,
        ).toBe(200);
        expect((await send('PATCH', `/v1/categories/${ids['Horſes']}`, 'HORSES')).statusCode).toBe(
          409,
        );
        expect((await send('PATCH', `/v1/categories/${ids['Dogs']}`, 'DOGS')).statusCode).toBe(200);
        expect(await folds(t.app.get(DataSource))).toMatchObject({
          Mares: 'mares',
          Ponies: 'ponies',
          DOGS: 'dogs',
          Horſes: null,
        });
      } finally {
        await t.close();
      }
    });
  });

  it('stops, changing nothing, while a pet names a category id new ids could not follow', async () => {
    await onFreshDatabase(async (database) => {
      const before = await migrate(database, releasedBefore(Categories1795306100000));
      await before.query(
        `INSERT INTO pets (name, name_key, category_id, status, created_at)
         VALUES ('Far', 'far', ${SEEDED_ID_MAX + 1}, 'available', 1), ('Near', 'near', 2, 'available', 1)`,
      );
      await before.destroy();
      await expect(migrate(database, MIGRATIONS)).rejects.toThrow(
        `Pets are in categories ${SEEDED_ID_MAX + 1}, above ${SEEDED_ID_MAX}`,
      );
      // Moved, as the running release may move it, the migration goes through.
      const fixing = await migrate(database, releasedBefore(Categories1795306100000));
      try {
        const tables = await fixing.query<unknown[]>(
          engine === 'postgres'
            ? `SELECT 1 FROM information_schema.tables WHERE table_name = 'categories'`
            : `SELECT 1 FROM sqlite_master WHERE name = 'categories'`,
        );
        expect(tables).toEqual([]);
        await fixing.query(`UPDATE pets SET category_id = 2 WHERE name = 'Far'`);
      } finally {
        await fixing.destroy();
      }
      const after = await migrate(database, MIGRATIONS);
      try {
        expect(await after.query(`SELECT id, name FROM categories`)).toEqual([
          { id: 2, name: 'Category 2' },
        ]);
      } finally {
        await after.destroy();
      }
    });
  });

  it("records when a pet's place in name order changes, the previous release's renames too, and back", async () => {
    await onFreshDatabase(async (database) => {
      const before = await migrate(database, releasedBefore(PetRenames1795306900000));
      await before.query(ACME);
      const [{ id } = { id: 0 }] = await before.query<{ id: number }[]>(
        `INSERT INTO pets (name, name_key, category_id, status, created_at, owner_account_id)
         VALUES ('Rex', 'rex', 1, 'available', 1, 1) RETURNING id`,
      );
      if (database.kind === 'postgres') await before.query(AWAIT_LISTING);
      await before.destroy();

      // Up to this migration, so that undoing the last one undoes it.
      const after = await migrate(database, releasedThrough(PetRenames1795306900000));
      const reads = readsOf(database, after);
      try {
        expect((await migratedColumns(after)).pets).toEqual(TYPED.pets);
        const namedAt = async () =>
          (
            await after.query<{ named_at: number }[]>(
              `SELECT named_at FROM pets WHERE id = ${p(1)}`,
              [id],
            )
          )[0]?.named_at;
        expect(await namedAt()).toBe(0);
        // The previous release's own statement renames it: after the bound of a walk begun before.
        const pets = new PetsRepository(reads);
        const { update } = pets.statements;
        const rename = (name: string, categoryId = 1) =>
          after.query(
            update.sql,
            update.values({
              id,
              name,
              nameKey: name.toLowerCase(),
              searchText: '',
              categoryId,
              status: 'available',
              from: 'available',
            }),
          );
        const [walk] = await pets.list({ status: undefined, sort: 'name' }, 1, 0);
        await rename('Max');
        const renamed = await namedAt();
        expect(renamed).toBeGreaterThanOrEqual(walk?.namedBelow ?? Infinity);
        // Its place (the name key) is unchanged by a change of case or of category.
        await rename('MAX', 2);
        expect(await namedAt()).toBe(renamed);
        await rename('Ace');
        expect(await namedAt()).toBeGreaterThan(renamed ?? Infinity);
        await reads.close();

        // Back to the previous release's schema, where its statements still work, and up again.
        await after.undoLastMigration();
        await rename('Rex');
        await after.runMigrations();
        expect((await migratedColumns(after)).pets).toEqual(TYPED.pets);
        expect(await namedAt()).toBe(0);
      } finally {
        await reads.close();
        await after.destroy();
      }
    });
  });

  it('starts a new installation with the starter categories', async () => {
    await onFreshDatabase(async (database) => {
      const fresh = await migrate(database, MIGRATIONS);
      try {
        const rows = await fresh.query<{ id: number; name: string }[]>(
          `SELECT id, name FROM categories ORDER BY id`,
        );
        expect(rows).toEqual(
          ['Dogs', 'Cats', 'Birds', 'Fish', 'Reptiles', 'Small animals'].map((name, i) => ({
            id: i + 1,
            name,
          })),
        );
      } finally {
        await fresh.destroy();
      }
    });
  });
});
