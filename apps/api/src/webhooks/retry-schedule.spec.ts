// The retry schedule of decisions §22: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h
// until 3 days have passed since the first attempt; an endpoint disabled after 3 days of failing.
import { describe, expect, it } from 'vitest';
import { failedTooLong, GIVE_UP_AFTER_MS, nextAttemptAt } from './retry-schedule.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('nextAttemptAt', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h after each failure, then 10 h again', () => {
    let at = 0;
    const waits: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(0, attempt, at);
      if (next === undefined) break;
      waits.push(next - at);
      at = next;
    }
    expect(waits.slice(0, 7)).toEqual([5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H]);
    // Every wait after the sixth is 10 h, and the last try is within 3 days of the first.
    expect(waits.slice(6).every((wait) => wait === 10 * H)).toBe(true);
    expect(at).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(at + 10 * H).toBeGreaterThan(GIVE_UP_AFTER_MS);
    expect(waits).toHaveLength(11);
  });

  it('gives up once the next try would pass 3 days since the first', () => {
    expect(nextAttemptAt(0, 3, GIVE_UP_AFTER_MS - 30 * MIN)).toBe(GIVE_UP_AFTER_MS);
    expect(nextAttemptAt(0, 3, GIVE_UP_AFTER_MS - 30 * MIN + 1)).toBeUndefined();
    expect(nextAttemptAt(1_000, 1, 1_000)).toBe(1_000 + 5 * S);
  });
});

describe('failedTooLong', () => {
  it('holds once an endpoint has failed for 3 days, never when it is not failing', () => {
    expect(failedTooLong(null, GIVE_UP_AFTER_MS * 2)).toBe(false);
    expect(failedTooLong(0, GIVE_UP_AFTER_MS - 1)).toBe(false);
    expect(failedTooLong(0, GIVE_UP_AFTER_MS)).toBe(true);
  });
});
