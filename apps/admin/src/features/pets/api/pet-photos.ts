/**
 * A pet's photos, for its page: read in order (the face first), moved and removed. After a change
 * the page shows the new order at once and the lists, which show each pet's face, are read again.
 */
import type { ApiResult, PetPhoto, PetstoreClient } from '@pets/client';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { petsQueryKeys } from './list-pets.js';

/**
 * Under the pets' root, so every change to pets reads it again; not under the pet's own key, which
 * its page removes once the pet is deleted.
 */
export const petPhotosQueryKey = (petId: number) =>
  [...petsQueryKeys.all, 'photos', petId] as const;

export const petPhotosQueryOptions = (client: PetstoreClient, petId: number) =>
  queryOptions({
    queryKey: petPhotosQueryKey(petId),
    queryFn: ({ signal }) => client.listPetPhotos(petId, { signal }),
  });

/** `photos` numbered 1, 2, … in their order, as the API numbers them after a change. */
const renumbered = (photos: readonly PetPhoto[]): PetPhoto[] =>
  photos.map((photo, index) => ({ ...photo, position: index + 1 }));

/** The photos with `moved` taken out and put back at its (new) position. */
export function withMoved(photos: readonly PetPhoto[], moved: PetPhoto): PetPhoto[] {
  const others = photos.filter((photo) => photo.id !== moved.id);
  others.splice(moved.position - 1, 0, moved);
  return renumbered(others);
}

/** Changes the photos the page shows, then has the lists (their faces) read again. */
export function photosChanged(
  queryClient: QueryClient,
  petId: number,
  change: (photos: readonly PetPhoto[]) => PetPhoto[],
): Promise<void> {
  queryClient.setQueryData<ApiResult<PetPhoto[]>>(petPhotosQueryKey(petId), (shown) =>
    shown === undefined ? shown : { ...shown, data: change(shown.data) },
  );
  return queryClient.invalidateQueries({ queryKey: [...petsQueryKeys.all, 'list'] });
}

/** Moves a photo to `position` (1: the pet's face). */
export function useMovePetPhoto(petId: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, position }: { photo: PetPhoto; position: number }) =>
      client.movePetPhoto(petId, photo.id, { position }),
    onSuccess: ({ data: moved }) =>
      photosChanged(queryClient, petId, (photos) => withMoved(photos, moved)),
    // Refused (someone else removed it meanwhile): the photos as they now are.
    onError: () => queryClient.invalidateQueries({ queryKey: petPhotosQueryKey(petId) }),
  });
}

/** Removes a photo; those after it move up one. */
export function useRemovePetPhoto(petId: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: PetPhoto) => client.removePetPhoto(petId, photo.id),
    onSuccess: (_answer, removed) =>
      photosChanged(queryClient, petId, (photos) =>
        renumbered(photos.filter((photo) => photo.id !== removed.id)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: petPhotosQueryKey(petId) }),
  });
}
