/**
 * The available pets that have waited longest (the lowest ids): under the pets' queries, so a pet
 * changed or adopted anywhere in the app reads them again.
 */
import type { ListPetsQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { PETS_QUERY_ROOT } from '../../../lib/store.js';

/** How many are shown. */
export const WAITING_PETS_SHOWN = 5;

export const waitingPetsQueryOptions = (client: PetstoreClient) => {
  const query: ListPetsQueryInput = {
    status: 'available',
    sort: 'id',
    limit: WAITING_PETS_SHOWN,
  };
  return queryOptions({
    queryKey: [PETS_QUERY_ROOT, 'waiting-longest', query] as const,
    queryFn: ({ signal }) => client.listPets(query, { signal }),
  });
};
