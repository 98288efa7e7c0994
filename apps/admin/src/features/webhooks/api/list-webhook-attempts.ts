/**
 * One page of an endpoint's delivery attempts, newest first: the first, or the older one a cursor
 * (from the page before) points at.
 */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { webhooksOfQueryKey, type WebhooksOf } from './list-webhooks.js';

/** Attempts read a page at a time, as the API's default. */
export const ATTEMPTS_PAGE_SIZE = 20;

/** Every page of an endpoint's log: a delivery sent (again) may show on any. */
export const attemptsQueryKey = (of: WebhooksOf, endpointId: number) =>
  [...webhooksOfQueryKey(of), 'attempts', endpointId] as const;

export const listAttemptsQueryOptions = (
  client: PetstoreClient,
  of: WebhooksOf,
  endpointId: number,
  cursor: string | undefined,
) => {
  const query = { limit: ATTEMPTS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...attemptsQueryKey(of, endpointId), query] as const,
    queryFn: ({ signal }) =>
      of === 'own'
        ? client.listWebhookAttempts(endpointId, query, { signal })
        : client.admin.listWebhookAttemptsOfAccount(of.accountId, endpointId, query, { signal }),
  });
};
