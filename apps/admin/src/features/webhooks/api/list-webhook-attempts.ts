/**
 * An endpoint's delivery attempts, newest first, a page at a time: each "Older" adds the next page
 * below the ones shown.
 */
import type { PetstoreClient } from '@pets/client';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { cursorOf } from '../../../lib/paging.js';
import { webhooksOfQueryKey, type WebhooksOf } from './list-webhooks.js';

/** Attempts read a page at a time, as the API's default. */
export const ATTEMPTS_PAGE_SIZE = 20;

export const attemptsQueryKey = (of: WebhooksOf, endpointId: number) =>
  [...webhooksOfQueryKey(of), 'attempts', endpointId] as const;

export const listAttemptsQueryOptions = (
  client: PetstoreClient,
  of: WebhooksOf,
  endpointId: number,
) =>
  infiniteQueryOptions({
    queryKey: attemptsQueryKey(of, endpointId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = {
        limit: ATTEMPTS_PAGE_SIZE,
        ...(pageParam === undefined ? {} : { cursor: pageParam }),
      };
      return of === 'own'
        ? client.listWebhookAttempts(endpointId, query, { signal })
        : client.admin.listWebhookAttemptsOfAccount(of.accountId, endpointId, query, { signal });
    },
    getNextPageParam: (last) => cursorOf(last.next),
  });
