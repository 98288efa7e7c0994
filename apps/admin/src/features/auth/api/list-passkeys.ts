/** The signed-in person's passkeys, a page at a time. */
import type { PetstoreClient } from '@pets/client';
import { PASSKEYS_MAX } from '@pets/contract';
import { queryOptions } from '@tanstack/react-query';

/** A person has at most this many passkeys: one page holds them all. */
export const PASSKEYS_PAGE_SIZE = PASSKEYS_MAX;

/** Every page of the person's passkeys: adding or removing one changes them all. */
export const passkeysQueryKey = ['passkeys'] as const;

/** The person's passkeys (one page holds them all). */
export const listPasskeysQueryOptions = (client: PetstoreClient) => {
  const query = { limit: PASSKEYS_PAGE_SIZE };
  return queryOptions({
    queryKey: [...passkeysQueryKey, query] as const,
    queryFn: ({ signal }) => client.session.listPasskeys(query, { signal }),
  });
};
