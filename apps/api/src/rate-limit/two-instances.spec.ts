// Two built API instances as processes on one PostgreSQL and one Redis: together they admit exactly
// a Free key's 60 requests a minute out of 300 sent at once, whichever instance serves them, and
// staff read the same usage from either.
import type { AccountUsage } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  awayFromMinuteEdge,
  createAccountKey,
  type ServerProcess,
  startServer,
} from '@pets/services';
import { freshDatabaseUrl } from '../../test/test-app.js';

describe('two API instances on one PostgreSQL and one Redis', () => {
  let servers: ServerProcess[] = [];
  let key: string;
  let accountId: number;
  let staff: string;

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
    ({ key, accountId } = createAccountKey(env, { name: 'Free partner', plan: 'free' }));
    ({ key: staff } = createAccountKey(env, {
      name: 'Staff',
      plan: 'enterprise',
      role: 'staff',
      perMinute: 100_000,
      perDay: 1_000_000,
    }));
    servers = await Promise.all([startServer(env), startServer(env)]);
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
  });

  it('admits exactly 60 of 300 concurrent requests with one Free key, whichever instance serves them', async () => {
    await awayFromMinuteEdge(10_000);
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

    // Staff see the same exact usage from either instance: 60 counted, 240 refused (the 61st
    // refusal in the minute banned the key, so the rest were refused as banned).
    for (const server of servers) {
      const usage = await fetch(`${server.baseUrl}/v1/admin/accounts/${accountId}/usage`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(usage.status).toBe(200);
      const body = (await usage.json()) as AccountUsage;
      expect(body).toMatchObject({
        minute: { used: 60, limit: 60 },
        day: { used: 60, limit: 1_000 },
        refusedToday: 240,
      });
      expect(Date.parse(body.bannedUntil ?? '')).toBeGreaterThan(Date.now());
    }
  });
});
