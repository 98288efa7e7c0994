import type { ThrottlerStorage } from '@nestjs/throttler';
import { LRUCache } from 'lru-cache';
import type { ConsumeRequest, ConsumeResult, RateLimitStorage } from './rate-limit.storage.js';

const MAX_ENTRIES = 200_000;

/**
 * Counters in this process. Fixed windows are keyed by their start, so an entry is never reset,
 * only forgotten: the LRU bounds memory however many callers and windows pass through.
 */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly counters = new LRUCache<string, number>({ max: MAX_ENTRIES });
  private readonly bans = new LRUCache<string, number>({ max: MAX_ENTRIES });

  consume({ tracker, windows, ban, now }: ConsumeRequest): Promise<ConsumeResult> {
    const keys = windows.map((window) => `${tracker}:${window.name}:${window.start}`);
    const counts = keys.map((key) => this.counters.get(key) ?? 0);

    const banKey = ban ? `${tracker}:ban:${ban.keyId}` : undefined;
    const banEndsAt = banKey ? this.bans.get(banKey) : undefined;
    if (banEndsAt !== undefined && banEndsAt > now)
      return Promise.resolve({ outcome: 'banned', counts, banEndsAt });

    const limited = windows.some((window, i) => (counts[i] ?? 0) >= window.limit);
    if (!limited) {
      const after = keys.map((key, i) => {
        const count = (counts[i] ?? 0) + 1;
        this.counters.set(key, count, { ttl: Math.max(1, (windows[i]?.end ?? now) - now) });
        return count;
      });
      return Promise.resolve({ outcome: 'allowed', counts: after });
    }

    if (ban && banKey) {
      const refusedKey = `${tracker}:refused:${ban.keyId}:${ban.minuteEnd}`;
      const refused = (this.counters.get(refusedKey) ?? 0) + 1;
      this.counters.set(refusedKey, refused, { ttl: Math.max(1, ban.minuteEnd - now) });
      if (refused > ban.threshold) {
        const endsAt = now + ban.durationMs;
        this.bans.set(banKey, endsAt, { ttl: ban.durationMs });
        return Promise.resolve({ outcome: 'banned', counts, banEndsAt: endsAt });
      }
    }
    return Promise.resolve({ outcome: 'limited', counts });
  }

  /** @nestjs/throttler's single-window contract, for anything that uses the storage directly. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    const now = Date.now();
    const start = Math.floor(now / ttl) * ttl;
    const result = await this.consume({
      tracker: key,
      windows: [{ name: throttlerName, start, end: start + ttl, limit }],
      now,
    });
    const blocked = result.outcome !== 'allowed';
    return {
      totalHits: (result.counts[0] ?? 0) + (blocked ? 1 : 0),
      timeToExpire: Math.ceil((start + ttl - now) / 1000),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? Math.ceil(Math.min(blockDuration, start + ttl - now) / 1000) : 0,
    };
  }

  health(): string {
    return 'ok';
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
