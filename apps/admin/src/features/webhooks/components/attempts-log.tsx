/**
 * An endpoint's delivery attempts, newest first, with "Older" for the page after, and Send again on
 * each: the log a partner reads to see what their receiver answered.
 */
import type { WebhookAttempt } from '@pets/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message.js';
import { ActionsHeader } from '../../../components/ui/actions-header.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { useClient } from '../../../lib/client.js';
import { apiSentence, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAttemptsQueryOptions } from '../api/list-webhook-attempts.js';
import type { WebhooksOf } from '../api/list-webhooks.js';
import { useResendDelivery } from '../api/resend-delivery.js';
import { outcomeWords } from '../utils/webhook-words.js';

/** A delivery sent (again), whose next attempt the log waits for: one newer than `afterId`. */
export interface AwaitedDelivery {
  deliveryId: number;
  afterId: number;
}

/** How often the log is read again while it waits for an attempt, in milliseconds. */
const AWAIT_INTERVAL_MS = 1_000;

const COLUMN = {
  time: 'Time',
  event: 'Event',
  attempt: 'Attempt',
  outcome: 'Answer status',
  duration: 'Duration',
  excerpt: 'Answer',
} as const;

const isAwaited = (pages: readonly { data: WebhookAttempt[] }[], awaited: AwaitedDelivery) =>
  pages[0]?.data.some(
    (attempt) => attempt.deliveryId === awaited.deliveryId && attempt.id > awaited.afterId,
  ) ?? false;

function AttemptRow({
  attempt,
  busy,
  onResend,
}: {
  attempt: WebhookAttempt;
  busy: boolean;
  onResend: () => void;
}) {
  return (
    <tr>
      <th scope="row">
        <time dateTime={attempt.attemptedAt}>{formatDateTime(attempt.attemptedAt)}</time>
      </th>
      <td data-label={COLUMN.event}>
        {/* One element: on a phone the cell is a grid of its label and its value. */}
        <span>
          <code>{attempt.eventType}</code> (id {attempt.eventId})
        </span>
      </td>
      <td data-label={COLUMN.attempt}>{attempt.attempt}</td>
      <td data-label={COLUMN.outcome} className={attempt.succeeded ? undefined : 'failed'}>
        {outcomeWords(attempt)}
      </td>
      <td data-label={COLUMN.duration}>{attempt.durationMs} ms</td>
      <td data-label={COLUMN.excerpt}>
        {attempt.responseExcerpt ? (
          <pre className="excerpt">{attempt.responseExcerpt}</pre>
        ) : (
          <span className="muted">None</span>
        )}
      </td>
      <td className="stacked-actions">
        <button type="button" className="secondary" disabled={busy} onClick={onResend}>
          Send again{' '}
          <span className="visually-hidden">
            {attempt.eventType} (event {attempt.eventId})
          </span>
        </button>
      </td>
    </tr>
  );
}

export function AttemptsLog({
  of,
  endpointId,
  awaited,
  onAwait,
}: {
  of: WebhooksOf;
  endpointId: number;
  /** A delivery just sent (a test event, Send again): the log is read until its attempt shows. */
  awaited: AwaitedDelivery | null;
  onAwait: (awaited: AwaitedDelivery | null) => void;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const heading = useId();
  const attempts = useInfiniteQuery({
    ...listAttemptsQueryOptions(client, of, endpointId),
    enabled: !blocked,
    refetchInterval: (query) =>
      awaited !== null && !isAwaited(query.state.data?.pages ?? [], awaited)
        ? AWAIT_INTERVAL_MS
        : false,
  });
  const resend = useResendDelivery(of, endpointId);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = attempts.data?.pages.flatMap((page) => page.data) ?? [];
  const newest = shown[0]?.id ?? 0;

  const sendAgain = (attempt: WebhookAttempt) => {
    setMessage(null);
    setFailure(null);
    resend.mutate(attempt.deliveryId, {
      onSuccess: () => {
        setMessage(
          `Sending ${attempt.eventType} (event ${attempt.eventId}) again: its attempt shows here once made.`,
        );
        onAwait({ deliveryId: attempt.deliveryId, afterId: newest });
      },
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(apiSentence(error));
      },
    });
  };

  let state = null;
  if (attempts.isPending && attempts.isFetching) state = <p>Loading attempts…</p>;
  else if (attempts.isError && !isRateLimited(attempts.error))
    state = (
      <ErrorMessage
        error={attempts.error}
        onRetry={() => {
          void attempts.refetch();
        }}
      />
    );
  else if (attempts.data && shown.length === 0)
    state = <p>No attempts yet: send a test event to make one.</p>;

  return (
    <section aria-labelledby={heading} className="attempts">
      <h3 id={heading}>Attempts, newest first</h3>
      <div aria-live="polite">
        {state}
        {failure ? <p className="error">{failure}</p> : null}
      </div>
      {shown.length > 0 ? (
        <div className="stacked-frame">
          <table className="stacked attempts-table" aria-labelledby={heading}>
            <thead>
              <tr>
                {Object.values(COLUMN).map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {shown.map((attempt) => (
                <AttemptRow
                  key={attempt.id}
                  attempt={attempt}
                  busy={resend.isPending || blocked}
                  onResend={() => {
                    sendAgain(attempt);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {attempts.hasNextPage ? (
        <div className="actions">
          <button
            type="button"
            className="secondary"
            disabled={attempts.isFetchingNextPage || blocked}
            onClick={() => {
              void attempts.fetchNextPage();
            }}
          >
            {attempts.isFetchingNextPage ? 'Loading older…' : 'Older'}
          </button>
        </div>
      ) : null}
      <StatusMessage message={message} />
    </section>
  );
}
