/**
 * Instances of the app on one database, each with its own pool, so that requests sent through
 * both really meet in the database: the races, the storm and the lists that never skip. A suite
 * names them when its `describe` runs and uses them in its tests; they start before the tests and
 * close after them.
 */
import { type PostgresServer, startPostgres } from '@pets/services';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { anAccount, UNMET_LIMITS } from './factories.js';
import { bearer, type Headers } from './requests.js';
import type { NewAccountInput } from '@pets/contract';
import { createTestApp, type Engine, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * Something a `beforeAll` makes, named before it exists: `value` stands for it (and throws when
 * used before `set`), so a suite can hand it out when its `describe` runs.
 */
export function standIn<T extends object>(): {
  value: T;
  set(made: T): void;
  made(): T | undefined;
} {
  let made: T | undefined;
  const value = new Proxy({} as T, {
    get(_, name) {
      if (made === undefined) throw new Error("used before the suite's beforeAll made it");
      const field = Reflect.get(made, name) as unknown;
      // A method of a class instance (a pg client's) runs on the instance, not on the stand-in.
      return typeof field === 'function'
        ? (field as (...args: unknown[]) => unknown).bind(made)
        : field;
    },
  });
  return {
    value,
    set: (it) => {
      made = it;
    },
    made: () => made,
  };
}

export interface InstancesOptions {
  /** `postgres` unless named. */
  engine?: Engine;
  /** How many instances: 2 unless named. */
  count?: number;
  /**
   * A PostgreSQL server of the suite's own, with these settings, and the name of its database:
   * what one test holds open on a server holds back what every database on it lists.
   */
  ownServer?: { database: string; settings?: Record<string, string> };
  /** Statements run on the database before the tests (triggers that hold a write open, say). */
  statements?: string[];
  /** Added to every instance's environment. */
  env?: Record<string, string>;
}

export interface Instances {
  first: TestApp;
  second: TestApp;
  /** Every instance, the first first. */
  apps: TestApp[];
  /** A client of the database past the API (PostgreSQL only). */
  psql: pg.Client;
}

/** `count` instances of the app on one fresh database of `engine`, and a client of it. */
export function useInstances(options: InstancesOptions = {}): Instances {
  const { engine = 'postgres', count = 2, ownServer, statements = [], env } = options;
  const first = standIn<TestApp>();
  const second = standIn<TestApp>();
  const psql = standIn<pg.Client>();
  const apps: TestApp[] = [];
  let server: PostgresServer | undefined;

  beforeAll(async () => {
    let url: string | undefined;
    if (ownServer !== undefined) {
      server = await startPostgres({ settings: ownServer.settings });
      url = server.createDatabase(ownServer.database);
    }
    const made = await createTestApp({ engine, databaseUrl: url, env });
    const { database } = made.config;
    url = database.kind === 'sqlite' ? `sqlite:${database.file}` : database.url;
    apps.push(made);
    while (apps.length < count) apps.push(await createTestApp({ engine, databaseUrl: url, env }));
    first.set(made);
    if (apps[1] !== undefined) second.set(apps[1]);
    if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      psql.set(client);
      for (const statement of statements) await client.query(statement);
    }
  });
  afterAll(async () => {
    await psql.made()?.end();
    for (const app of [...apps].reverse()) await app.close();
    server?.destroy();
  });

  return { first: first.value, second: second.value, apps, psql: psql.value };
}

/**
 * A trigger that holds an insert into `table` open, after the insert and before its commit, for
 * `seconds` (an SQL expression) when `when` (on the NEW row) holds: a busy disk, a lock wait or a
 * long write as a test can make one on purpose.
 */
export const holdInserts = (name: string, table: string, when: string, seconds: string) => [
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN IF ${when} THEN PERFORM pg_sleep(${seconds}); END IF; RETURN NEW; END $$`,
  `CREATE TRIGGER ${name} AFTER INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until `count` transactions sleep in a trigger of `holdInserts` (their rows have ids by then). */
export async function untilHeld(psql: pg.Client, count = 1): Promise<void> {
  for (;;) {
    const { rows } = await psql.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'`,
    );
    if (rows[0]?.n === String(count)) return;
    await sleep(10);
  }
}

/**
 * A staff key and `count` partner keys (`Partner 0`…) on the Enterprise plan, all with `limits`
 * (by default, limits no test meets).
 */
export async function staffAndPartners(
  app: TestApp,
  count: number,
  limits: { perMinute: number; perDay: number } = UNMET_LIMITS,
): Promise<{ staff: string; partners: string[] }> {
  const { key: staff } = await app.createKey(anAccount({ name: 'Staff', role: 'staff', limits }));
  const partners: string[] = [];
  for (let n = 0; n < count; n++)
    partners.push((await app.createKey(anAccount({ name: `Partner ${n}`, limits }))).key);
  return { staff, partners };
}

/** A key `createKey` made: the key, its account and its id, and `auth`, the header that sends it. */
export interface MadeKey {
  key: string;
  accountId: number;
  keyId: number;
  auth: Headers;
}

/**
 * One app on a fresh database with a key for each of `accounts` (made in their order), started
 * before the suite's tests and closed after them:
 * `const { t, staff } = useApp({ engine }, { staff: anAccount({ role: 'staff' }) })`.
 */
export function useApp<N extends string>(
  options: TestAppOptions,
  accounts: Record<N, Partial<NewAccountInput>>,
): { t: TestApp } & Record<N, MadeKey> {
  const t = standIn<TestApp>();
  const names = Object.keys(accounts) as N[];
  const keys = Object.fromEntries(names.map((name) => [name, {} as MadeKey])) as Record<N, MadeKey>;
  beforeAll(async () => {
    const app = await createTestApp(options);
    t.set(app);
    for (const name of names) {
      const made = await app.createKey(accounts[name]);
      Object.assign(keys[name], made, { auth: bearer(made.key) });
    }
  });
  afterAll(async () => {
    await t.made()?.close();
  });
  return { t: t.value, ...keys };
}
