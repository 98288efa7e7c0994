/**
 * Orders (adopts) a pet from the pets list. Each pet keeps its Idempotency-Key until the API has
 * answered, so Adopt pressed again after a lost answer gets the first order back instead of
 * placing a second; once answered, the next order of that pet (after a cancel) gets a new key.
 * The orders, the pets and the inventory are read again.
 */
import { newIdempotencyKey, type Pet, PetstoreApiError } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useClient } from '../../../lib/client.js';
import { ordersChanged } from '../../../lib/store.js';

/** Whether the API answered (so the order was placed or refused), not a failure on the way. */
const answered = (error: unknown) => error instanceof PetstoreApiError && error.kind === 'api';

export function usePlaceOrder() {
  const client = useClient();
  const queryClient = useQueryClient();
  const keys = useRef(new Map<number, string>());
  const keyOf = (petId: number) => {
    const kept = keys.current.get(petId);
    if (kept !== undefined) return kept;
    const made = newIdempotencyKey();
    keys.current.set(petId, made);
    return made;
  };
  return useMutation({
    mutationFn: (pet: Pet) =>
      client.placeOrder({ petId: pet.id }, { idempotencyKey: keyOf(pet.id) }),
    onSuccess: (_placed, pet) => {
      keys.current.delete(pet.id);
    },
    onError: (error, pet) => {
      if (answered(error)) keys.current.delete(pet.id);
    },
    onSettled: () => ordersChanged(queryClient),
  });
}
