/** An account's webhooks section: add an endpoint, list them, and manage one with its log. */
import type { CreatedWebhookEndpoint } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listWebhooksQueryOptions, type WebhooksOf } from '../api/list-webhooks.js';
import { useOpenEndpoint } from '../hooks/use-open-endpoint.js';
import { WEBHOOKS_PARAM } from '../utils/webhooks-search.js';
import { CreateWebhookForm } from './create-webhook-form.js';
import { EndpointPanel } from './endpoint-panel.js';
import { NewSecret } from './new-secret.js';
import { WebhooksTable } from './webhooks-table.js';

/**
 * An account's webhook endpoints: add one (its secret shown once), list them, and manage the one
 * picked with Manage (events, Disable or Enable, Roll secret, Delete, Send test event, its log),
 * which stays open in the address (`?endpoint=<id>`) for a reload, a shared link and Back.
 * The signed-in account's own (`of="own"`), or for staff another account's, named by `owner`.
 */
export function WebhooksSection({ of, owner }: { of: WebhooksOf; owner?: string }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const paging = useCursorPaging(WEBHOOKS_PARAM);
  const list = useQuery({
    ...listWebhooksQueryOptions(client, of, paging.cursor),
    enabled: !blocked,
  });
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const { open, show, close } = useOpenEndpoint();
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  const createHeading = `${id}-create`;
  const listHeading = `${id}-list`;
  const endpoint = list.data?.data.find((each) => each.id === open);
  // An address that names an endpoint the list does not have (deleted since, or a link from
  // another account) says so rather than showing nothing. An account's endpoints fit on one page.
  const missing =
    open !== undefined && list.isSuccess && endpoint === undefined && list.data.next === undefined;

  return (
    <>
      <section aria-labelledby={createHeading} className="panel">
        <h2 id={createHeading}>
          {owner ? `Add a webhook endpoint for ${owner}` : 'Add a webhook endpoint'}
        </h2>
        {created ? (
          <NewSecret
            label={`Signing secret of ${created.url}`}
            secret={created.secret}
            onDismiss={() => {
              setCreated(null);
              setDismissed(true);
            }}
          >
            <p>Your receiver checks each delivery's signature with it.</p>
          </NewSecret>
        ) : (
          <CreateWebhookForm
            of={of}
            onCreated={(endpoint) => {
              setMessage(null);
              setCreated(endpoint);
              show(endpoint.id);
            }}
            focusOnMount={dismissed}
          />
        )}
      </section>
      <section aria-labelledby={listHeading}>
        <h2 id={listHeading}>
          {owner ? `Webhook endpoints of ${owner}` : 'Your webhook endpoints'}
        </h2>
        <WebhooksTable
          list={list}
          paging={paging}
          labelledBy={listHeading}
          selected={open}
          onSelect={(picked) => {
            setMessage(null);
            show(picked.id);
          }}
          message={message}
          failure={
            missing
              ? `This account has no endpoint ${open}: it may have been deleted.${list.data.data.length > 0 ? ' Pick one from the list.' : ''}`
              : null
          }
        />
      </section>
      {endpoint ? (
        <EndpointPanel
          key={endpoint.id}
          of={of}
          endpoint={endpoint}
          onDeleted={(sentence) => {
            close();
            setMessage(sentence);
          }}
        />
      ) : null}
    </>
  );
}
