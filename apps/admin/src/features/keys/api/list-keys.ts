import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const keysQueryKey = ['keys'] as const;

export const listKeysQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: keysQueryKey,
    queryFn: ({ signal }) => client.listKeys({ signal }),
  });
