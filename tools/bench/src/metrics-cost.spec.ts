// The arithmetic of what metrics cost: paired differences and their interval, the parts summed,
// and a series summed from the metrics text.
import { expect, it } from 'vitest';
import { metricsCostPerRequest, pairedDifference, sumOfSeries, t95 } from './metrics-cost.js';

it('pairs each round: a difference that holds in every round has a narrow interval', () => {
  // Both sides drift from round to round by far more than they differ.
  const without = [250, 290, 260, 310, 270];
  const withMetrics = without.map((value, i) => value + 2 + (i % 2 === 0 ? 0.5 : -0.5));
  const { mean, halfWidth } = pairedDifference(withMetrics, without);
  expect(mean).toBeCloseTo(2.1, 10);
  // sd of the differences 0.5477, t(4) = 2.776, n = 5.
  expect(halfWidth).toBeCloseTo((2.776 * 0.5477226) / Math.sqrt(5), 5);
});

it('gives no interval from one round, and refuses unpaired values', () => {
  expect(pairedDifference([3], [1])).toEqual({ mean: 2, halfWidth: Number.POSITIVE_INFINITY });
  expect(() => pairedDifference([1, 2], [1])).toThrow(/as many values/);
  expect(t95(1)).toBe(12.706);
  expect(t95(30)).toBe(2.042);
  expect(t95(100)).toBe(1.96);
});

it('sums counting, background spread over the requests, and collections recorded', () => {
  const cost = metricsCostPerRequest({
    countingNanos: { with: 62, without: 12 },
    idleMicrosPerSecond: { with: 1_400, without: 500 },
    requestsPerSecond: 3_000,
    collectionsPerRequest: 0.02,
    collectionRecordNanos: 900,
  });
  expect(cost.counting).toBeCloseTo(0.05, 10);
  expect(cost.background).toBeCloseTo(0.3, 10);
  expect(cost.collections).toBeCloseTo(0.018, 10);
  expect(cost.total).toBeCloseTo(0.368, 10);
});

it('counts a part measured below zero (noise) as nothing, not as a saving', () => {
  const cost = metricsCostPerRequest({
    countingNanos: { with: 10, without: 12 },
    idleMicrosPerSecond: { with: 400, without: 500 },
    requestsPerSecond: 0,
    collectionsPerRequest: 0,
    collectionRecordNanos: 900,
  });
  expect(cost).toEqual({ counting: 0, background: 0, collections: 0, total: 0 });
});

it("sums a metric's series across labels, and no other metric's", () => {
  const text = [
    '# HELP nodejs_gc_duration_seconds Garbage collection duration by kind.',
    '# TYPE nodejs_gc_duration_seconds histogram',
    'nodejs_gc_duration_seconds_count{kind="minor"} 120',
    'nodejs_gc_duration_seconds_count{kind="major"} 3',
    'nodejs_gc_duration_seconds_count_other 99',
    'nodejs_gc_duration_seconds_sum{kind="minor"} 0.5',
    'up 1',
  ].join('\n');
  expect(sumOfSeries(text, 'nodejs_gc_duration_seconds_count')).toBe(123);
  expect(sumOfSeries(text, 'up')).toBe(1);
  expect(sumOfSeries(text, 'absent')).toBe(0);
});
