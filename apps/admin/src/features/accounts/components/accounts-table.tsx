/**
 * The table of every account with its id (which orders and the activity show beside its name),
 * plan, role and use of its limits, nearest its limit first.
 */
import type { Account, AccountUsage } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorMessage } from '../../../components/error-message.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { USAGE_REFRESH_MS, useAccountsUsage } from '../api/get-account-usage.js';
import { listAccountsQueryOptions } from '../api/list-accounts.js';
import { accountPath } from '../utils/account-paths.js';
import { byNearness } from '../utils/usage.js';
import { Refusals, UsageMeter, UsageUnavailable } from './usage.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  id: 'Id',
  plan: 'Plan',
  role: 'Role',
  minute: 'This minute',
  day: 'Today',
  refusals: 'Refusals',
  /** The one cell that stands for the three above while the usage is loading or failed. */
  usage: 'Usage',
} as const;

interface UsageState {
  usage: AccountUsage | undefined;
  error: unknown;
}

function UsageCells({ account, state }: { account: Account; state: UsageState | undefined }) {
  const { usage, error } = state ?? { usage: undefined, error: null };
  if (!usage)
    return (
      <td data-label={COLUMN.usage} colSpan={3}>
        {error ? <UsageUnavailable error={error} /> : <span className="muted">Loading usage…</span>}
      </td>
    );
  return (
    <>
      <td data-label={COLUMN.minute}>
        <UsageMeter label={`${account.name}: requests this minute`} window="minute" usage={usage} />
      </td>
      <td data-label={COLUMN.day}>
        <UsageMeter label={`${account.name}: requests today`} window="day" usage={usage} />
      </td>
      <td data-label={COLUMN.refusals}>
        <Refusals usage={usage} />
      </td>
    </>
  );
}

/**
 * Every account with its plan, role and use of its limits (read again every few seconds), the
 * nearest its limit first; each name opens the account.
 */
export function AccountsTable() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const accounts = useQuery({ ...listAccountsQueryOptions(client), enabled: !blocked });
  const list = accounts.data?.data ?? [];
  const usageQueries = useAccountsUsage(list.map((account) => account.id));

  // A failed read shows as failed, not as the numbers of an earlier one.
  const usageById = new Map<number, UsageState>(
    list.map((account, i) => {
      const query = usageQueries[i];
      return [
        account.id,
        {
          usage: query?.isError ? undefined : query?.data?.data,
          error: query?.isError ? query.error : null,
        },
      ];
    }),
  );
  const rows = byNearness(list, (account) => usageById.get(account.id)?.usage);

  let state = null;
  if (accounts.isPending && accounts.isFetching) state = <p>Loading accounts…</p>;
  else if (accounts.isError && !isRateLimited(accounts.error))
    state = (
      <ErrorMessage
        error={accounts.error}
        onRetry={() => {
          void accounts.refetch();
        }}
      />
    );
  else if (accounts.data?.data.length === 0) state = <p>There are no accounts yet.</p>;

  return (
    <>
      <div aria-live="polite">{state}</div>
      {rows.length > 0 ? (
        <>
          <p className="muted">
            Nearest their limit first. The use of each limit is read again every{' '}
            {USAGE_REFRESH_MS / 1000} seconds while this page is in view.
          </p>
          <div className="stacked-frame">
            <table className="stacked accounts-table">
              <caption className="visually-hidden">
                Accounts, nearest their rate limit first: id, plan, role and requests this minute
                and today
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">{COLUMN.id}</th>
                  <th scope="col">{COLUMN.plan}</th>
                  <th scope="col">{COLUMN.role}</th>
                  <th scope="col">{COLUMN.minute}</th>
                  <th scope="col">{COLUMN.day}</th>
                  <th scope="col">{COLUMN.refusals}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((account) => (
                  <tr key={account.id}>
                    <th scope="row">
                      <Link href={accountPath(account.id)}>{account.name}</Link>
                    </th>
                    <td data-label={COLUMN.id}>{account.id}</td>
                    <td data-label={COLUMN.plan}>{account.plan}</td>
                    <td data-label={COLUMN.role}>{account.role}</td>
                    <UsageCells account={account} state={usageById.get(account.id)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
