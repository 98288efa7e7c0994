/**
 * How an account's use of its limits is shown: meters for this minute and today, refusals and
 * bans, a failed read, and the usage section of an account's page.
 */
import type { Account, AccountUsage } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { useClient } from '../../../lib/client.js';
import { requestIdOf } from '../../../lib/errors.js';
import { formatCount, formatDateTime, formatTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { accountUsageQueryOptions } from '../api/get-account-usage.js';

const WINDOW_TEXT = { minute: 'this minute', day: 'today' } as const;

/**
 * Requests let through in this UTC minute or day, out of the limit: a meter like the top bar's,
 * named by `label` (hidden), described by its text ("812 of 1,000 today").
 */
export function UsageMeter({
  label,
  window,
  usage,
}: {
  label: string;
  window: 'minute' | 'day';
  usage: AccountUsage;
}) {
  const id = useId();
  const { used, limit } = usage[window];
  return (
    <span className="usage-meter">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <meter
        id={id}
        min={0}
        max={limit}
        low={Math.floor(limit * 0.75)}
        high={Math.floor(limit * 0.9)}
        optimum={0}
        value={used}
        aria-describedby={`${id}-text`}
      />
      <span id={`${id}-text`}>
        {formatCount(used)} of {formatCount(limit)} {WINDOW_TEXT[window]}
      </span>
    </span>
  );
}

/** Requests refused since the UTC day began, and the ban of a key if one is banned now. */
export function Refusals({ usage: { refusedToday, bannedUntil } }: { usage: AccountUsage }) {
  return (
    <span className="refusals">
      <span className={refusedToday === 0 ? 'muted' : undefined}>
        {refusedToday === 0 ? 'None' : `${formatCount(refusedToday)} refused today`}
      </span>
      {bannedUntil ? (
        <span className="banned">
          Banned until{' '}
          <time dateTime={bannedUntil} title={formatDateTime(bannedUntil)}>
            {formatTime(bannedUntil)}
          </time>
        </span>
      ) : null}
    </span>
  );
}

/** A usage query that failed: said shortly, with the request id to copy when there is one. */
export function UsageUnavailable({ error }: { error: unknown }) {
  const requestId = requestIdOf(error);
  return (
    <span className="usage-unavailable">
      <span className="error">Usage unavailable</span>
      {requestId ? <CopyButton value={requestId} label="Copy request id" /> : null}
    </span>
  );
}

/** An account's use of its limits on its own page, read again like the list's. */
export function UsageSection({ account }: { account: Account }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const query = useQuery({
    ...accountUsageQueryOptions(client, account.id),
    enabled: !blocked,
  });
  const usage = query.isError ? undefined : query.data?.data;
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage</h2>
      {usage ? (
        <dl className="facts usage-facts">
          <div>
            <dt>This minute</dt>
            <dd>
              <UsageMeter label="Requests this minute" window="minute" usage={usage} />
            </dd>
          </div>
          <div>
            <dt>Today</dt>
            <dd>
              <UsageMeter label="Requests today" window="day" usage={usage} />
            </dd>
          </div>
          <div>
            <dt>Refusals</dt>
            <dd>
              <Refusals usage={usage} />
            </dd>
          </div>
        </dl>
      ) : query.isError ? (
        <p>
          <UsageUnavailable error={query.error} />
        </p>
      ) : (
        <p className="muted">Loading usage…</p>
      )}
    </section>
  );
}
