/**
 * This week and this month as the adoptions report counts them: whole UTC days, `from` included
 * and `to` excluded, weeks from Monday (ISO), as `YYYY-MM-DD`.
 */

/** A range of days as the report takes it. */
export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Monday to the next Monday (UTC) around `now`. */
export function thisWeek(now: Date): Period {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return { from: dayOf(monday), to: dayOf(monday + 7 * DAY_MS) };
}

/** The first of the month to the first of the next (UTC) around `now`. */
export function thisMonth(now: Date): Period {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { from: dayOf(Date.UTC(year, month, 1)), to: dayOf(Date.UTC(year, month + 1, 1)) };
}
