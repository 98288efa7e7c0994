/** An account's own page for staff: its plan and limits, changed here, and its keys and people. */
import type { Account } from '@pets/client';
import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { ErrorMessage } from '../../../components/error-message.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatCount, formatDateTime } from '../../../lib/format.js';
import { useFindAccount } from '../api/find-account.js';
import { ACCOUNTS_PATH } from '../utils/account-paths.js';
import { ChangePlanForm } from './change-plan-form.js';
import { UsageSection } from './usage.js';

function PlanAndLimits({ account }: { account: Account }) {
  const [editing, setEditing] = useState(false);
  const [changed, setChanged] = useState<string | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Plan and limits</h2>
      <dl className="facts">
        <div>
          <dt>Plan</dt>
          <dd>{account.plan}</dd>
        </div>
        <div>
          <dt>Requests per minute</dt>
          <dd>{formatCount(account.limits.perMinute)}</dd>
        </div>
        <div>
          <dt>Requests per day</dt>
          <dd>{formatCount(account.limits.perDay)}</dd>
        </div>
        <div>
          <dt>Open orders at once</dt>
          <dd>
            {account.limits.openOrders === undefined
              ? 'No cap (staff)'
              : formatCount(account.limits.openOrders)}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{account.role}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {editing ? (
        <ChangePlanForm
          account={account}
          onCancel={() => {
            flushSync(() => {
              setEditing(false);
            });
            changeButton.current?.focus();
          }}
          onChanged={(message) => {
            setEditing(false);
            setChanged(message);
          }}
        />
      ) : (
        <button
          ref={changeButton}
          type="button"
          className="secondary"
          onClick={() => {
            setChanged(null);
            setEditing(true);
          }}
        >
          Change plan
        </button>
      )}
      <StatusMessage message={changed} />
    </section>
  );
}

/**
 * Staff: one account, its plan and limits (changed here), and what `sections` renders for it (the
 * route puts its keys and people there). `id` is undefined when the address cannot name an account.
 */
export function AccountDetail({
  id,
  param,
  sections,
}: {
  id: number | undefined;
  /** The id as the address has it, to say which account was not found. */
  param: string;
  sections: (account: Account) => ReactNode;
}) {
  const found = useFindAccount(id);
  const account = found.data;

  let state = null;
  // A list being read again may hold an account the cached one does not have yet.
  if (id === undefined || (account === null && !found.isFetching)) {
    state = (
      <p>
        No account with id {param}. <Link href={ACCOUNTS_PATH}>See all accounts</Link>.
      </p>
    );
  } else if (found.isFetching && !account) state = <p>Loading the account…</p>;
  else if (found.isError && !isRateLimited(found.error))
    state = (
      <ErrorMessage
        error={found.error}
        onRetry={() => {
          void found.refetch();
        }}
      />
    );

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={ACCOUNTS_PATH}>All accounts</Link>
      </nav>
      <PageHeading>{account ? account.name : `Account ${param}`}</PageHeading>
      <div aria-live="polite">{state}</div>
      {account ? (
        <>
          <PlanAndLimits key={account.id} account={account} />
          <UsageSection account={account} />
          {sections(account)}
        </>
      ) : null}
    </>
  );
}
