/**
 * Changing the listed pets (a new status, a deletion) and what the last change did, said once:
 * the sentence, whether it failed, the request id to quote, and a pet just added.
 */
import type { Pet } from '@pets/client';
import type { PetStatus } from '@pets/contract';
import { useState } from 'react';
import { describeError, requestIdOf } from '../../../lib/errors.js';
import { useDeletePet, useUpdatePet } from '../api/update-pet.js';

/** What the last action did, said once and focused. */
export interface Outcome {
  text: string;
  failed?: boolean;
  /** A pet just added: a link shows it in the list. */
  added?: Pet;
  requestId?: string | undefined;
}

export function usePetChanges() {
  const update = useUpdatePet();
  const remove = useDeletePet();
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
    /** The pet whose status change is on its way, if any. */
    pendingId: update.isPending ? update.variables.pet.id : undefined,
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
