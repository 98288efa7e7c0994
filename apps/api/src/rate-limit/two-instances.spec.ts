import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type ServerProcess, startServer } from '../../test/server-process.js';
import { freshDatabaseUrl } from '../../test/test-app.js';

const CLI = fileURLToPath(new URL('../../dist/cli/keys.js', import.meta.url));

/** Waits, if need be, so that a burst of a few seconds stays inside one UTC minute. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000)
    await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 500));
}

describe('two API instances on one PostgreSQL and one Redis', () => {
  let servers: ServerProcess[] = [];
  let key: string;

  beforeAll(async () => {
    const { url: databaseUrl } = await freshDatabaseUrl('postgres');
    // A database of Redis's own for this test, so no other test's counters meet these.
    const redisUrl = `${inject('redisUrl')}/3`;
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      NODE_ENV: 'test',
      PATH: process.env['PATH'] ?? '',
    };
    const run = (...args: string[]) => {
      const result = spawnSync(process.execPath, [CLI, ...args, '--json'], {
        env,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(result.stderr);
      return JSON.parse(result.stdout) as { id: number; key: string };
    };
    const account = run('accounts', 'create', '--name', 'Free partner', '--plan', 'free');
    key = run('create', '--account', String(account.id)).key;
    servers = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  });

  it('admits exactly 60 of 300 concurrent requests with one Free key, whichever instance serves them', async () => {
    await awayFromMinuteEdge();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${servers[i % 2]!.baseUrl}/v1/pets`, {
          headers: { authorization: `Bearer ${key}` },
        }).then(async (response) => {
          await response.arrayBuffer();
          return response;
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(240);
    // With counters of their own, each instance would admit 60.
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    const ready = await fetch(`${servers[0]!.baseUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });
});
