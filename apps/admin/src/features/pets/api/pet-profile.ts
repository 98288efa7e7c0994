/** A pet's profile, for its page: read once, changed by a merge patch of what the form changed. */
import type { PetProfile, PetProfilePatchInput, PetstoreClient } from '@pets/client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { petsQueryKeys } from './list-pets.js';

/**
 * Under the pets' root, so every change to pets reads it again; not under the pet's own key, which
 * its page removes once the pet is deleted.
 */
export const petProfileQueryKey = (petId: number) =>
  [...petsQueryKeys.all, 'profile', petId] as const;

export const petProfileQueryOptions = (client: PetstoreClient, petId: number) =>
  queryOptions({
    queryKey: petProfileQueryKey(petId),
    queryFn: ({ signal }) => client.getPetProfile(petId, { signal }),
  });

/**
 * Saves a patch of the profile; the API's answer (the whole profile) is what the page shows next,
 * and the lists, which search breed and description, are read again.
 */
export function useUpdatePetProfile(petId: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PetProfilePatchInput) => client.updatePetProfile(petId, patch),
    onSuccess: (saved) => {
      queryClient.setQueryData(petProfileQueryKey(petId), saved);
      return queryClient.invalidateQueries({ queryKey: [...petsQueryKeys.all, 'list'] });
    },
  });
}

export type { PetProfile };
