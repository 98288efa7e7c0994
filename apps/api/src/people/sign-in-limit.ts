/**
 * The limit on failed sign-ins: at most 10 per email in any 15 minutes, counted where the rate
 * limits are (in the process, or in Redis for every instance).
 */
import { hash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_MAX } from '@pets/contract';
import { CLOCK, type Clock } from '../common/clock.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from '../rate-limit/rate-limit.storage.js';

/** Failures are counted in buckets of a third of the window. */
const BUCKET_MS = SIGN_IN_FAILURE_WINDOW_MS / 3;
/** The buckets any window of 15 minutes touches: the current one and the three before it. */
const BUCKETS = 4;
/** Never reached: the count is read and compared here, not by the storage. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * Failed sign-ins per email (README: People sign in; at most 10 in 15 minutes), counted where the rate limits
 * are (this process, or Redis shared by every instance). Each failure counts in its 5-minute bucket;
 * an email is refused while the buckets that any 15 minutes ending now could touch (this one and the
 * three before) hold 10, so no 15 minutes ever see more than 10 failures. The email is counted by
 * its hash: the counters never hold an address.
 */
@Injectable()
export class SignInLimit {
  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Seconds to wait before this email may try again, or 0 when it may now. */
  async waitFor(emailKey: string): Promise<number> {
    const now = this.clock.now();
    const current = now - (now % BUCKET_MS);
    const counts = await Promise.all(
      Array.from({ length: BUCKETS }, (_, i) =>
        this.count(emailKey, current - (BUCKETS - 1 - i) * BUCKET_MS, now),
      ),
    );
    // Oldest first: when the oldest buckets have left the window, is there room again?
    let held = counts.reduce((total, count) => total + count, 0);
    for (let dropped = 0; held >= SIGN_IN_FAILURES_MAX; dropped++) {
      held -= counts[dropped] ?? 0;
      if (held < SIGN_IN_FAILURES_MAX)
        return Math.max(1, Math.ceil((current + (dropped + 1) * BUCKET_MS - now) / 1000));
    }
    return 0;
  }

  /** Counts one failure of this email now. */
  async failed(emailKey: string): Promise<void> {
    const now = this.clock.now();
    const start = now - (now % BUCKET_MS);
    await this.storage.consume({
      tracker: trackerOf(emailKey, start),
      windows: [{ name: 'sign-in', start, end: start + BUCKETS * BUCKET_MS, limit: UNLIMITED }],
      now,
    });
  }

  private async count(emailKey: string, start: number, now: number): Promise<number> {
    const usage = await this.storage.usage({
      tracker: trackerOf(emailKey, start),
      windows: [{ name: 'sign-in', start, end: start + BUCKETS * BUCKET_MS }],
      refusalsStart: start,
      keyIds: [],
      now,
    });
    return usage.counts[0] ?? 0;
  }
}

const trackerOf = (emailKey: string, bucketStart: number) =>
  `sign-in:${hash('sha256', emailKey, 'base64url').slice(0, 22)}:${bucketStart}`;
