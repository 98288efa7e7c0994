// The adoptions report in the contract: its dates, its range and its grouping refused as the API
// refuses them, and ISO weeks named as ISO 8601 names them, across years.
import { describe, expect, it } from 'vitest';
import { AdoptionsReport, AdoptionsReportQuery, dayStart, isoWeekOf } from './report.schema.js';
import { toErrorDetails } from './validation.js';

const problems = (value: unknown) => {
  const result = AdoptionsReportQuery.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-W48'],
    ['2026-11-29T23:59:59.999Z', '2026-W48'],
    ['2026-11-30T00:00:00Z', '2026-W49'],
    // 2026 starts on a Thursday: it has 53 weeks, the last ending on Sunday 3 January 2027.
    ['2026-01-01T00:00:00Z', '2026-W01'],
    ['2026-12-31T12:00:00Z', '2026-W53'],
    ['2027-01-03T23:59:59.999Z', '2026-W53'],
    ['2027-01-04T00:00:00Z', '2027-W01'],
    // A Monday of week 1 in the year before: 29 December 2025.
    ['2025-12-29T00:00:00Z', '2026-W01'],
    ['2025-12-28T23:59:59.999Z', '2025-W52'],
    ['2021-01-03T00:00:00Z', '2020-W53'],
  ])('puts %s in %s', (at, week) => {
    expect(isoWeekOf(Date.parse(at))).toBe(week);
  });
});

describe('dayStart', () => {
  it('reads real dates only', () => {
    expect(dayStart('2026-11-23')).toBe(Date.UTC(2026, 10, 23));
    expect(dayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    for (const text of ['2026-02-29', '2026-13-01', '2026-11-31', '2026-1-01', '26-11-01', ''])
      expect(dayStart(text), text).toBeUndefined();
  });
});

describe('AdoptionsReportQuery', () => {
  it('takes a range of up to 366 days and a grouping', () => {
    expect(
      AdoptionsReportQuery.parse({ from: '2026-11-01', to: '2026-12-01', by: 'week' }),
    ).toEqual({ from: '2026-11-01', to: '2026-12-01', by: 'week' });
    expect(problems({ from: '2028-01-01', to: '2029-01-01', by: 'account' })).toEqual([]);
    expect(problems({ from: '2026-01-01', to: '2026-01-02', by: 'account' })).toEqual([]);
  });

  it('refuses what is missing, malformed, empty, reversed or longer than 366 days', () => {
    expect(problems('from=2026-11-01')).toEqual([{ field: '', issue: 'must be a query string' }]);
    expect(problems({})).toEqual([
      { field: 'from', issue: 'must be a date, YYYY-MM-DD' },
      { field: 'to', issue: 'must be a date, YYYY-MM-DD' },
      { field: 'by', issue: 'must be one of account, week' },
    ]);
    expect(problems({ from: '2026-02-30', to: '2026-03-01', by: 'day' })).toEqual([
      { field: 'from', issue: 'must be a date, YYYY-MM-DD' },
      { field: 'by', issue: 'must be one of account, week' },
    ]);
    expect(problems({ from: '2026-03-01', to: '2026-03-01', by: 'week' })).toEqual([
      { field: 'to', issue: 'must be after from' },
    ]);
    expect(problems({ from: '2026-03-02', to: '2026-03-01', by: 'week' })).toEqual([
      { field: 'to', issue: 'must be after from' },
    ]);
    expect(problems({ from: '2026-01-01', to: '2027-01-03', by: 'week' })).toEqual([
      { field: 'to', issue: 'must be at most 366 days after from' },
    ]);
    expect(problems({ from: ['2026-01-01', '2026-01-02'], to: '2026-02-01', by: 'week' })).toEqual([
      { field: 'from', issue: 'must be given once' },
    ]);
    expect(problems({ from: '2026-01-01', to: '2026-02-01', by: 'week', limit: '5' })).toEqual([
      { field: 'limit', issue: 'is not allowed' },
    ]);
  });
});

describe('AdoptionsReport', () => {
  it('has rows by account or by week, and nothing else', () => {
    const report = {
      rows: [
        { account: { id: 2, name: 'Happy Tails' }, delivered: 3, cancelled: 1 },
        { week: '2026-W53', delivered: 0, cancelled: 0 },
      ],
    };
    expect(AdoptionsReport.parse(report)).toEqual(report);
    expect(
      AdoptionsReport.safeParse({ rows: [{ week: '2026-53', delivered: 0, cancelled: 0 }] })
        .success,
    ).toBe(false);
    expect(AdoptionsReport.safeParse({ ...report, total: 4 }).success).toBe(false);
  });
});
