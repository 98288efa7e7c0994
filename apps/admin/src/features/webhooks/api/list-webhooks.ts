/** One page of an account's webhook endpoints: the signed-in account's own, or (staff) another's. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

/** Whose endpoints: the signed-in account's own, or (staff) any account's by its id. */
export type WebhooksOf = 'own' | { accountId: number };

/** Endpoints shown a page at a time, oldest first (an account has at most 16). */
export const WEBHOOKS_PAGE_SIZE = 20;

/** Every list of endpoints and every attempts log: a change to an endpoint may show in each. */
export const webhooksQueryKey = ['webhooks'] as const;

export const webhooksOfQueryKey = (of: WebhooksOf) =>
  of === 'own'
    ? ([...webhooksQueryKey, 'own'] as const)
    : ([...webhooksQueryKey, of.accountId] as const);

/** One page of endpoints: the first, or the one `cursor` (from the page before) points at. */
export const listWebhooksQueryOptions = (
  client: PetstoreClient,
  of: WebhooksOf,
  cursor: string | undefined,
) => {
  const query = { limit: WEBHOOKS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...webhooksOfQueryKey(of), 'endpoints', query] as const,
    queryFn: ({ signal }) =>
      of === 'own'
        ? client.listWebhookEndpoints(query, { signal })
        : client.admin.listWebhookEndpointsOfAccount(of.accountId, query, { signal }),
  });
};
