import type { Account } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ErrorMessage } from '../../../components/error-message.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatCount } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAccountsQueryOptions } from '../api/list-accounts.js';
import { ChangePlanForm } from './change-plan-form.js';
import { CreateAccountForm } from './create-account-form.js';

/** Staff only: every account, its plan and limits; create accounts and change plans. */
export function AccountsSection() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const accounts = useQuery({ ...listAccountsQueryOptions(client), enabled: !blocked });
  const [editing, setEditing] = useState<Account | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const changeButtons = useRef(new Map<number, HTMLButtonElement>());

  const stopEditing = () => {
    const id = editing?.id;
    flushSync(() => {
      setEditing(null);
    });
    if (id !== undefined) changeButtons.current.get(id)?.focus();
  };

  let state = null;
  if (accounts.isPending && accounts.isFetching) state = <p>Loading accounts…</p>;
  else if (accounts.isError && !isRateLimited(accounts.error))
    state = <ErrorMessage error={accounts.error} />;

  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Accounts</h2>
      <p className="hint">Only staff see this section.</p>
      <div aria-live="polite">{state}</div>
      {accounts.data ? (
        <TableScroll labelledBy="accounts-caption">
          <table>
            <caption id="accounts-caption">Accounts and their limits</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Plan</th>
                <th scope="col">Role</th>
                <th scope="col" className="number">
                  Per minute
                </th>
                <th scope="col" className="number">
                  Per day
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.data.map((account) => (
                <tr key={account.id}>
                  <th scope="row">{account.name}</th>
                  <td>{account.plan}</td>
                  <td>{account.role}</td>
                  <td className="number">{formatCount(account.limits.perMinute)}</td>
                  <td className="number">{formatCount(account.limits.perDay)}</td>
                  <td className="actions-cell">
                    <button
                      ref={(button) => {
                        if (button) changeButtons.current.set(account.id, button);
                        else changeButtons.current.delete(account.id);
                      }}
                      type="button"
                      className="secondary"
                      aria-expanded={editing?.id === account.id}
                      onClick={() => {
                        setChanged(null);
                        setEditing(account);
                      }}
                    >
                      Change plan <span className="visually-hidden">of {account.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {editing ? (
        <ChangePlanForm
          key={editing.id}
          account={editing}
          onCancel={stopEditing}
          onChanged={(message) => {
            setEditing(null);
            setChanged(message);
          }}
        />
      ) : null}
      <StatusMessage message={changed} />
      <CreateAccountForm />
    </section>
  );
}
