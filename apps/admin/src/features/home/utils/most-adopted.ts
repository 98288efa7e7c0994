/** Which partner adopted most in a report, said in one line so nobody counts rows. */
import type { AdoptionsReport } from '@pets/contract';

export type AccountRow = Extract<AdoptionsReport['rows'][number], { account: unknown }>;

/** The rows by account, most delivered first (then the account's id, as the API orders them). */
export const byMostDelivered = (rows: AdoptionsReport['rows']): AccountRow[] =>
  rows
    .filter((row): row is AccountRow => 'account' in row)
    .toSorted((a, b) => b.delivered - a.delivered || a.account.id - b.account.id);

/** The accounts tied at the top, none when nothing was delivered. */
export function mostDelivered(rows: readonly AccountRow[]): AccountRow[] {
  const most = rows[0]?.delivered ?? 0;
  return most === 0 ? [] : rows.filter((row) => row.delivered === most);
}
