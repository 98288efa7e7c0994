/**
 * One webhook endpoint, managed: its events changed, Disable or Enable, Roll secret, Delete, Send
 * test event, and its attempts log.
 */
import type { RolledWebhookSecret, WebhookEndpoint } from '@pets/client';
import { type EventType, toErrorDetails, WebhookEvents } from '@pets/contract';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { apiSentence, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useDeleteWebhook } from '../api/delete-webhook.js';
import type { WebhooksOf } from '../api/list-webhooks.js';
import { useRollWebhookSecret } from '../api/roll-webhook-secret.js';
import { useSendTestEvent } from '../api/send-test-event.js';
import { useUpdateWebhook } from '../api/update-webhook.js';
import {
  offeredTypes,
  PREVIOUS_SECRET_SENTENCE,
  refusalWords,
  statusWords,
} from '../utils/webhook-words.js';
import { ATTEMPTS_PARAM } from '../utils/webhooks-search.js';
import { AttemptsLog, type AwaitedDelivery } from './attempts-log.js';
import { EventCheckboxes } from './event-checkboxes.js';
import { NewSecret } from './new-secret.js';

/** The endpoint's events, changed and saved (a merge patch of `events`). */
function EventsForm({ of, endpoint }: { of: WebhooksOf; endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook(of);
  const { blocked } = useRateLimit();
  const [events, setEvents] = useState<EventType[]>(offeredTypes(endpoint.events));
  const [saved, setSaved] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['events'], { events: first });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(null);
    const parsed = WebhookEvents.safeParse(events);
    if (!parsed.success) {
      show(toErrorDetails(parsed.error).map((detail) => ({ ...detail, field: 'events' })));
      return;
    }
    say(null);
    update.mutate(
      { endpointId: endpoint.id, patch: { events: parsed.data } },
      {
        onSuccess: () => {
          setSaved('Saved the events.');
        },
        onError: (error) => {
          const details = detailsOf(error);
          if (details.length > 0) show(details);
          else say(isRateLimited(error) ? null : apiSentence(error));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="webhook-form">
      <EventCheckboxes
        legend="Events it is sent"
        selected={events}
        onChange={setEvents}
        error={issues.events}
        firstRef={first}
      />
      <div className="actions">
        <button type="submit" disabled={update.isPending || blocked}>
          {update.isPending ? 'Saving…' : 'Save events'}
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      <StatusMessage message={saved} />
    </form>
  );
}

type Confirming = 'roll' | 'delete' | null;

export function EndpointPanel({
  of,
  endpoint,
  onDeleted,
}: {
  of: WebhooksOf;
  endpoint: WebhookEndpoint;
  onDeleted: (sentence: string) => void;
}) {
  const heading = useId();
  const { blocked } = useRateLimit();
  const update = useUpdateWebhook(of);
  const roll = useRollWebhookSecret(of);
  const remove = useDeleteWebhook(of);
  const test = useSendTestEvent(of);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [rolled, setRolled] = useState<RolledWebhookSecret | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [awaited, setAwaited] = useState<AwaitedDelivery | null>(null);
  const attemptsPaging = useCursorPaging(ATTEMPTS_PARAM);
  const rollButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const busy = update.isPending || roll.isPending || remove.isPending || test.isPending || blocked;
  const enabled = endpoint.status === 'enabled';

  const start = () => {
    setMessage(null);
    setFailure(null);
  };
  // Back to the button that opened the dialog, once the dialog (which makes the page inert) is gone.
  const stopConfirming = () => {
    const opener =
      confirming === 'roll' ? rollButton : confirming === 'delete' ? deleteButton : null;
    flushSync(() => {
      setConfirming(null);
    });
    opener?.current?.focus();
  };
  const failed = (error: Error) => {
    stopConfirming();
    if (!isRateLimited(error)) setFailure(refusalWords(error));
  };
  // A delivery sent (again) shows first in the log: its first page, read until it does.
  const awaitAttempt = (delivery: AwaitedDelivery) => {
    if (attemptsPaging.cursor !== undefined) attemptsPaging.first();
    setAwaited(delivery);
  };

  const toggle = () => {
    start();
    update.mutate(
      { endpointId: endpoint.id, patch: { status: enabled ? 'disabled' : 'enabled' } },
      {
        onSuccess: () => {
          setMessage(
            enabled
              ? 'Disabled the endpoint: it is sent nothing until it is enabled.'
              : 'Enabled the endpoint: deliveries that waited go now.',
          );
        },
        onError: failed,
      },
    );
  };

  const sendTest = () => {
    start();
    test.mutate(endpoint.id, {
      onSuccess: ({ data }) => {
        setMessage(`Sent a test event (id ${data.eventId}): its attempt shows in the log below.`);
        awaitAttempt({ deliveryId: data.id, afterId: 0 });
      },
      onError: failed,
    });
  };

  const confirmRoll = () => {
    start();
    roll.mutate(endpoint.id, {
      onSuccess: ({ data }) => {
        setConfirming(null);
        setRolled(data);
      },
      onError: failed,
    });
  };

  const confirmDelete = () => {
    start();
    // A promise, not mutate's callbacks: the list read again without it may unmount this panel
    // before they would run, and the section must still hear of it.
    remove.mutateAsync(endpoint.id).then(() => {
      setConfirming(null);
      onDeleted(`Deleted the endpoint ${endpoint.url}.`);
    }, failed);
  };

  return (
    <section aria-labelledby={heading} className="panel endpoint">
      <h3 id={heading}>
        Endpoint <span className="webhook-url">{endpoint.url}</span>
      </h3>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{statusWords(endpoint)}</dd>
        <dt>Secret</dt>
        <dd>
          <code>{endpoint.secretPrefix}…</code>
          {endpoint.previousSecretExpiresAt ? (
            <>
              {' '}
              (the old one signs too until{' '}
              <time dateTime={endpoint.previousSecretExpiresAt}>
                {formatDateTime(endpoint.previousSecretExpiresAt)}
              </time>
              )
            </>
          ) : null}
        </dd>
      </dl>
      {rolled ? (
        <NewSecret
          label={`New signing secret of ${endpoint.url}`}
          secret={rolled.secret}
          onDismiss={() => {
            setRolled(null);
          }}
        >
          <p>
            The old secret keeps signing until{' '}
            <time dateTime={rolled.previousSecretExpiresAt}>
              {formatDateTime(rolled.previousSecretExpiresAt)}
            </time>
            : give the new one to your receiver before then.
          </p>
        </NewSecret>
      ) : null}
      <div className="actions">
        <button type="button" disabled={busy} onClick={sendTest}>
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={toggle}>
          {enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          ref={rollButton}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => {
            start();
            setConfirming('roll');
          }}
        >
          Roll secret
        </button>
        <button
          ref={deleteButton}
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => {
            start();
            setConfirming('delete');
          }}
        >
          Delete
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      <StatusMessage message={message} />
      <EventsForm of={of} endpoint={endpoint} />
      <AttemptsLog
        of={of}
        endpointId={endpoint.id}
        paging={attemptsPaging}
        awaited={awaited}
        onAwait={awaitAttempt}
      />
      {confirming === 'roll' ? (
        <ConfirmDialog
          title={`Roll the secret of ${endpoint.url}?`}
          confirmLabel={roll.isPending ? 'Rolling…' : 'Roll secret'}
          cancelLabel="Keep secret"
          busy={busy}
          onConfirm={confirmRoll}
          onCancel={stopConfirming}
        >
          <p>A new secret signs every delivery from now on, shown to you once.</p>
          <p>{PREVIOUS_SECRET_SENTENCE}</p>
        </ConfirmDialog>
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmDialog
          title={`Delete the endpoint ${endpoint.url}?`}
          confirmLabel={remove.isPending ? 'Deleting…' : 'Delete endpoint'}
          cancelLabel="Keep endpoint"
          danger
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={stopConfirming}
        >
          <p>
            It is sent nothing more, and its secrets are forgotten. A deleted endpoint cannot be
            restored.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
