/** Changing and deleting a pet, shown in the lists at once and undone when the API refuses. */
import type { Pet, PetPatchInput, PetsPage } from '@pets/client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { petCountsChanged } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';
import { inventoryChanged } from '../../../lib/store.js';
import { petsQueryKeys } from './list-pets.js';

export interface UpdatePetVariables {
  pet: Pet;
  patch: PetPatchInput;
}

/**
 * Changes a pet. The lists on screen show the change at once; if the API refuses it (a move it does
 * not allow, a change by someone else first), they go back to what they were and are read again,
 * so the row shows the pet as it really is.
 */
export function useUpdatePet() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pet, patch }: UpdatePetVariables) => client.updatePet(pet.id, patch),
    onMutate: async ({ pet, patch }: UpdatePetVariables) => {
      // The lists only: a pet's page reads the pet again once the API has answered.
      const lists = [...petsQueryKeys.all, 'list'];
      await queryClient.cancelQueries({ queryKey: lists });
      const before = queryClient.getQueriesData<PetsPage>({ queryKey: lists });
      queryClient.setQueriesData<PetsPage>({ queryKey: lists }, (page) =>
        page === undefined
          ? page
          : {
              ...page,
              data: page.data.map((shown) =>
                shown.id === pet.id ? { ...shown, ...patch } : shown,
              ),
            },
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, page] of context?.before ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => readAgain(queryClient),
  });
}

/** Removes a pet (staff only); the lists are read again. */
export function useDeletePet() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pet: Pet) => client.deletePet(pet.id),
    onSettled: () => readAgain(queryClient),
  });
}

/**
 * After a change (or a refusal), the lists and the inventory are read again, and the categories'
 * pet counts when next shown; the history is, by every change.
 */
const readAgain = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: petsQueryKeys.all }),
    inventoryChanged(queryClient),
    petCountsChanged(queryClient),
  ]);
