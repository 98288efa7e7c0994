import type { ThrottlerStorage } from '@nestjs/throttler';

/** One fixed window of one caller: the current UTC minute or the current UTC day. */
export interface WindowSpec {
  readonly name: string;
  /** Unix milliseconds at which the window started and ends. */
  readonly start: number;
  readonly end: number;
  readonly limit: number;
}

export interface ConsumeRequest {
  /** Whose counters: `account:<id>` or `ip:<address>`. */
  readonly tracker: string;
  readonly windows: readonly WindowSpec[];
  /** Keyed callers can be banned: refused requests in the current minute beyond `threshold` ban the key. */
  readonly ban?: {
    readonly keyId: number;
    readonly threshold: number;
    readonly durationMs: number;
    readonly minuteEnd: number;
  };
  readonly now: number;
}

export type ConsumeOutcome = 'allowed' | 'limited' | 'banned';

export interface ConsumeResult {
  readonly outcome: ConsumeOutcome;
  /** Requests counted in each window (after this one, when it was allowed), in request order. */
  readonly counts: readonly number[];
  /** When banned: Unix milliseconds at which the ban ends. */
  readonly banEndsAt?: number;
}

/**
 * @nestjs/throttler's storage, plus what our limits need and its `increment` cannot say: every
 * window of a caller checked and counted at once (a request refused by one window uses no quota in
 * the other), and bans for keys that keep sending while limited.
 */
export interface RateLimitStorage extends ThrottlerStorage {
  consume(request: ConsumeRequest): Promise<ConsumeResult>;
  /** `ok`, or why the storage is not what it should be (the limiter still works). */
  health(): string;
  close(): Promise<void>;
}

export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');
