/** The form that adds a webhook endpoint: its URL and event types, checked as the API checks them. */
import type { CreatedWebhookEndpoint } from '@pets/client';
import { type EventType, NewWebhookEndpoint, toErrorDetails } from '@pets/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { apiSentence, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreateWebhook } from '../api/create-webhook.js';
import type { WebhooksOf } from '../api/list-webhooks.js';
import { EventCheckboxes } from './event-checkboxes.js';

export function CreateWebhookForm({
  of,
  onCreated,
  focusOnMount,
}: {
  of: WebhooksOf;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  focusOnMount: boolean;
}) {
  const create = useCreateWebhook(of);
  const { blocked } = useRateLimit();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const urlInput = useRef<HTMLInputElement>(null);
  const eventsStart = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['url', 'events'], {
    url: urlInput,
    events: eventsStart,
  });

  useEffect(() => {
    if (focusOnMount) urlInput.current?.focus();
  }, [focusOnMount]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = NewWebhookEndpoint.safeParse({ url: url.trim(), events });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    create.mutate(parsed.data, {
      onSuccess: ({ data }) => {
        create.reset();
        onCreated(data);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) show(details);
        else say(isRateLimited(error) ? null : apiSentence(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="webhook-form">
      <Field
        label="URL"
        error={issues.url}
        hint="Where the events are sent: an https address on the public internet."
      >
        {(control) => (
          <input
            {...control}
            ref={urlInput}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/hooks"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
            }}
          />
        )}
      </Field>
      <EventCheckboxes
        legend="Events to send"
        selected={events}
        onChange={setEvents}
        error={issues.events}
        firstRef={eventsStart}
      />
      <div className="actions">
        <button type="submit" disabled={create.isPending || blocked}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
