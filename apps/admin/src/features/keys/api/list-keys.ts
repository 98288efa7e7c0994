/** One page of an account's API keys: the signed-in account's own, or (staff) another's. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

/** Whose keys: the signed-in account's own, or (staff) any account's by its id. */
export type KeysOf = 'own' | { accountId: number };

/** Keys shown a page at a time, oldest first. */
export const KEYS_PAGE_SIZE = 50;

/** Every list of keys: a key may show in two (staff's own, and their account's page). */
export const keysQueryKey = ['keys'] as const;

export const keysOfQueryKey = (of: KeysOf) =>
  of === 'own' ? ([...keysQueryKey, 'own'] as const) : ([...keysQueryKey, of.accountId] as const);

/** One page of keys: the first, or the one `cursor` (from the page before) points at. */
export const listKeysQueryOptions = (
  client: PetstoreClient,
  of: KeysOf,
  cursor: string | undefined,
) => {
  const query = { limit: KEYS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...keysOfQueryKey(of), query] as const,
    queryFn: ({ signal }) =>
      of === 'own'
        ? client.listAccountKeys(query, { signal })
        : client.admin.listKeysOfAccount(of.accountId, query, { signal }),
  });
};
