import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorMessage } from '../../../components/error-message.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatCount } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAccountsQueryOptions } from '../api/list-accounts.js';
import { accountPath } from '../utils/account-paths.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  plan: 'Plan',
  role: 'Role',
  perMinute: 'Per minute',
  perDay: 'Per day',
} as const;

/** Every account with its plan, role and limits; each name opens the account. */
export function AccountsTable() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const accounts = useQuery({ ...listAccountsQueryOptions(client), enabled: !blocked });

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
      {accounts.data && accounts.data.data.length > 0 ? (
        <div className="stacked-frame">
          <table className="stacked">
            <caption className="visually-hidden">
              Accounts, their plans and limits (requests)
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">{COLUMN.plan}</th>
                <th scope="col">{COLUMN.role}</th>
                <th scope="col" className="number">
                  {COLUMN.perMinute}
                </th>
                <th scope="col" className="number">
                  {COLUMN.perDay}
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.data.map((account) => (
                <tr key={account.id}>
                  <th scope="row">
                    <Link href={accountPath(account.id)}>{account.name}</Link>
                  </th>
                  <td data-label={COLUMN.plan}>{account.plan}</td>
                  <td data-label={COLUMN.role}>{account.role}</td>
                  <td data-label={COLUMN.perMinute} className="number">
                    {formatCount(account.limits.perMinute)}
                  </td>
                  <td data-label={COLUMN.perDay} className="number">
                    {formatCount(account.limits.perDay)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
