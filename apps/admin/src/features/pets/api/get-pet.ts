/**
 * One pet, for its page. Shown at once from any list on screen that holds it, then read from the
 * API; its key is under the pets' root, so every change to pets reads it again.
 */
import type { Pet, PetsPage, PetstoreClient } from '@pets/client';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { PETS_QUERY_ROOT } from '../../../lib/store.js';
import { petsQueryKeys } from './list-pets.js';

export const petQueryKey = (id: number) => [PETS_QUERY_ROOT, 'one', id] as const;

export const petQueryOptions = (client: PetstoreClient, id: number) =>
  queryOptions({
    queryKey: petQueryKey(id),
    // Only getPet reads one pet by id; it is deprecated in favour of lists, which cannot.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    queryFn: ({ signal }) => client.getPet(id, { signal }),
  });

/** The pet as a list on screen shows it, if one does: the page shows it while it is read. */
export function listedPet(queryClient: QueryClient, id: number): Pet | undefined {
  for (const [, page] of queryClient.getQueriesData<PetsPage>({
    queryKey: [...petsQueryKeys.all, 'list'],
  })) {
    const found = page?.data.find((pet) => pet.id === id);
    if (found) return found;
  }
  return undefined;
}
