import type { ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import {
  type ConsumeRequest,
  type ConsumeResult,
  incrementByConsume,
  type RateLimitStorage,
} from './rate-limit.storage.js';

const MAX_ENTRIES = 200_000;

const banKeyOf = (tracker: string, keyId: number | string) => `${tracker}:ban:${keyId}`;

/**
 * Counters in this process. Fixed windows are keyed by their start, so an entry is never reset,
 * only forgotten: the LRU bounds memory however many callers and windows pass through.
 */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly counters = new LRUCache<string, number>({ max: MAX_ENTRIES });
  private readonly bans = new LRUCache<string, number>({ max: MAX_ENTRIES });

  consume({ tracker, windows, ban, now }: ConsumeRequest): Promise<ConsumeResult> {
    const slots = windows.map((window) => {
      const key = `${tracker}:${window.name}:${window.start}`;
      return { window, key, count: this.counters.get(key) ?? 0 };
    });
    const counts = slots.map((slot) => slot.count);

    const banEndsAt = ban && this.bans.get(banKeyOf(tracker, ban.keyId));
    if ((banEndsAt ?? 0) > now) return Promise.resolve({ outcome: 'banned', counts, banEndsAt });

    if (!slots.some((slot) => slot.count >= slot.window.limit)) {
      const after = slots.map(({ window, key, count }) => {
        this.counters.set(key, count + 1, { ttl: Math.max(1, window.end - now) });
        return count + 1;
      });
      return Promise.resolve({ outcome: 'allowed', counts: after });
    }

    if (ban) {
      const refusedKey = `${tracker}:refused:${ban.keyId}:${ban.minuteEnd}`;
      const refused = (this.counters.get(refusedKey) ?? 0) + 1;
      this.counters.set(refusedKey, refused, { ttl: Math.max(1, ban.minuteEnd - now) });
      if (refused > ban.threshold) {
        const endsAt = now + ban.durationMs;
        this.bans.set(banKeyOf(tracker, ban.keyId), endsAt, { ttl: ban.durationMs });
        return Promise.resolve({ outcome: 'banned', counts, banEndsAt: endsAt });
      }
    }
    return Promise.resolve({ outcome: 'limited', counts });
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
