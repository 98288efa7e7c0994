/**
 * The real app for tests, on a fresh SQLite file or PostgreSQL database, with its log captured, a
 * clock moved by hand, and accounts, keys and people made directly.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { NewAccount, type NewAccountInput } from '@pets/contract';
import pg from 'pg';
import { inject } from 'vitest';
import { AccountsService } from '../src/accounts/accounts.service.js';
import { ApiKeysService } from '../src/accounts/api-keys/api-keys.service.js';
import { createApp } from '../src/app.factory.js';
import type { Clock } from '../src/config/clock.js';
import { createLogger } from '../src/logging/logger.js';
import { type AppConfig, loadConfig } from '../src/config/config.js';
import { Writer } from '../src/database/writer.js';
import { hashPassword } from '../src/people/passwords.js';
import { PeopleRepository } from '../src/people/people.repository.js';
import type { HostResolver } from '../src/webhooks/address-policy.js';
import { type Requests, requestsTo, type Sender } from './requests.js';

export type Engine = 'sqlite' | 'postgres';
export const ENGINES: Engine[] = ['sqlite', 'postgres'];

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  constructor(public ms = Date.UTC(2026, 10, 21, 12, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(date: Date): void {
    this.ms = date.getTime();
  }
}

/** A fresh, empty database on the engine: a new SQLite file, or a new database on the test server. */
export async function freshDatabaseUrl(engine: Engine): Promise<{ url: string; dir?: string }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'pets-api-test-'));
    return { url: `sqlite:${join(dir, 'petstore.sqlite')}`, dir };
  }
  const serverUrl = inject('postgresUrl');
  const name = `pets_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return { url: serverUrl.replace(/\/postgres$/, `/${name}`) };
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  clock: FakeClock;
  /** Every log line the app wrote, parsed, and as written. */
  logs: Record<string, unknown>[];
  rawLogs: string[];
  /** Requests from `sender`: an API key, a session's headers, or no one (see `requests.ts`). */
  as(sender?: Sender): Requests;
  /** A partner (or staff) account with one key; returns the key. */
  createKey(
    account?: Partial<NewAccountInput>,
  ): Promise<{ key: string; accountId: number; keyId: number }>;
  /** A person of the account with this password (chosen by them, as after an invitation). */
  createPerson(
    accountId: number,
    person: { email: string; password: string; name?: string },
  ): Promise<{ personId: number }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  engine?: Engine;
  env?: Record<string, string>;
  clock?: FakeClock;
  adminDist?: string;
  /** Reuse a database (e.g. to restart on the same data). */
  databaseUrl?: string;
  /** What webhook endpoints' host names resolve with (default: the system's resolver). */
  resolveHost?: HostResolver;
}

/**
 * The real app (guards, pipes, filters, database) with its log captured, for `app.inject()` calls.
 * Several may run at once: each registers its own passport strategy.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const engine = options.engine ?? 'sqlite';
  const database = options.databaseUrl
    ? { url: options.databaseUrl }
    : await freshDatabaseUrl(engine);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    // Webhooks are delivered when a test runs the worker (WebhookDeliveryWorker.runOnce), on the
    // test's clock; built servers (test/process) deliver on their own, as in production.
    WEBHOOK_DELIVERY: 'false',
    ...options.env,
  });
  const clock = options.clock ?? new FakeClock();
  const logs: Record<string, unknown>[] = [];
  const rawLogs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        rawLogs.push(line);
        logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  const app = await createApp(config, createLogger(config.logLevel, sink), {
    clock,
    ...(options.adminDist ? { adminDist: options.adminDist } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
  return {
    app,
    config,
    clock,
    logs,
    rawLogs,
    as: (sender) => requestsTo(app, sender),
    async createKey(account = {}) {
      const created = await app
        .get(AccountsService)
        .create(
          NewAccount.parse({ name: 'Partner', plan: 'free', role: 'partner', ...account }),
          'cli',
        );
      const { key, apiKey } = await app.get(ApiKeysService).create(created.id, 'test key', 'cli');
      return { key, accountId: created.id, keyId: apiKey.id };
    },
    async createPerson(accountId, { email, password, name = 'A person' }) {
      const passwordHash = await hashPassword(password);
      const person = await app
        .get(Writer)
        .transaction((tx) =>
          app
            .get(PeopleRepository)
            .insert(tx, { accountId, email, name, passwordHash, createdAt: clock.now() }),
        );
      return { personId: person.id };
    },
    async close() {
      await app.close();
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    },
  };
}
