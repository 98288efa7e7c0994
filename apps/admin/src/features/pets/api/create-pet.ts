/**
 * Adds a pet, sent once however often it is submitted; the pets lists and the inventory are read
 * again, and the categories' pet counts when next shown.
 */
import type { NewPetInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { petCountsChanged } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';
import { inventoryChanged } from '../../../lib/store.js';
import { petsQueryKeys } from './list-pets.js';

export interface CreatePetVariables {
  pet: NewPetInput;
  /** The same for every submission of the same values, so a repeat never makes a second pet. */
  idempotencyKey: string;
}

export function useCreatePet() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pet, idempotencyKey }: CreatePetVariables) =>
      client.createPet(pet, { idempotencyKey }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: petsQueryKeys.all });
      void petCountsChanged(queryClient);
      void inventoryChanged(queryClient);
    },
  });
}
