// The mean, the median and the percentiles of the bench's runs, and what they are of no runs at all.
import { expect, it } from 'vitest';
import { mean, median, percentile } from './statistics.js';

it('the mean of some values, and 0 of none', () => {
  expect(mean([1, 2, 6])).toBe(3);
  expect(mean([])).toBe(0);
});

it('the median: the middle value, or the mean of the two middle ones, whatever the order', () => {
  expect(median([9, 1, 5])).toBe(5);
  expect(median([4, 1, 3, 10])).toBe(3.5);
  expect(median([])).toBe(0);
});

it('a percentile by nearest rank: one of the values, whatever the order, and 0 of none', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
  expect(percentile(hundred, 99)).toBe(99);
  expect(percentile(hundred, 50)).toBe(50);
  expect(percentile(hundred, 100)).toBe(100);
  expect(percentile([7, 3], 99)).toBe(7);
  expect(percentile([7, 3], 50)).toBe(3);
  expect(percentile([5], 0)).toBe(5);
  expect(percentile([], 99)).toBe(0);
});
