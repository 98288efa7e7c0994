// The rate limiter's storages against a real Redis: memory and Redis count, refuse and ban alike,
// exactly to the limit under concurrency; what Redis holds and when it expires; counting locally
// while Redis is away; and closing.
import { Logger } from '@nestjs/common';
import { startRedis } from '@pets/services';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { Metrics } from '../metrics/metrics.js';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import { RateLimitHealth } from './rate-limit.health.js';
import {
  type ConsumeRequest,
  RATE_LIMIT_STORAGE,
  type RateLimitStorage,
  type UsageRequest,
} from './rate-limit.storage.js';
import { RedisRateLimitStorage } from './redis-rate-limit.storage.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

const request = (
  tracker: string,
  now: number,
  perMinute: number,
  perDay: number,
  keyId?: number,
): ConsumeRequest => {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const day = Math.floor(now / DAY) * DAY;
  return {
    tracker,
    now,
    windows: [
      { name: 'minute', start: minute, end: minute + MINUTE, limit: perMinute },
      { name: 'day', start: day, end: day + DAY, limit: perDay },
    ],
    ban:
      keyId === undefined
        ? undefined
        : { keyId, threshold: perMinute, durationMs: 15 * MINUTE, minuteEnd: minute + MINUTE },
    refusals: { start: day, end: day + DAY },
  };
};

/** The usage of `tracker` at `now` as the API reads it, with these keys' bans. */
const usageRequest = (tracker: string, now: number, keyIds: number[] = []): UsageRequest => {
  const { windows } = request(tracker, now, 1, 1);
  return { tracker, now, windows, refusalsStart: windows[1]!.start, keyIds };
};

const unique = () => `test:${Math.random().toString(36).slice(2)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries && !(await condition()); i++) await sleep(20);
}

const ready = (storage: RateLimitStorage) => until(() => storage.health() === 'ok');

/** A logger that keeps what it is told. */
function recordingLogger() {
  const warnings: string[] = [];
  const logs: string[] = [];
  const logger = {
    log: (message: string) => logs.push(message),
    warn: (message: string) => warnings.push(message),
    error: () => undefined,
  } as unknown as Logger;
  return { logger, warnings, logs };
}

/** Connections the Redis server has open, the asker's own included. */
const clientCount = async (admin: Redis) =>
  String(await admin.client('LIST'))
    .split('\n')
    .filter((line) => line.trim() !== '').length;

/** The same behaviour from both storages. */
describe.each([
  ['memory', () => new MemoryRateLimitStorage()],
  ['redis', () => new RedisRateLimitStorage(inject('redisUrl'), new Logger('test'))],
] as const)('%s storage', (_name, make) => {
  let storage: RateLimitStorage;
  beforeAll(async () => {
    storage = make();
    for (let i = 0; i < 100 && storage.health() !== 'ok'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
  });
  afterAll(async () => {
    await storage.close();
  });

  it('admits up to the limit, counting both windows, and refuses without counting', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await storage.consume(request(tracker, now, 3, 100)));
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'limited',
      'limited',
    ]);
    expect(outcomes.map((o) => o.counts)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
    const nextMinute = await storage.consume(request(tracker, now + MINUTE, 3, 100));
    expect(nextMinute).toEqual({ outcome: 'allowed', counts: [1, 4] });
  });

  it('bans a key past its threshold of refusals and lets it go when the ban ends', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 0);
    for (let i = 0; i < 2; i++)
      expect((await storage.consume(request(tracker, now, 2, 100, 7))).outcome).toBe('allowed');
    for (let i = 0; i < 2; i++)
      expect((await storage.consume(request(tracker, now, 2, 100, 7))).outcome).toBe('limited');
    const banned = await storage.consume(request(tracker, now, 2, 100, 7));
    expect(banned.outcome).toBe('banned');
    expect(banned.banEndsAt).toBe(now + 15 * MINUTE);
    // In the next minute its counts would allow it; the ban does not.
    expect((await storage.consume(request(tracker, now + MINUTE, 2, 100, 7))).outcome).toBe(
      'banned',
    );
    expect((await storage.consume(request(tracker, now, 2, 100, 8))).outcome).toBe('limited');
    expect((await storage.consume(request(unique(), now, 2, 100, 7))).outcome).toBe('allowed');
  });

  it('ends a ban on a whole second, and every answer during it gives that same end', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 0) + 108;
    for (let i = 0; i < 4; i++) await storage.consume(request(tracker, now, 2, 100, 7));
    const banned = await storage.consume(request(tracker, now, 2, 100, 7));
    const end = Date.UTC(2030, 0, 1, 10, 15, 1);
    expect(banned).toMatchObject({ outcome: 'banned', banEndsAt: end });
    for (const later of [now + 1, now + 2_345, now + 14 * MINUTE + 999])
      expect(await storage.consume(request(tracker, later, 2, 100, 7))).toMatchObject({
        outcome: 'banned',
        banEndsAt: end,
      });
  });

  it('counts refusals over the whole minute, not only in a burst', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 0);
    expect((await storage.consume(request(tracker, now, 1, 100, 7))).outcome).toBe('allowed');
    await sleep(5);
    expect((await storage.consume(request(tracker, now + 10_000, 1, 100, 7))).outcome).toBe(
      'limited',
    );
    await sleep(5);
    expect((await storage.consume(request(tracker, now + 20_000, 1, 100, 7))).outcome).toBe(
      'banned',
    );
  });

  it("answers the throttler's increment: one window, blocked from the first refusal for the block duration", async () => {
    // A window far longer than the test, so no boundary falls inside it.
    const ttl = 1e12;
    const hits = async (key: string, blockDuration: number) => {
      const records = [];
      for (let i = 0; i < 4; i++)
        records.push(await storage.increment(key, ttl, 2, blockDuration, 'long'));
      return records;
    };
    const blocking = await hits(unique(), 5_000);
    expect(blocking.map((r) => [r.totalHits, r.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [3, true],
    ]);
    // The block ends on the first whole second at least 5 s after the first refusal: 5 s away, or 6
    // when the refusal came part way through a second.
    const [, , first, second] = blocking.map((r) => r.timeToBlockExpire);
    expect(blocking.slice(0, 2).map((r) => r.timeToBlockExpire)).toEqual([0, 0]);
    expect([5, 6]).toContain(first);
    expect(second).toBe(first);
    const counting = await hits(unique(), 0);
    expect(counting.map((r) => r.isBlocked)).toEqual([false, false, true, true]);
    // Without a block duration a refusal lasts until the window ends.
    expect(counting[3]?.timeToBlockExpire).toBe(counting[3]?.timeToExpire);
    expect(counting[3]?.timeToExpire).toBeGreaterThan(1_000);
  });

  it('reads usage without counting: both windows, refusals of the day (limited and banned), the latest ban', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    expect(await storage.usage(usageRequest(tracker, now, [7]))).toEqual({
      counts: [0, 0],
      refused: 0,
      banEndsAt: null,
    });
    for (let i = 0; i < 3; i++) await storage.consume(request(tracker, now, 2, 100, 7));
    expect(await storage.usage(usageRequest(tracker, now, [7]))).toEqual({
      counts: [2, 2],
      refused: 1,
      banEndsAt: null,
    });
    expect(await storage.usage(usageRequest(tracker, now, [7]))).toMatchObject({ counts: [2, 2] });
    // Two more refusals: the second is past the threshold of 2 and bans key 7; a banned request is a
    // refusal too.
    for (let i = 0; i < 3; i++) await storage.consume(request(tracker, now, 2, 100, 7));
    const banned = await storage.usage(usageRequest(tracker, now, [7, 8]));
    expect(banned).toMatchObject({ counts: [2, 2], refused: 4 });
    // Redis keeps the ban's time to live, which runs on its own clock while the test runs.
    expect(banned.banEndsAt).toBeGreaterThan(now + 15 * MINUTE - 1_000);
    expect(banned.banEndsAt).toBeLessThanOrEqual(now + 15 * MINUTE);
    // Another key's ban is not this one's.
    expect((await storage.usage(usageRequest(tracker, now, [8]))).banEndsAt).toBeNull();
    // The next minute counts afresh; the day and its refusals go on.
    expect(await storage.usage(usageRequest(tracker, now + MINUTE, [7]))).toMatchObject({
      counts: [0, 2],
      refused: 4,
    });
    // The next day: nothing.
    expect(await storage.usage(usageRequest(tracker, now + DAY, []))).toEqual({
      counts: [0, 0],
      refused: 0,
      banEndsAt: null,
    });
  });

  it('admits exactly the limit under concurrency', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 0);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => storage.consume(request(tracker, now, 60, 1000))),
    );
    expect(outcomes.filter((o) => o.outcome === 'allowed')).toHaveLength(60);
  });

  it('takes back a counted request from the windows it was counted in, never below 0', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    const { windows } = request(tracker, now, 3, 100);
    for (let i = 0; i < 3; i++) await storage.consume(request(tracker, now, 3, 100));
    await storage.release({ tracker, windows, now });
    expect(await storage.consume(request(tracker, now, 3, 100))).toEqual({
      outcome: 'allowed',
      counts: [3, 3],
    });
    // A window that has been replaced by its next keeps its new count; the day gives one back.
    const next = request(tracker, now + MINUTE, 3, 100);
    await storage.consume(next);
    await storage.release({ tracker, windows, now: now + MINUTE });
    expect(
      (await storage.usage({ ...usageRequest(tracker, now + MINUTE), windows: next.windows }))
        .counts,
    ).toEqual([1, 3]);
    for (let i = 0; i < 5; i++) await storage.release({ tracker, windows: next.windows, now });
    expect(
      (await storage.usage({ ...usageRequest(tracker, now + MINUTE), windows: next.windows }))
        .counts,
    ).toEqual([0, 0]);
  });
});

describe('memory storage when the clock steps back', () => {
  it('counts a request stamped in an older window in the newer one, never in a fresh count', async () => {
    const storage = new MemoryRateLimitStorage();
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    expect((await storage.consume(request(tracker, now + MINUTE, 2, 100))).counts).toEqual([1, 1]);
    expect(await storage.consume(request(tracker, now, 2, 100))).toEqual({
      outcome: 'allowed',
      counts: [2, 2],
    });
    expect((await storage.consume(request(tracker, now, 2, 100))).outcome).toBe('limited');
    expect((await storage.consume(request(tracker, now + 2 * MINUTE, 2, 100))).counts).toEqual([
      1, 3,
    ]);
  });
});

describe('what Redis holds', () => {
  it('each counter expires with its window, a count of refusals with its minute, a ban with the ban', async () => {
    const storage = new RedisRateLimitStorage(inject('redisUrl'), new Logger('test'));
    const admin = new Redis(inject('redisUrl'));
    try {
      await ready(storage);
      const tracker = unique();
      const now = Date.UTC(2030, 0, 1, 10, 0, 45);
      const minuteEnd = Date.UTC(2030, 0, 1, 10, 1, 0);
      const dayEnd = Date.UTC(2030, 0, 2);
      const ttlOf = async (key: string) => ({
        value: await admin.get(key),
        ttl: await admin.pttl(key),
      });

      expect((await storage.consume(request(tracker, now, 1, 100, 7))).outcome).toBe('allowed');
      const minute = await ttlOf(`rl:{${tracker}}:minute:${minuteEnd - MINUTE}`);
      expect(minute.value).toBe('1');
      expect(minute.ttl).toBeGreaterThan(0);
      expect(minute.ttl).toBeLessThanOrEqual(minuteEnd - now);
      const day = await ttlOf(`rl:{${tracker}}:day:${dayEnd - DAY}`);
      expect(day.value).toBe('1');
      expect(day.ttl).toBeGreaterThan(minuteEnd - now);
      expect(day.ttl).toBeLessThanOrEqual(dayEnd - now);

      expect((await storage.consume(request(tracker, now, 1, 100, 7))).outcome).toBe('limited');
      const refused = await ttlOf(`rl:{${tracker}}:refused:7:${minuteEnd}`);
      expect(refused.value).toBe('1');
      expect(refused.ttl).toBeGreaterThan(0);
      expect(refused.ttl).toBeLessThanOrEqual(minuteEnd - now);

      expect((await storage.consume(request(tracker, now, 1, 100, 7))).outcome).toBe('banned');
      const ban = await ttlOf(`rl:{${tracker}}:ban:7`);
      expect(ban.ttl).toBeGreaterThan(14 * MINUTE);
      expect(ban.ttl).toBeLessThanOrEqual(15 * MINUTE);
    } finally {
      admin.disconnect();
      await storage.close();
    }
  });

  it('the app counts each account in Redis, in the current UTC minute and the current UTC day', async () => {
    const t = await createTestApp({ engine: 'sqlite', env: { REDIS_URL: inject('redisUrl') } });
    const admin = new Redis(inject('redisUrl'));
    try {
      await ready(t.app.get<RateLimitStorage>(RATE_LIMIT_STORAGE));
      // A day no other test uses, 43 s into a minute.
      t.clock.ms = Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 10_000) * DAY + 43_000;
      const { key, accountId } = await t.createKey({ plan: 'free' });
      for (const remaining of ['59', '58']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/v1/pets',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-ratelimit-remaining']).toBe(remaining);
      }
      const now = t.clock.now();
      const minuteStart = now - (now % MINUTE);
      const dayStart = now - (now % DAY);
      const keys = await admin.keys(`rl:{account:${accountId}}:*`);
      expect(keys.sort()).toEqual(
        [
          `rl:{account:${accountId}}:day:${dayStart}`,
          `rl:{account:${accountId}}:minute:${minuteStart}`,
        ].sort(),
      );
      expect(await admin.get(`rl:{account:${accountId}}:minute:${minuteStart}`)).toBe('2');
      expect(await admin.get(`rl:{account:${accountId}}:day:${dayStart}`)).toBe('2');
      expect(
        await admin.pttl(`rl:{account:${accountId}}:minute:${minuteStart}`),
      ).toBeLessThanOrEqual(17_000);
    } finally {
      admin.disconnect();
      await t.close();
    }
  });

  it('the app counts a caller without a key by its address, IPv6 by its /64, each count expiring with its window', async () => {
    const t = await createTestApp({
      engine: 'sqlite',
      env: { REDIS_URL: inject('redisUrl'), TRUST_PROXY: 'true' },
    });
    const admin = new Redis(inject('redisUrl'));
    try {
      await ready(t.app.get<RateLimitStorage>(RATE_LIMIT_STORAGE));
      t.clock.ms = Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 10_000) * DAY + 43_000;
      const hex = () => Math.floor(Math.random() * 0x10000).toString(16);
      const network = `2001:db8:${hex()}:${hex()}`;
      const statuses: number[] = [];
      for (let i = 1; i <= 61; i++) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/v1/pets',
          headers: { 'x-forwarded-for': `${network}::${i.toString(16)}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(60).fill(401), 429]);

      const now = t.clock.now();
      const minuteEnd = now - (now % MINUTE) + MINUTE;
      const dayStart = now - (now % DAY);
      const tag = `rl:{ip:${network}::/64}`;
      expect((await admin.keys(`${tag}:*`)).sort()).toEqual(
        [
          `${tag}:day:${dayStart}`,
          `${tag}:minute:${minuteEnd - MINUTE}`,
          `${tag}:refusals:${dayStart}`,
        ].sort(),
      );
      const ttls = {
        minute: await admin.pttl(`${tag}:minute:${minuteEnd - MINUTE}`),
        day: await admin.pttl(`${tag}:day:${dayStart}`),
        refusals: await admin.pttl(`${tag}:refusals:${dayStart}`),
      };
      expect(ttls.minute).toBeGreaterThan(0);
      expect(ttls.minute).toBeLessThanOrEqual(minuteEnd - now);
      for (const ttl of [ttls.day, ttls.refusals]) {
        expect(ttl).toBeGreaterThan(minuteEnd - now);
        expect(ttl).toBeLessThanOrEqual(dayStart + DAY - now);
      }
    } finally {
      admin.disconnect();
      await t.close();
    }
  });
});

describe('Redis storage when Redis goes away', () => {
  it('counts locally, reports it once per outage, and shares counters again when Redis returns', async () => {
    const server = await startRedis();
    const { logger, warnings, logs } = recordingLogger();
    const consoleError = vi.spyOn(console, 'error');
    const storage = new RedisRateLimitStorage(server.url, logger);
    // What operators scrape: redis_fallback_active follows the storage's health.
    const metrics = new Metrics(true);
    new RateLimitHealth(storage, metrics);
    const fallbackGauge = async () =>
      /^redis_fallback_active (\d)$/m.exec(await metrics.scrape())?.[1];
    try {
      await ready(storage);
      expect(storage.health()).toBe('ok');
      expect(await fallbackGauge()).toBe('0');
      // Connecting the first time is not a recovery.
      expect(logs).toEqual([]);
      const tracker = unique();
      const now = Date.UTC(2030, 0, 1, 10, 0, 0);
      expect((await storage.consume(request(tracker, now, 5, 100))).counts).toEqual([1, 1]);

      await server.stop();
      for (let i = 0; i < 100 && storage.health() === 'ok'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storage.health()).toBe('unreachable: counting rate limits in this instance');
      const local = [];
      for (let i = 0; i < 6; i++)
        local.push((await storage.consume(request(tracker, now, 5, 100))).outcome);
      expect(local).toEqual(['allowed', 'allowed', 'allowed', 'allowed', 'allowed', 'limited']);
      expect(await fallbackGauge()).toBe('1');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^Redis is unreachable \(not connected \(\w+\)\): counting rate limits in this instance until it returns$/,
      );

      await server.start();
      for (let i = 0; i < 250 && storage.health() !== 'ok'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storage.health()).toBe('ok');
      // The restarted server is empty: counting starts again in Redis.
      expect((await storage.consume(request(tracker, now, 5, 100))).counts).toEqual([1, 1]);
      expect(logs).toEqual(['Redis is reachable again: rate-limit counters are shared again']);
      expect(await fallbackGauge()).toBe('0');

      // The next outage is reported again.
      await server.stop();
      await until(() => storage.health() !== 'ok');
      expect((await storage.consume(request(unique(), now, 5, 100))).outcome).toBe('allowed');
      expect(warnings).toHaveLength(2);
      // Reconnection attempts (the first ones 200 ms apart) fail meanwhile, and are not printed
      // to the console.
      await sleep(1_000);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
      await storage.close();
      await server.stop();
    }
  });

  it('falls back to counting locally when Redis stops answering', async () => {
    const server = await startRedis();
    const admin = new Redis(server.url);
    const { logger, warnings } = recordingLogger();
    const storage = new RedisRateLimitStorage(server.url, logger);
    const pid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1]);
    expect(pid).toBeGreaterThan(0);
    admin.disconnect();
    try {
      await ready(storage);
      process.kill(pid, 'SIGSTOP');
      const now = Date.UTC(2030, 0, 1, 10, 0, 0);
      // Bounded, so that a storage left waiting fails here (and lets the server go on) instead
      // of hanging.
      const answer = await Promise.race([
        storage.consume(request(unique(), now, 5, 100)),
        sleep(10_000).then(() => 'no answer within 10 s'),
      ]);
      expect(answer).toEqual({
        outcome: 'allowed',
        counts: [1, 1],
      });
      expect(warnings).toHaveLength(1);
    } finally {
      process.kill(pid, 'SIGCONT');
      await storage.close();
      await server.stop();
    }
  });
});

describe('closing the Redis storage', () => {
  it('releases its connection, and closing twice is harmless', async () => {
    const server = await startRedis();
    const admin = new Redis(server.url);
    const storage = new RedisRateLimitStorage(server.url, new Logger('test'));
    try {
      await ready(storage);
      expect(await clientCount(admin)).toBe(2);
      await storage.close();
      await until(async () => (await clientCount(admin)) === 1);
      expect(await clientCount(admin)).toBe(1);
      await storage.close();
    } finally {
      admin.disconnect();
      await server.stop();
    }
  });

  it('while Redis is down, stops trying to reconnect', async () => {
    const server = await startRedis();
    const storage = new RedisRateLimitStorage(server.url, recordingLogger().logger);
    await ready(storage);
    await server.stop();
    await until(() => storage.health() !== 'ok');
    await storage.close();
    await server.start();
    const admin = new Redis(server.url);
    try {
      // A storage still reconnecting would be back within its 2 s retry delay.
      for (let i = 0; i < 15; i++) {
        expect(await clientCount(admin)).toBe(1);
        await sleep(200);
      }
    } finally {
      admin.disconnect();
      await server.stop();
    }
  });
});
