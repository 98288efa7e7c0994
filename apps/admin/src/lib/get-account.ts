import type { PetstoreClient } from '@pets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClient } from './client.js';
import { useRateLimit } from './rate-limit.js';

export const accountQueryKey = ['account'] as const;

export const accountQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => client.getAccount({ signal }),
    staleTime: 60_000,
  });

/** The signed-in account (nav, staff-only sections). */
export function useAccount() {
  const client = useClient();
  const { blocked } = useRateLimit();
  return useQuery({ ...accountQueryOptions(client), enabled: !blocked });
}
