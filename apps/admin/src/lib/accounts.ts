/**
 * Every account (staff), read once and shared: the Accounts pages list them, and the Orders and
 * Activity pages name a partner and find one by name from the same list (a few hundred at most).
 * A new account or a changed plan reads it again.
 */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const accountsQueryKey = ['admin', 'accounts'] as const;

export const listAccountsQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => client.admin.listAccounts({ signal }),
  });
