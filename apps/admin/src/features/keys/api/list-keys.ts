import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

/** Whose keys: the signed-in account's own, or (staff) any account's by its id. */
export type KeysOf = 'own' | { accountId: number };

/** Every list of keys: a key may show in two (staff's own, and their account's page). */
export const keysQueryKey = ['keys'] as const;

export const keysOfQueryKey = (of: KeysOf) =>
  of === 'own' ? ([...keysQueryKey, 'own'] as const) : ([...keysQueryKey, of.accountId] as const);

export const listKeysQueryOptions = (client: PetstoreClient, of: KeysOf) =>
  queryOptions({
    queryKey: keysOfQueryKey(of),
    queryFn: ({ signal }) =>
      of === 'own'
        ? client.listKeys({ signal })
        : client.admin.listAccountKeys(of.accountId, { signal }),
  });
