/**
 * The limit on failed sign-ins: at most 10 per email in any 15 minutes, counted where the rate
 * limits are (in the process, or in Redis for every instance), and taken before a password is
 * checked, so that no burst however concurrent gets more than 10 guesses checked.
 */
import { hash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { HEADERS, PROBLEMS, SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_MAX } from '@pets/contract';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import {
  RATE_LIMIT_STORAGE,
  type RateLimitStorage,
  type WindowSpec,
} from '../../rate-limit/rate-limit.storage.js';

/** Windows start every third of the failure window... */
const STEP_MS = SIGN_IN_FAILURE_WINDOW_MS / 3;
/** ...and each lasts four steps, so any 15 minutes lie inside one of them. */
const PHASES = 4;
const WINDOW_MS = PHASES * STEP_MS;

/** A check of a password that may go ahead: its place among the failures, until it is settled. */
export interface Attempt {
  readonly tracker: string;
  readonly windows: readonly WindowSpec[];
}

/** An attempt that may go ahead, or how many seconds to wait. */
export type Reservation = { attempt: Attempt; wait: 0 } | { attempt: null; wait: number };

/**
 * The windows of one email that hold `now`: one per phase. Windows of a phase follow each other
 * every 20 minutes, and the four phases are 5 minutes apart, so any 15 minutes from `a` lie inside
 * the window that starts at `a` rounded down to 5 minutes. With at most 10 in every window, no 15
 * minutes ever see more than 10. A window's place in the list is its phase, which never changes.
 */
function windowsAt(now: number): WindowSpec[] {
  return Array.from({ length: PHASES }, (_, phase) => {
    const offset = phase * STEP_MS;
    const start = now - ((((now - offset) % WINDOW_MS) + WINDOW_MS) % WINDOW_MS);
    return {
      name: `sign-in-${phase}`,
      start,
      end: start + WINDOW_MS,
      limit: SIGN_IN_FAILURES_MAX,
    };
  });
}

/**
 * Failed sign-ins per email (docs/staff/sign-in.md). Every check of a password takes a place first,
 * in one atomic step of the limiter's storage that refuses when any window holding now is full; a
 * check that succeeds gives its place back ({@link release}), one that fails keeps it. So places
 * taken and not yet settled count like failures: of 40 guesses sent at once, 10 are checked and 30
 * refused before any password is hashed. The email is counted by its hash: the counters never hold
 * an address.
 */
@Injectable()
export class SignInLimit {
  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Runs one check of this email's password (`check` resolves whether it passed) within the limit:
   * `429` with `Retry-After` when there is no place for it. A check that fails keeps its place; one
   * that passes or throws gives it back.
   */
  async checked(emailKey: string, check: () => Promise<boolean>): Promise<boolean> {
    const { attempt, wait } = await this.reserve(emailKey);
    if (!attempt)
      throw ApiException.of(PROBLEMS.signInFailuresLimited(wait), undefined, {
        [HEADERS.retryAfter]: String(wait),
      });
    let passed = true;
    try {
      passed = await check();
      return passed;
    } finally {
      if (passed) await this.release(attempt);
    }
  }

  /** A place for one check of this email's password, or the seconds to wait for one. */
  async reserve(emailKey: string): Promise<Reservation> {
    const now = this.clock.now();
    const attempt = { tracker: trackerOf(emailKey), windows: windowsAt(now) };
    const result = await this.storage.consume({ ...attempt, now });
    if (result.outcome === 'allowed') return { attempt, wait: 0 };
    // Free again once every full window has ended (the windows that follow start empty).
    let freeAt = now;
    attempt.windows.forEach((window, i) => {
      if ((result.counts[i] ?? 0) >= window.limit && window.end > freeAt) freeAt = window.end;
    });
    return { attempt: null, wait: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
  }

  /** The check found the right password (or never ran): its place is given back. */
  async release(attempt: Attempt): Promise<void> {
    await this.storage.release({ ...attempt, now: this.clock.now() });
  }
}

const trackerOf = (emailKey: string) =>
  `sign-in:${hash('sha256', emailKey, 'base64url').slice(0, 22)}`;
