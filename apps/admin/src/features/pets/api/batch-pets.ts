/**
 * Many pets changed or removed at once: one `batchPets` request per hundred items, each item
 * applied on its own by the API. A request that fails as a whole (the network, the rate limit)
 * refuses its items with its error and sends no more. The lists, inventory and category counts are
 * read again afterwards.
 */
import type { Pet, PetBatchItemInput, PetBatchResult } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { petCountsChanged } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';
import { describeError } from '../../../lib/errors.js';
import { inventoryChanged } from '../../../lib/store.js';
import { inBatches, splitResults } from '../utils/pets-batch.js';
import { petsQueryKeys } from './list-pets.js';

export interface BatchVariables {
  /** The pet each item is for, in the items' order. */
  pets: Pet[];
  items: PetBatchItemInput[];
}

export function useBatchPets() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ pets, items }: BatchVariables) => {
      const results: PetBatchResult[] = [];
      let failure: string | undefined;
      for (const batch of inBatches(items)) {
        try {
          const { data } = await client.batchPets(batch);
          results.push(...data.results);
        } catch (error) {
          failure = describeError(error);
          break;
        }
      }
      return splitResults(pets, results, failure);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petsQueryKeys.all }),
        inventoryChanged(queryClient),
        petCountsChanged(queryClient),
      ]),
  });
}
