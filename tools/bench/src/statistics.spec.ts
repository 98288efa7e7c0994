// The mean and the median of the bench's runs, and what they are of no runs at all.
import { expect, it } from 'vitest';
import { mean, median } from './statistics.js';

it('the mean of some values, and 0 of none', () => {
  expect(mean([1, 2, 6])).toBe(3);
  expect(mean([])).toBe(0);
});

it('the median: the middle value, or the mean of the two middle ones, whatever the order', () => {
  expect(median([9, 1, 5])).toBe(5);
  expect(median([4, 1, 3, 10])).toBe(3.5);
  expect(median([])).toBe(0);
});
