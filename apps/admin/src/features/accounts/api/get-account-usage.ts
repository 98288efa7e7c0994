/**
 * Reads each account's use of its rate limits, again every few seconds while the page is in view.
 */
import type { PetstoreClient } from '@pets/client';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { isRetryable } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { accountsQueryKey } from './list-accounts.js';

/** How often an open page reads the usage again (paused while the tab is hidden). */
export const USAGE_REFRESH_MS = 5_000;

/**
 * Under the accounts list's key, so a change of plan (which invalidates the list) reads the
 * usage again with its new limits; never equal to the list's own key.
 */
export const accountUsageQueryKey = (accountId: number) =>
  [...accountsQueryKey, accountId, 'usage'] as const;

export const accountUsageQueryOptions = (client: PetstoreClient, accountId: number) =>
  queryOptions({
    queryKey: accountUsageQueryKey(accountId),
    queryFn: ({ signal }) => client.admin.getAccountUsage(accountId, { signal }),
    // Read again on the interval while shown; TanStack's default
    // `refetchIntervalInBackground: false` pauses it in a hidden tab.
    // A refusal that asking again will not change (403, 404) stops the refresh of that account.
    refetchInterval: (query) =>
      query.state.status === 'error' && !isRetryable(query.state.error) ? false : USAGE_REFRESH_MS,
  });

/** The usage of each account, one query each, in the order of `accountIds`. */
export function useAccountsUsage(accountIds: readonly number[]) {
  const client = useClient();
  const { blocked } = useRateLimit();
  return useQueries({
    queries: accountIds.map((id) => ({
      ...accountUsageQueryOptions(client, id),
      enabled: !blocked,
    })),
  });
}
