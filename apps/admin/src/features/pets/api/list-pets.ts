/** One page of the pets a view lists, cached by its query. */
import type { ListPetsQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const petsQueryKeys = {
  all: ['pets'] as const,
  list: (query: ListPetsQueryInput) => ['pets', 'list', query] as const,
};

export const listPetsQueryOptions = (client: PetstoreClient, query: ListPetsQueryInput) =>
  queryOptions({
    queryKey: petsQueryKeys.list(query),
    queryFn: ({ signal }) => client.listPets(query, { signal }),
  });
