import { Logger } from '@nestjs/common';
import { startRedis } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import type { ConsumeRequest, RateLimitStorage } from './rate-limit.storage.js';
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
  };
};

const unique = () => `test:${Math.random().toString(36).slice(2)}`;

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
    expect((await storage.consume(request(tracker, now, 2, 100, 8))).outcome).toBe('limited');
  });

  it('admits exactly the limit under concurrency', async () => {
    const tracker = unique();
    const now = Date.UTC(2030, 0, 1, 10, 0, 0);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => storage.consume(request(tracker, now, 60, 1000))),
    );
    expect(outcomes.filter((o) => o.outcome === 'allowed')).toHaveLength(60);
  });
});

describe('Redis storage when Redis goes away', () => {
  it('counts locally, reports it once, and shares counters again when Redis returns', async () => {
    const server = await startRedis();
    const warnings: string[] = [];
    const logs: string[] = [];
    const logger = {
      log: (message: string) => logs.push(message),
      warn: (message: string) => warnings.push(message),
      error: () => undefined,
    } as unknown as Logger;
    const storage = new RedisRateLimitStorage(server.url, logger);
    try {
      for (let i = 0; i < 100 && storage.health() !== 'ok'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storage.health()).toBe('ok');
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
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^Redis is unreachable .*: counting rate limits in this instance until it returns$/,
      );

      await server.start();
      for (let i = 0; i < 250 && storage.health() !== 'ok'; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(storage.health()).toBe('ok');
      // The restarted server is empty: counting starts again in Redis.
      expect((await storage.consume(request(tracker, now, 5, 100))).counts).toEqual([1, 1]);
      expect(logs).toContain('Redis is reachable again: rate-limit counters are shared again');
    } finally {
      await storage.close();
      await server.stop();
    }
  });
});
