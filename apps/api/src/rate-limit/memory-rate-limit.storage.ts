/**
 * The rate limiter's counters and bans in this process, used when REDIS_URL is not set: accounts
 * kept apart from client addresses, of which at most RATE_LIMIT_ADDRESSES are remembered.
 */
import type { ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
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
import { DEFAULT_RATE_LIMIT_ADDRESSES } from '../config/config.schema.js';
import { isAccountTracker } from './rate-limit.tracker.js';

/** How many client addresses are remembered by default; the least recent go first. */
export const MAX_ADDRESSES = DEFAULT_RATE_LIMIT_ADDRESSES;

/** How often accounts whose windows and bans have all ended are let go. */
const SWEEP_MS = 60_000;

/** One window's count, for the window that started at `start`. */
interface Count {
  start: number;
  count: number;
}

/** A key's refusals in one minute, and its ban. */
interface KeyRecord {
  minuteEnd: number;
  refused: number;
  banEndsAt: number;
}

/** Everything counted for one caller: one entry, read once per request. */
interface Tracked {
  /** By the position of the window in the request (the throttlers' order, which never changes). */
  readonly windows: Count[];
  /** Only for keys that were ever refused. */
  keys?: Map<number | string, KeyRecord>;
  /** Refusals in the window that started at `start` (the UTC day); only once refused. */
  refusals?: Count;
  /** When everything held here has ended (windows, refusal window, key minutes, bans). */
  until: number;
}

/** One more refusal in the caller's refusal window (a new window starts the count again). */
function countRefusal(tracked: Tracked, window: ConsumeRequest['refusals']): void {
  if (!window) return;
  const current = tracked.refusals;
  if (current && current.start >= window.start) current.count++;
  else {
    tracked.refusals = { start: window.start, count: 1 };
    if (window.end > tracked.until) tracked.until = window.end;
  }
}

/**
 * One record per caller, changed in place, so a request costs one lookup. A window that has ended is
 * replaced by the next when a request is counted in it; a request stamped in a window older than
 * the one counted (the clock stepped back) counts in the newer one. Accounts are held apart so that
 * no number of strangers can push an account's counts or bans out; one is let go once all it holds
 * has ended (swept once a minute). An address pushed out only starts its counts again.
 */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly accounts = new Map<string, Tracked>();
  private readonly addresses: LRUCache<string, Tracked>;
  private nextSweep = 0;

  constructor({ maxAddresses = MAX_ADDRESSES }: { maxAddresses?: number } = {}) {
    this.addresses = new LRUCache({ max: maxAddresses });
  }

  /** How many callers are held now. */
  held(): { accounts: number; addresses: number } {
    return { accounts: this.accounts.size, addresses: this.addresses.size };
  }

  consume(request: ConsumeRequest): Promise<ConsumeResult> {
    const { tracker, windows, ban, now } = request;
    const account = isAccountTracker(tracker);
    if (account && now >= this.nextSweep) this.sweep(now);
    const store = account ? this.accounts : this.addresses;
    let tracked = store.get(tracker);
    if (!tracked) {
      tracked = { windows: [], until: 0 };
      store.set(tracker, tracked);
    }
    const counted = tracked.windows;
    const counts = windows.map((window, i) => {
      const current = counted[i];
      return current && current.start >= window.start ? current.count : 0;
    });

    const key = ban && tracked.keys?.get(ban.keyId);
    if (key && key.banEndsAt > now) {
      countRefusal(tracked, request.refusals);
      return Promise.resolve({ outcome: 'banned', counts, banEndsAt: key.banEndsAt });
    }

    if (windows.every((window, i) => (counts[i] as number) < window.limit)) {
      const after = windows.map((window, i) => {
        const current = counted[i];
        if (current && current.start >= window.start) return ++current.count;
        counted[i] = { start: window.start, count: 1 };
        if (window.end > tracked.until) tracked.until = window.end;
        return 1;
      });
      return Promise.resolve({ outcome: 'allowed', counts: after });
    }

    countRefusal(tracked, request.refusals);
    if (ban) {
      tracked.keys ??= new Map();
      let record = tracked.keys.get(ban.keyId);
      if (!record) {
        record = { minuteEnd: ban.minuteEnd, refused: 0, banEndsAt: 0 };
        tracked.keys.set(ban.keyId, record);
      }
      if (record.minuteEnd !== ban.minuteEnd) {
        record.minuteEnd = ban.minuteEnd;
        record.refused = 0;
      }
      if (ban.minuteEnd > tracked.until) tracked.until = ban.minuteEnd;
      record.refused++;
      if (record.refused > ban.threshold) {
        record.banEndsAt = banEnd(now, ban.durationMs);
        if (record.banEndsAt > tracked.until) tracked.until = record.banEndsAt;
        return Promise.resolve({ outcome: 'banned', counts, banEndsAt: record.banEndsAt });
      }
    }
    return Promise.resolve({ outcome: 'limited', counts });
  }

  usage({ tracker, windows, refusalsStart, keyIds, now }: UsageRequest): Promise<Usage> {
    // A read does not make a caller recent: peek, not get.
    const tracked = isAccountTracker(tracker)
      ? this.accounts.get(tracker)
      : this.addresses.peek(tracker);
    const counts = windows.map((window, i) => {
      const current = tracked?.windows[i];
      return current && current.start >= window.start ? current.count : 0;
    });
    const refusals = tracked?.refusals;
    let banEndsAt: number | null = null;
    for (const keyId of keyIds) {
      const endsAt = tracked?.keys?.get(keyId)?.banEndsAt ?? 0;
      if (endsAt > now && endsAt > (banEndsAt ?? 0)) banEndsAt = endsAt;
    }
    return Promise.resolve({
      counts,
      refused: refusals && refusals.start >= refusalsStart ? refusals.count : 0,
      banEndsAt,
    });
  }

  release({ tracker, windows }: ReleaseRequest): Promise<void> {
    const tracked = isAccountTracker(tracker)
      ? this.accounts.get(tracker)
      : this.addresses.peek(tracker);
    windows.forEach((window, i) => {
      const current = tracked?.windows[i];
      if (current && current.start === window.start && current.count > 0) current.count--;
    });
    return Promise.resolve();
  }

  /** Lets go of the accounts whose windows and bans have all ended: they hold nothing that counts. */
  private sweep(now: number): void {
    this.nextSweep = now + SWEEP_MS;
    for (const [tracker, tracked] of this.accounts)
      if (tracked.until <= now) this.accounts.delete(tracker);
  }

  increment(
    ...args: Parameters<ThrottlerStorage['increment']>
  ): ReturnType<ThrottlerStorage['increment']> {
    return incrementByConsume(this, ...args);
  }

  health(): string {
    return 'ok';
  }

  // Stryker disable next-line BlockStatement: nothing to release; shutdown awaits undefined and a resolved promise alike.
  close(): Promise<void> {
    return Promise.resolve();
  }
}
