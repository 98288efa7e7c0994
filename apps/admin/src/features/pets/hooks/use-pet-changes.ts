/**
 * Changing the listed pets (a new status, a deletion, an order to adopt one) and what the last
 * change did, said once: the sentence, whether it failed, the request id to quote, a pet just
 * added, and where to see an order just placed.
 */
import type { Pet } from '@pets/client';
import type { PetStatus } from '@pets/contract';
import { useState } from 'react';
import { describeError, requestIdOf } from '../../../lib/errors.js';
import { usePlaceOrder } from '../api/place-order.js';
import { useDeletePet, useUpdatePet } from '../api/update-pet.js';
import type { Refusal } from '../utils/pets-batch.js';

/** What the last action did, said once and focused. */
export interface Outcome {
  text: string;
  failed?: boolean;
  /** A pet just added: a link shows it in the list. */
  added?: Pet;
  /** Where to see what was done: the Orders page, after an order. */
  link?: { href: string; text: string };
  requestId?: string | undefined;
  /** After a bulk action: the pets it left as they were, and why. */
  refused?: readonly Refusal[];
  /** After a reversible bulk action: puts the pets back as they were. */
  undo?: { label: string; run: () => void };
}

export function usePetChanges() {
  const update = useUpdatePet();
  const remove = useDeletePet();
  const order = usePlaceOrder();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const said = (text: string) => {
    setOutcome({ text });
  };
  const failed = (pet: Pet) => (error: unknown) => {
    setOutcome({
      text: `${pet.name} was not changed. ${describeError(error)}`,
      failed: true,
      requestId: requestIdOf(error),
    });
  };
  return {
    outcome,
    said,
    /** Says what a bulk action did. */
    report: setOutcome,
    /** The pet whose status change is on its way, if any. */
    pendingId: update.isPending ? update.variables.pet.id : undefined,
    /** The pet whose order is on its way, if any. */
    adoptingId: order.isPending ? order.variables.id : undefined,
    added: (pet: Pet) => {
      setOutcome({ text: `Added ${pet.name} (id ${pet.id}).`, added: pet });
    },
    changeStatus: (pet: Pet, next: PetStatus) => {
      update.mutate(
        { pet, patch: { status: next } },
        {
          onSuccess: () => {
            said(`${pet.name} is now ${next}.`);
          },
          onError: failed(pet),
        },
      );
    },
    adopt: (pet: Pet) => {
      order.mutate(pet, {
        onSuccess: ({ data: placed }) => {
          setOutcome({
            text: `Ordered ${pet.name} (id ${pet.id}): order ${placed.id} is ${placed.status}, and ${pet.name} is pending until staff deliver it.`,
            link: { href: '/orders', text: 'See your orders' },
          });
        },
        // A 409 says why in the API's words: "The pet cannot be ordered: petId names a pet that is sold, …".
        onError: (error) => {
          setOutcome({
            text: `${pet.name} was not ordered. ${describeError(error)}`,
            failed: true,
            requestId: requestIdOf(error),
          });
        },
      });
    },
    remove: (pet: Pet) => {
      remove.mutate(pet, {
        onSuccess: () => {
          said(`Deleted ${pet.name} (id ${pet.id}).`);
        },
        onError: failed(pet),
      });
    },
  };
}
