/**
 * Redis run as docs/operators/deployment.md says (append-only file, fsync every second): what an instance does while
 * Redis is away, and that bans and counters are there again after Redis restarts.
 */
import { type RedisServer, startRedis } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';

describe('Redis away and restarted, with its append-only file', () => {
  let redis: RedisServer;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startRedis({ persistent: true });
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
    // 10 s into a UTC minute, so the test stays within it.
    t.clock.ms = Date.UTC(2030, 0, 1, 10, 0, 10);
    await until(() => storage().health() === 'ok');
  });
  afterAll(async () => {
    await t.close();
    await redis.destroy();
  });

  const storage = () => t.app.get<RateLimitStorage>(RATE_LIMIT_STORAGE);
  const list = (key: string) =>
    t.app.inject({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
  const readiness = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: answer.json<unknown>() };
  };
  const send = async (key: string, count: number) => {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await list(key));
    return answers;
  };

  it('serves on its own counts while Redis is away, says so in /readyz, and finds bans and counts again after the restart', async () => {
    const { key: banned } = await t.createKey({ plan: 'free' });
    const { key: counted } = await t.createKey({ plan: 'free' });
    await send(banned, 121);
    const before = await list(banned);
    expect(before.json()).toMatchObject({ code: 'api_key_banned' });
    const reset = before.headers['x-ratelimit-reset'];
    await send(counted, 10);

    await redis.stop();
    await until(() => storage().health() !== 'ok');
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', redis: 'unavailable' } },
    });
    // Counted in this instance alone, from nothing: Redis's bans and counts are out of reach.
    const away = await list(counted);
    expect(away.statusCode).toBe(200);
    expect(away.headers['x-ratelimit-remaining']).toBe('59');
    expect((await list(banned)).statusCode).toBe(200);

    await redis.start();
    await until(() => storage().health() === 'ok');
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
    });
    // The restarted Redis read its append-only file: the ban holds, with the same end, and the
    // count goes on from the 10 requests made before the outage.
    const after = await list(banned);
    expect(after.json()).toMatchObject({ code: 'api_key_banned' });
    expect(after.headers['x-ratelimit-reset']).toBe(reset);
    expect((await list(counted)).headers['x-ratelimit-remaining']).toBe('49');
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error('The condition did not hold within 10 s');
}
