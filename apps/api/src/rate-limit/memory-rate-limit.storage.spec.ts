// What the in-process limiter keeps: accounts apart from client addresses, each for as long as it counts.
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import type { ConsumeRequest, UsageRequest } from './rate-limit.storage.js';
import { accountTracker, addressTracker } from './rate-limit.tracker.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A Free caller's request at `now` (60 a minute, 1,000 a day), banning `keyId` when given. */
const request = (tracker: string, now: number, keyId?: number): ConsumeRequest => {
  const minute = now - (now % MINUTE);
  const day = now - (now % DAY);
  return {
    tracker,
    now,
    windows: [
      { name: 'minute', start: minute, end: minute + MINUTE, limit: 60 },
      { name: 'day', start: day, end: day + DAY, limit: 1000 },
    ],
    ban:
      keyId === undefined
        ? undefined
        : { keyId, threshold: 60, durationMs: 15 * MINUTE, minuteEnd: minute + MINUTE },
    refusals: { start: day, end: day + DAY },
  };
};

const usageRequest = (tracker: string, now: number, keyIds: number[] = []): UsageRequest => {
  const { windows } = request(tracker, now);
  return { tracker, now, windows, refusalsStart: now - (now % DAY), keyIds };
};

/** Sends `count` requests; the outcomes, in order. */
async function send(
  storage: MemoryRateLimitStorage,
  count: number,
  make: () => ConsumeRequest,
): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) outcomes.push((await storage.consume(make())).outcome);
  return outcomes;
}

/** 60 allowed, 61 refused: the key is banned. */
async function ban(storage: MemoryRateLimitStorage, tracker: string, keyId: number, now: number) {
  const outcomes = await send(storage, 121, () => request(tracker, now, keyId));
  expect(outcomes.slice(0, 60).every((o) => o === 'allowed')).toBe(true);
  expect(outcomes.slice(60, 120).every((o) => o === 'limited')).toBe(true);
  expect(outcomes[120]).toBe('banned');
}

describe('an account among strangers', () => {
  it('keeps its ban and its counts however many addresses pass through', async () => {
    const storage = new MemoryRateLimitStorage();
    const account = accountTracker(7);
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    await ban(storage, account, 70, now);
    const before = await storage.usage(usageRequest(account, now, [70]));
    expect(before).toEqual({ counts: [60, 60], refused: 61, banEndsAt: now + 15 * MINUTE });

    for (let i = 0; i <= MAX_ADDRESSES; i++)
      await storage.consume(request(`ip:10.${i >> 16}.${(i >> 8) & 0xff}.${i & 0xff}`, now));

    expect(await storage.usage(usageRequest(account, now, [70]))).toEqual(before);
    const next = await storage.consume(request(account, now + 1_000, 70));
    expect(next).toEqual({ outcome: 'banned', counts: [60, 60], banEndsAt: now + 15 * MINUTE });
    expect(storage.held()).toEqual({ accounts: 1, addresses: MAX_ADDRESSES });
  });

  it('holds at most its number of addresses, the least recent pushed out first; one pushed out starts again', async () => {
    const storage = new MemoryRateLimitStorage({ maxAddresses: 2 });
    const now = Date.UTC(2030, 0, 1, 10, 0, 30);
    const [a, b, c] = ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map(addressTracker);
    await send(storage, 3, () => request(a!, now));
    await send(storage, 2, () => request(b!, now));
    await storage.consume(request(a!, now));
    await storage.consume(request(c!, now));
    expect(storage.held()).toEqual({ accounts: 0, addresses: 2 });
    expect((await storage.consume(request(a!, now))).counts).toEqual([5, 5]);
    expect((await storage.consume(request(b!, now))).counts).toEqual([1, 1]);
  });
});

describe('how long an account is kept', () => {
  it('until its day has ended, then it is let go', async () => {
    const storage = new MemoryRateLimitStorage();
    const nextDay = Date.UTC(2030, 0, 2);
    await storage.consume(request(accountTracker(1), Date.UTC(2030, 0, 1, 10, 0, 30)));
    await storage.consume(request(accountTracker(2), nextDay - MINUTE));
    expect(storage.held().accounts).toBe(2);
    // Both ended at midnight: let go, and the one that comes back starts a new day.
    expect((await storage.consume(request(accountTracker(2), nextDay))).counts).toEqual([1, 1]);
    expect(storage.held().accounts).toBe(1);
  });

  it('a ban that runs past the end of the day is kept until it ends', async () => {
    const storage = new MemoryRateLimitStorage();
    const account = accountTracker(3);
    const banEnd = Date.UTC(2030, 0, 2, 0, 10, 0);
    await ban(storage, account, 30, Date.UTC(2030, 0, 1, 23, 55, 0));
    const other = accountTracker(4);
    const afterMidnight = Date.UTC(2030, 0, 2, 0, 5, 0);
    await storage.consume(request(other, afterMidnight));
    expect(storage.held().accounts).toBe(2);
    expect(await storage.usage(usageRequest(account, afterMidnight, [30]))).toEqual({
      counts: [0, 0],
      refused: 0,
      banEndsAt: banEnd,
    });

    await storage.consume(request(other, banEnd));
    expect(storage.held().accounts).toBe(1);
    expect((await storage.consume(request(account, banEnd, 30))).outcome).toBe('allowed');
  });
});
