/**
 * The adoptions report (beta, staff): orders delivered and cancelled in a range of days, counted
 * from the orders themselves, by account or by ISO week (UTC).
 */
import { z } from 'zod';
import { documentedAs } from './documented.js';
import { once } from './list-query.schema.js';
import { AccountSummary } from './order.schema.js';

/** The most days a report may cover. */
export const REPORT_DAYS_MAX = 366;
const DAY_MS = 86_400_000;

/** What a report's rows are grouped by. */
export const REPORT_GROUPINGS = ['account', 'week'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

const DATE_ISSUE = 'must be a date, YYYY-MM-DD';

/** Midnight UTC of a `YYYY-MM-DD` date, or `undefined` for text that is not a real one. */
export function dayStart(date: string): number | undefined {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const at = Date.UTC(year, month - 1, day);
  // 2026-02-30 would roll over into March.
  return new Date(at).toISOString().slice(0, 10) === date ? at : undefined;
}

/** The ISO week (`2026-W53`) of an instant, in UTC: weeks start on Monday, week 1 holds a Thursday. */
export function isoWeekOf(at: number): string {
  const date = new Date(at);
  const weekday = (date.getUTCDay() + 6) % 7;
  // The Thursday of its week decides the week's year.
  const thursday =
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const day = (componentId: string, description: string) =>
  documentedAs(
    once(DATE_ISSUE)
      .refine((text) => dayStart(text) !== undefined, { error: DATE_ISSUE })
      .meta({ description }),
    componentId,
    { type: 'string', format: 'date' },
  );

const GROUPING_ISSUE = `must be one of ${REPORT_GROUPINGS.join(', ')}`;

/** The query string of `getAdoptionsReport`: unknown and repeated parameters are refused. */
export const AdoptionsReportQuery = z
  .strictObject(
    {
      from: day('reportFrom', 'The first day counted (UTC), `YYYY-MM-DD`.'),
      to: day(
        'reportTo',
        `The day after the last one counted (UTC), \`YYYY-MM-DD\`: after \`from\`, at most ${REPORT_DAYS_MAX} days after it.`,
      ),
      by: documentedAs(
        once(GROUPING_ISSUE)
          .pipe(z.enum(REPORT_GROUPINGS, { error: GROUPING_ISSUE }))
          .meta({
            description:
              '`account`: a row for each account with an order delivered or cancelled in the range, most delivered first (then by account `id`). `week`: a row for each ISO week (Monday to Sunday, UTC) the range touches, oldest first, with zeros; a week cut by `from` or `to` counts only its days inside.',
          }),
        'reportBy',
        { type: 'string', enum: [...REPORT_GROUPINGS] },
      ),
    },
    { error: 'must be a query string' },
  )
  .check((context) => {
    const { from, to } = context.value as { from: unknown; to: unknown };
    // Each of them refused on its own already.
    if (typeof from !== 'string' || typeof to !== 'string') return;
    const start = dayStart(from);
    const end = dayStart(to);
    if (start === undefined || end === undefined) return;
    const issue =
      end <= start
        ? 'must be after from'
        : end - start > REPORT_DAYS_MAX * DAY_MS
          ? `must be at most ${REPORT_DAYS_MAX} days after from`
          : undefined;
    if (issue) context.issues.push({ code: 'custom', message: issue, input: to, path: ['to'] });
  });
export type AdoptionsReportQuery = z.output<typeof AdoptionsReportQuery>;
export type AdoptionsReportQueryInput = { from: string; to: string; by: ReportGrouping };

const counts = {
  delivered: z
    .int()
    .min(0)
    .meta({ description: 'Orders delivered in the range (by when they were delivered).' }),
  cancelled: z
    .int()
    .min(0)
    .meta({ description: 'Orders cancelled in the range (by when they were cancelled).' }),
};

export const AdoptionsByAccount = z
  .strictObject({ account: AccountSummary, ...counts })
  .meta({ id: 'AdoptionsByAccount', description: "An account's orders closed in the range." });

export const AdoptionsByWeek = z
  .strictObject({
    week: z
      .string()
      .regex(/^[0-9]{4}-W[0-9]{2}$/)
      .meta({ description: 'The ISO week, `2026-W53`.', example: '2026-W48' }),
    ...counts,
  })
  .meta({ id: 'AdoptionsByWeek', description: 'The orders closed in one ISO week of the range.' });

export const AdoptionsReport = z
  .strictObject({
    rows: z.array(z.union([AdoptionsByAccount, AdoptionsByWeek])).meta({
      description: 'By account or by week, as `by` asked.',
    }),
  })
  .meta({
    id: 'AdoptionsReport',
    description:
      'Orders delivered and cancelled in the range, counted from the orders themselves when asked.',
  });
export type AdoptionsReport = z.infer<typeof AdoptionsReport>;
