/**
 * An endpoint's delivery attempts, newest first, a page at a time with Newer and Older (the page in
 * the address, `?attempts=…`), and Send again on each: the log a partner reads to see what their
 * receiver answered.
 */
import type { WebhookAttempt } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PagedTable } from '../../../components/paged-table.js';
import { useClient } from '../../../lib/client.js';
import type { CursorPaging } from '../../../lib/cursor-paging.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAttemptsQueryOptions } from '../api/list-webhook-attempts.js';
import type { WebhooksOf } from '../api/list-webhooks.js';
import { useResendDelivery } from '../api/resend-delivery.js';
import { outcomeWords, refusalWords } from '../utils/webhook-words.js';

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

/** Whether the first page holds the attempt awaited. */
const isAwaited = (first: readonly WebhookAttempt[], awaited: AwaitedDelivery) =>
  first.some(
    (attempt) => attempt.deliveryId === awaited.deliveryId && attempt.id > awaited.afterId,
  );

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
  paging,
  awaited,
  onAwait,
}: {
  of: WebhooksOf;
  endpointId: number;
  /** The log's page, in the address. */
  paging: CursorPaging;
  /**
   * A delivery just sent (a test event, Send again): the first page is read until its attempt
   * shows.
   */
  awaited: AwaitedDelivery | null;
  /** Awaits a delivery's next attempt, on the first page. */
  onAwait: (awaited: AwaitedDelivery) => void;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const heading = useId();
  const attempts = useQuery({
    ...listAttemptsQueryOptions(client, of, endpointId, paging.cursor),
    enabled: !blocked,
    refetchInterval: (query) =>
      paging.cursor === undefined &&
      awaited !== null &&
      !isAwaited(query.state.data?.data ?? [], awaited)
        ? AWAIT_INTERVAL_MS
        : false,
  });
  const resend = useResendDelivery(of, endpointId);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const sendAgain = (attempt: WebhookAttempt) => {
    setMessage(null);
    setFailure(null);
    resend.mutate(attempt, {
      onSuccess: ({ afterId }) => {
        setMessage(
          `Sending ${attempt.eventType} (event ${attempt.eventId}) again: its attempt shows here once made.`,
        );
        onAwait({ deliveryId: attempt.deliveryId, afterId });
      },
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(refusalWords(error));
      },
    });
  };

  return (
    <section aria-labelledby={heading} className="attempts">
      <h3 id={heading}>Attempts, newest first</h3>
      <PagedTable
        list={attempts}
        paging={paging}
        labelledBy={heading}
        pagerLabel="Pages of attempts"
        pagerNames={{ previous: 'Newer', next: 'Older' }}
        says={{
          loading: 'Loading attempts…',
          empty: 'No attempts yet: send a test event to make one.',
          noMore: 'No older attempts.',
        }}
        columns={Object.values(COLUMN)}
        actions
        row={(attempt) => (
          <AttemptRow
            key={attempt.id}
            attempt={attempt}
            busy={resend.isPending || blocked}
            onResend={() => {
              sendAgain(attempt);
            }}
          />
        )}
        failure={failure}
        message={message}
      />
    </section>
  );
}
