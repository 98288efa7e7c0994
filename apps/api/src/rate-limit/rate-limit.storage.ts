/**
 * What a rate limiter's storage does, in memory or in Redis: count a request in every window of its
 * caller at once, ban keys that keep sending, and read usage without counting.
 */
import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One fixed window of one caller: the current UTC minute or the current UTC day. */
export interface WindowSpec {
  readonly name: string;
  /** Unix milliseconds at which the window started and ends. */
  readonly start: number;
  readonly end: number;
  readonly limit: number;
}

export interface ConsumeRequest {
  /** Whose counters: `account:<id>` or `ip:<address>` (see `rate-limit.tracker.ts`). */
  readonly tracker: string;
  readonly windows: readonly WindowSpec[];
  /** Keyed callers can be banned: refused requests in the current minute beyond `threshold` ban the key. */
  readonly ban?: {
    readonly keyId: number | string;
    readonly threshold: number;
    readonly durationMs: number;
    readonly minuteEnd: number;
  };
  readonly now: number;
  /** The window (the UTC day) in which refusals of this caller are counted for its usage. */
  readonly refusals?: { readonly start: number; readonly end: number };
}

/** What {@link RateLimitStorage.usage} reads for one caller. */
export interface UsageRequest {
  readonly tracker: string;
  /** The caller's current windows; their limits are not needed to read the counts. */
  readonly windows: readonly Pick<WindowSpec, 'name' | 'start' | 'end'>[];
  /** Start of the window refusals are counted in (see {@link ConsumeRequest.refusals}). */
  readonly refusalsStart: number;
  /** The caller's keys, whose bans are read. */
  readonly keyIds: readonly number[];
  readonly now: number;
}

/** A request {@link RateLimitStorage.consume} allowed, to take back. */
export interface ReleaseRequest {
  readonly tracker: string;
  readonly windows: readonly Pick<WindowSpec, 'name' | 'start' | 'end'>[];
  readonly now: number;
}

export interface Usage {
  /** Requests counted in each window, in request order. */
  readonly counts: readonly number[];
  /** Refusals counted since `refusalsStart`. */
  readonly refused: number;
  /** When the latest ban of one of the keys ends; `null` without one. */
  readonly banEndsAt: number | null;
}

export type ConsumeOutcome = 'allowed' | 'limited' | 'banned';

export interface ConsumeResult {
  readonly outcome: ConsumeOutcome;
  /** Requests counted in each window (after this one, when it was allowed), in request order. */
  readonly counts: readonly number[];
  /** When banned: Unix milliseconds at which the ban ends, a whole second ({@link banEnd}). */
  readonly banEndsAt?: number;
}

/**
 * When a ban that begins `now` ends: `durationMs` later, rounded up to a whole second, so that the
 * headers built from it (`X-RateLimit-Reset` is in seconds) are whole and the same in every answer.
 */
export const banEnd = (now: number, durationMs: number): number =>
  Math.ceil((now + durationMs) / 1000) * 1000;

/**
 * @nestjs/throttler's storage. Its `increment` counts one window per call; our limits need every
 * window of a caller checked and counted at once (a request refused by one window uses no quota in
 * the other) and bans for keys that keep sending while limited, so `consume` does that in one
 * atomic step, and `increment` is `consume` with one window.
 */
export interface RateLimitStorage extends ThrottlerStorage {
  consume(request: ConsumeRequest): Promise<ConsumeResult>;
  /** The caller's counts as they stand, changing nothing. */
  usage(request: UsageRequest): Promise<Usage>;
  /**
   * Takes back one request counted by {@link consume} in these windows, in those of them that have
   * not been replaced by their next; never below 0.
   */
  release(request: ReleaseRequest): Promise<void>;
  /** `ok`, or why the storage is not what it should be (the limiter still works). */
  health(): string;
  close(): Promise<void>;
}

/**
 * ThrottlerStorage's `increment` through `consume`: a fixed window of `ttl` ms, and, with a block
 * duration, blocked from the first refused request for that long (as the throttler's own storage).
 */
export async function incrementByConsume(
  storage: Pick<RateLimitStorage, 'consume'>,
  key: string,
  ttl: number,
  limit: number,
  blockDuration: number,
  throttlerName: string,
  now = Date.now(),
): Promise<ThrottlerStorageRecord> {
  const start = now - (now % ttl);
  const end = start + ttl;
  const result = await storage.consume({
    tracker: key,
    windows: [{ name: throttlerName, start, end, limit }],
    now,
    ban:
      blockDuration > 0
        ? { keyId: 0, threshold: 0, durationMs: blockDuration, minuteEnd: end }
        : undefined,
  });
  const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
  const blocked = result.outcome !== 'allowed';
  return {
    totalHits: (result.counts[0] ?? 0) + (blocked ? 1 : 0),
    timeToExpire: seconds(end - now),
    isBlocked: blocked,
    timeToBlockExpire: blocked ? seconds((result.banEndsAt ?? end) - now) : 0,
  };
}

export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');
