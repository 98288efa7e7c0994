/**
 * The rate limiter's counters and bans in Redis (REDIS_URL), shared by every instance, each request
 * one atomic script; while Redis cannot be reached, the instance counts on its own.
 */
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import type { LoggerService } from '@nestjs/common';
import { PAGE_VERSION_KEY, type PageVersion } from '../paging/page-version.js';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import {
  banEnd,
  type ConsumeRequest,
  type ConsumeResult,
  incrementByConsume,
  type RateLimitStorage,
  type ReleaseRequest,
  type Usage,
  type UsageRequest,
} from './rate-limit.storage.js';

/**
 * Checks every window and counts the request in all of them only if none is full, or counts a
 * refusal and bans the key past its threshold: one round trip, atomic, so any number of instances
 * together never admit more than the limit. Every refusal (limited or banned) is also counted in
 * the caller's refusal window (its UTC day), for its usage.
 *
 * KEYS: ban, refused, refusals, the page version, window 1 … window n
 * ARGV: banThreshold, banMs (0: no bans), refusedTtlMs, refusalsTtlMs (0: not counted), then limit
 *       and ttlMs per window, then banEnd (Unix ms, a whole second: what a new ban holds)
 * Returns: { outcome (0 allowed, 1 limited, 2 banned), banTtlMs, banEnd (0: a ban that holds none,
 *          from before bans held their end), the page version (nil: none), count 1 … count n }
 *
 * The page version (paging/page-version.ts) is read here, in the round trip the count makes. Its
 * key is global while the others carry the caller's hash tag: the script needs one Redis (with a
 * replica to fail over to, or not), not a Redis Cluster.
 */
const CONSUME = `
local function refusal()
  if tonumber(ARGV[4]) > 0 and redis.call('INCR', KEYS[3]) == 1 then
    redis.call('PEXPIRE', KEYS[3], ARGV[4])
  end
end
local banTtl = 0
local banEnd = 0
if tonumber(ARGV[2]) > 0 then
  banTtl = redis.call('PTTL', KEYS[1])
  if banTtl > 0 then banEnd = tonumber(redis.call('GET', KEYS[1])) or 0 end
end
local version = redis.call('GET', KEYS[4])
local n = #KEYS - 4
local counts = {}
local full = false
for i = 1, n do
  counts[i] = tonumber(redis.call('GET', KEYS[i + 4]) or '0')
  if counts[i] >= tonumber(ARGV[3 + 2 * i]) then full = true end
end
if banTtl > 0 then
  refusal()
  return { 2, banTtl, banEnd, version, unpack(counts) }
end
if not full then
  for i = 1, n do
    counts[i] = redis.call('INCR', KEYS[i + 4])
    if counts[i] == 1 then redis.call('PEXPIRE', KEYS[i + 4], ARGV[4 + 2 * i]) end
  end
  return { 0, 0, 0, version, unpack(counts) }
end
refusal()
if tonumber(ARGV[2]) > 0 then
  local refused = redis.call('INCR', KEYS[2])
  if refused == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
  if refused > tonumber(ARGV[1]) then
    redis.call('SET', KEYS[1], ARGV[#ARGV], 'PX', ARGV[2])
    return { 2, tonumber(ARGV[2]), tonumber(ARGV[#ARGV]), version, unpack(counts) }
  end
end
return { 1, 0, 0, version, unpack(counts) }
`;

/**
 * Reads a caller's counts, changing nothing.
 *
 * KEYS: refusals, window 1 … window n, ban 1 … ban m
 * ARGV: n
 * Returns: { refusals, count 1 … count n, banTtlMs 1 … banTtlMs m (negative: no ban) }
 */
const USAGE = `
local n = tonumber(ARGV[1])
local out = { tonumber(redis.call('GET', KEYS[1]) or '0') }
for i = 2, n + 1 do out[#out + 1] = tonumber(redis.call('GET', KEYS[i]) or '0') end
for i = n + 2, #KEYS do out[#out + 1] = redis.call('PTTL', KEYS[i]) end
return out
`;

/**
 * Takes back one count from each window that still holds one (a window that ended is gone).
 *
 * KEYS: window 1 … window n
 */
const RELEASE = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

/** Without a ban (ARGV[2] is 0) the script never reads its first two keys; it needs only their places. */
const placeholders = (tag: string) => [
  // Stryker disable next-line StringLiteral: never read, so its name makes no difference
  `rl:${tag}:ban:-`,
  // Stryker disable next-line StringLiteral: never read, so its name makes no difference
  `rl:${tag}:refused:-`,
];

const banKey = (tag: string, keyId: number | string) => `rl:${tag}:ban:${keyId}`;
const refusalsKey = (tag: string, start: number | string) => `rl:${tag}:refusals:${start}`;
const windowKey = (tag: string, window: { name: string; start: number }) =>
  `rl:${tag}:${window.name}:${window.start}`;

/** Lua's `false` (no version) comes back as null. */
type ConsumeReply = [number, number, number, string | null, ...number[]];

interface RedisWithConsume extends Redis {
  petsConsume(...args: (string | number)[]): Promise<ConsumeReply>;
  petsUsage(...args: (string | number)[]): Promise<number[]>;
  petsRelease(...args: (string | number)[]): Promise<number>;
}

/** Without Redis, each instance counts on its own and says so, once, in its log and in /readyz. */
export class RedisRateLimitStorage implements RateLimitStorage {
  private readonly redis: RedisWithConsume;
  private readonly fallback = new MemoryRateLimitStorage();
  private usingFallback = false;

  constructor(
    url: string,
    private readonly logger: LoggerService,
    /** Read with every count, in its script (paging/page-version.ts). */
    private readonly pageVersion?: PageVersion,
  ) {
    const redis = new Redis(url, {
      // Fail at once while disconnected (the fallback counts); reconnect in the background.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      lazyConnect: false,
    });
    redis.defineCommand('petsConsume', { lua: CONSUME });
    redis.defineCommand('petsUsage', { lua: USAGE });
    redis.defineCommand('petsRelease', { lua: RELEASE });
    redis.on('error', () => {
      // Reported through fallback(); ioredis keeps reconnecting.
    });
    redis.on('ready', () => {
      void pageVersion?.ensure();
      if (this.usingFallback) {
        this.usingFallback = false;
        this.logger.log('Redis is reachable again: rate-limit counters are shared again');
      }
    });
    this.redis = redis as RedisWithConsume;
    pageVersion?.attach(redis);
  }

  async consume(request: ConsumeRequest): Promise<ConsumeResult> {
    if (this.redis.status !== 'ready')
      return this.fallBack(request, `not connected (${this.redis.status})`);
    const tag = `{${request.tracker}}`;
    const { ban, windows, now, refusals } = request;
    const keys = [
      ...(ban
        ? [banKey(tag, ban.keyId), `rl:${tag}:refused:${ban.keyId}:${ban.minuteEnd}`]
        : placeholders(tag)),
      refusalsKey(tag, refusals ? refusals.start : '-'),
      PAGE_VERSION_KEY,
      ...windows.map((window) => windowKey(tag, window)),
    ];
    // A new ban ends on a whole second: its end is stored, and every answer gives that same end.
    const end = ban ? banEnd(now, ban.durationMs) : 0;
    const args = [
      ban ? ban.threshold : 0,
      ban ? end - now : 0,
      ban ? Math.max(1, ban.minuteEnd - now) : 1,
      refusals ? Math.max(1, refusals.end - now) : 0,
      ...windows.flatMap((window) => [window.limit, Math.max(1, window.end - now)]),
      end,
    ];
    let reply: ConsumeReply;
    try {
      reply = await this.redis.petsConsume(keys.length, ...keys, ...args);
    } catch (error) {
      return this.fallBack(request, error instanceof Error ? error.message : String(error));
    }
    const [outcome, banTtl, storedEnd, version, ...counts] = reply;
    this.pageVersion?.observe(version);
    if (outcome === 2)
      // A ban set before bans held their end holds '1': its end from its time to live.
      return { outcome: 'banned', counts, banEndsAt: storedEnd > 1 ? storedEnd : now + banTtl };
    return { outcome: outcome === 0 ? 'allowed' : 'limited', counts };
  }

  async usage(request: UsageRequest): Promise<Usage> {
    if (this.redis.status !== 'ready') return this.fallback.usage(request);
    const tag = `{${request.tracker}}`;
    const { windows, keyIds, now } = request;
    const keys = [
      refusalsKey(tag, request.refusalsStart),
      ...windows.map((window) => windowKey(tag, window)),
      ...keyIds.map((keyId) => banKey(tag, keyId)),
    ];
    let reply: number[];
    try {
      reply = await this.redis.petsUsage(keys.length, ...keys, windows.length);
    } catch {
      // What this instance counted while Redis was away, as /readyz says.
      return this.fallback.usage(request);
    }
    const [refused = 0, ...rest] = reply;
    const banTtl = Math.max(0, ...rest.slice(windows.length));
    return {
      counts: rest.slice(0, windows.length),
      refused,
      banEndsAt: banTtl > 0 ? now + banTtl : null,
    };
  }

  async release(request: ReleaseRequest): Promise<void> {
    if (this.redis.status !== 'ready') return this.fallback.release(request);
    const tag = `{${request.tracker}}`;
    const keys = request.windows.map((window) => windowKey(tag, window));
    try {
      await this.redis.petsRelease(keys.length, ...keys);
    } catch {
      // Counted in this instance while Redis was away: taken back there.
      await this.fallback.release(request);
    }
  }

  private fallBack(request: ConsumeRequest, reason: string): Promise<ConsumeResult> {
    this.pageVersion?.observe(null);
    if (!this.usingFallback) {
      this.usingFallback = true;
      this.logger.warn(
        `Redis is unreachable (${reason}): counting rate limits in this instance until it returns`,
      );
    }
    return this.fallback.consume(request);
  }

  increment(
    ...args: Parameters<ThrottlerStorage['increment']>
  ): ReturnType<ThrottlerStorage['increment']> {
    return incrementByConsume(this, ...args);
  }

  health(): string {
    return this.redis.status === 'ready'
      ? 'ok'
      : 'unreachable: counting rate limits in this instance';
  }

  async close(): Promise<void> {
    // Once closed, quit() rejects and disconnect() does nothing: closing twice is harmless.
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}
