// Pages kept on PostgreSQL (paging/page-version.ts), with two built instances on one PostgreSQL and
// one Redis of the test's own: a page one instance kept is never served after the other
// acknowledged a write, however the two race; what sets no version (a write made outside the API)
// shows within the age bound; without a version in Redis (lost, or Redis away) nothing is kept.
import {
  createAccountKey,
  type RedisServer,
  type ServerProcess,
  startRedis,
  startServer,
} from '@pets/services';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_PAGE_MAX_AGE_MS } from '../paging/page-version.js';
import { AWAIT_LISTING } from './list-order.js';
import { freshDatabaseUrl } from '../../test/test-app.js';

describe('pages kept on PostgreSQL, two instances', () => {
  let redis: RedisServer;
  let servers: ServerProcess[] = [];
  let databaseUrl: string;
  let key: string;

  beforeAll(async () => {
    ({ url: databaseUrl } = await freshDatabaseUrl('postgres'));
    redis = await startRedis();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      NODE_ENV: 'test',
      PATH: process.env['PATH'] ?? '',
    };
    ({ key } = createAccountKey(env, {
      name: 'Partner',
      plan: 'enterprise',
      perMinute: 1_000_000,
      perDay: 10_000_000,
    }));
    servers = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await redis.destroy();
  });

  const headers = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
  const a = () => servers[0] as ServerProcess;
  const b = () => servers[1] as ServerProcess;

  /** Each test lists and writes pets of a category of its own (a page holds 100 at most). */
  let category = 1;

  /** The names on the first page of the test's sold pets, as an instance answers. */
  async function soldNames(server: ServerProcess): Promise<string[]> {
    const query = `status=sold&categoryId=${String(category)}&limit=100`;
    const response = await fetch(`${server.baseUrl}/v1/pets?${query}`, {
      headers: headers(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { name: string }[]).map((pet) => pet.name);
  }

  async function create(server: ServerProcess, name: string): Promise<void> {
    const response = await fetch(`${server.baseUrl}/v1/pets`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ name, categoryId: category, status: 'sold' }),
    });
    expect(response.status).toBe(201);
  }

  /**
   * A pet written straight into the database, as a tool outside the API would: no version set. It
   * waits, as the API does after its writes, until the pet is listed: other suites' transactions
   * on the same PostgreSQL server hold back what a page may show (docs/team/guarantees.md).
   */
  async function insertOutside(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO pets (name, name_key, category_id, status, created_at)
         VALUES ($1, lower($1), $2, 'sold', 0)`,
        [name, category],
      );
      await client.query(AWAIT_LISTING);
    } finally {
      await client.end();
    }
  }

  it('keeps a page, and serves what is written outside the API once the page is older than the bound', async () => {
    await create(a(), 'first');
    await soldNames(b());
    await insertOutside('outside');
    // Kept: the other instance still serves the page it read before.
    expect(await soldNames(b())).not.toContain('outside');
    await new Promise((resolve) => setTimeout(resolve, KEPT_PAGE_MAX_AGE_MS + 100));
    expect(await soldNames(b())).toContain('outside');
  });

  it('never serves a kept page after the other instance acknowledged a write, however they race', async () => {
    // Each round: the reader's page kept, then writes acknowledged by one instance, each followed
    // by a list from the other (and from itself), while more writes and lists run alongside.
    category = 2;
    for (let round = 0; round < 4; round++) {
      await soldNames(b());
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const name = `race ${round}.${i}`;
          const [writer, reader] = i % 2 === 0 ? [a(), b()] : [b(), a()];
          await create(writer, name);
          expect(await soldNames(reader)).toContain(name);
          expect(await soldNames(writer)).toContain(name);
        }),
      );
    }
  });

  it('keeps no page of before a write was listed under the version set for it', async () => {
    category = 4;
    // A transaction outside the API, in flight: a write committed after it began is not listed
    // (docs/team/guarantees.md) until it ends, and waits for that before its answer.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(
      `INSERT INTO pets (name, name_key, category_id, status, created_at)
       VALUES ('blocker', 'blocker', $1, 'sold', 0)`,
      [category],
    );
    const written = create(a(), 'waited for');
    // Meanwhile the other instance reads, and keeps, pages without it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await soldNames(b())).not.toContain('waited for');
    expect(await soldNames(b())).not.toContain('waited for');
    await blocker.query('COMMIT');
    await blocker.end();
    await written;
    expect(await soldNames(b())).toEqual(expect.arrayContaining(['blocker', 'waited for']));
  });

  it('keeps nothing while Redis holds no version, nor while Redis is away, and keeps pages again after', async () => {
    category = 3;
    // Redis lost its data: no version until a write sets one.
    await redisCommand(redis.url, ['FLUSHALL']);
    await soldNames(b());
    await insertOutside('after the flush');
    expect(await soldNames(b())).toContain('after the flush');

    // Redis away: writes are acknowledged (stored) and every list reads the database.
    await redis.stop();
    await create(a(), 'while away');
    expect(await soldNames(b())).toContain('while away');
    await insertOutside('outside while away');
    expect(await soldNames(b())).toContain('outside while away');

    // Back: a version is set at the reconnection, and pages are kept again.
    await redis.start();
    await untilKept(b());
  });

  /** Waits until the instance keeps pages again: a page read, then a row written outside unseen. */
  async function untilKept(server: ServerProcess): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await soldNames(server);
      const name = `probe ${i}`;
      await insertOutside(name);
      if (!(await soldNames(server)).includes(name)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The instance did not keep pages again within 10 s');
  }
});

/** One Redis command (RESP) on a connection of its own. */
async function redisCommand(url: string, args: string[]): Promise<string> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await client.connect();
  try {
    return String(await client.call(args[0] as string, ...args.slice(1)));
  } finally {
    client.disconnect();
  }
}
