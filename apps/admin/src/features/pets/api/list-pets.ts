/** One page of the pets a view lists, cached by its query. */
import type { ListPetsQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { PETS_QUERY_ROOT } from '../../../lib/store.js';

export const petsQueryKeys = {
  all: [PETS_QUERY_ROOT] as const,
  list: (query: ListPetsQueryInput) => [PETS_QUERY_ROOT, 'list', query] as const,
};

export const listPetsQueryOptions = (client: PetstoreClient, query: ListPetsQueryInput) =>
  queryOptions({
    queryKey: petsQueryKeys.list(query),
    queryFn: ({ signal }) => client.listPets(query, { signal }),
  });
