import type { ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import {
  banEnd,
  type ConsumeRequest,
  type ConsumeResult,
  incrementByConsume,
  type RateLimitStorage,
  type Usage,
  type UsageRequest,
} from './rate-limit.storage.js';

/** How many callers (accounts and client addresses) are remembered; the least recent go first. */
const MAX_TRACKERS = 200_000;

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
}

/** One more refusal in the caller's refusal window (a new window starts the count again). */
function countRefusal(tracked: Tracked, window: ConsumeRequest['refusals']): void {
  if (!window) return;
  const current = tracked.refusals;
  if (current && current.start >= window.start) current.count++;
  else tracked.refusals = { start: window.start, count: 1 };
}

/**
 * Counters in this process: one record per caller, changed in place, so a request costs one lookup
 * (an entry per window and per ban, each with its own expiry, cost three lookups and two timed
 * writes). A window that has ended is replaced by the next when a request is counted in it; a
 * request stamped in a window older than the one counted (the clock stepped back) counts in the
 * newer one. The LRU bounds memory however many callers pass through.
 */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly trackers = new LRUCache<string, Tracked>({ max: MAX_TRACKERS });

  consume(request: ConsumeRequest): Promise<ConsumeResult> {
    const { tracker, windows, ban, now } = request;
    let tracked = this.trackers.get(tracker);
    if (!tracked) {
      tracked = { windows: [] };
      this.trackers.set(tracker, tracked);
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
      record.refused++;
      if (record.refused > ban.threshold) {
        record.banEndsAt = banEnd(now, ban.durationMs);
        return Promise.resolve({ outcome: 'banned', counts, banEndsAt: record.banEndsAt });
      }
    }
    return Promise.resolve({ outcome: 'limited', counts });
  }

  usage({ tracker, windows, refusalsStart, keyIds, now }: UsageRequest): Promise<Usage> {
    // A read does not make a caller recent: peek, not get.
    const tracked = this.trackers.peek(tracker);
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
