// The memory run's figures from RSS samples: growth from end to end, and the trend between the
// peaks of the first and the last tenth, which a collection cycle cannot fake.
import { expect, it } from 'vitest';
import { memoryGrowth } from './fixed-rate-and-memory.js';

it('compares the peaks of the first and the last tenth, and the two ends, for each instance', () => {
  // Two instances; the first's RSS saws up and down by collection, the second's climbs.
  const samples = Array.from({ length: 20 }, (_, i) => [
    100 + (i % 2 === 0 ? 0 : 30),
    200 + i * 1.25,
  ]);
  expect(memoryGrowth(samples)).toEqual({
    rssBeforeMb: [100, 200],
    rssAfterMb: [130, 223.75],
    growthMb: [30, 23.8],
    firstTenthPeakMb: [130, 201.25],
    lastTenthPeakMb: [130, 223.75],
    trendMb: [0, 22.5],
  });
});

it('a run too short for tenths compares its first and its last reading', () => {
  expect(memoryGrowth([[50], [80]])).toMatchObject({ growthMb: [30], trendMb: [30] });
});
