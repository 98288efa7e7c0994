/** The list of every account (staff), under the key a new account or a changed plan refreshes. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const accountsQueryKey = ['admin', 'accounts'] as const;

export const listAccountsQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: accountsQueryKey,
    queryFn: ({ signal }) => client.admin.listAccounts({ signal }),
  });
