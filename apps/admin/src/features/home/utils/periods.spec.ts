/** Proves the report's ranges: ISO weeks from Monday and calendar months, in UTC, `to` excluded. */
import { describe, expect, it } from 'vitest';
import { thisMonth, thisWeek } from './periods.js';

describe('periods', () => {
  it('takes the week from Monday, whatever the day', () => {
    expect(thisWeek(new Date('2026-11-28T23:59:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-30',
    });
    expect(thisWeek(new Date('2026-11-30T00:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-07',
    });
    expect(thisWeek(new Date('2026-12-06T12:00:00Z'))).toEqual({
      from: '2026-11-30',
      to: '2026-12-07',
    });
  });

  it('takes the month to the first of the next, across a year', () => {
    expect(thisMonth(new Date('2026-11-28T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    expect(thisMonth(new Date('2026-12-31T23:00:00Z'))).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
  });
});
