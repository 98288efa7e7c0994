/**
 * Many pets changed at once: which of the pets selected a move applies to (and why the others are
 * left out before anything is sent), the items to send, split into batches the API takes, the
 * items that undo what was done, and the sentence that says what became of them.
 */
import type { Pet, PetBatchItemInput, PetBatchResult } from '@pets/client';
import { BATCH_ITEMS_MAX, moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { isKnown } from '../../../lib/known.js';

/** What the selection is to have done to it. */
export type BulkAction =
  | { kind: 'status'; status: PetStatus }
  | { kind: 'category'; categoryId: number; categoryName: string }
  | { kind: 'delete' };

/** A pet left out of a batch, or refused by the API, and why. */
export interface Refusal {
  pet: Pet;
  reason: string;
}

export interface BatchPlan {
  /** The pets an item is sent for, in the order of `items`. */
  pets: Pet[];
  items: PetBatchItemInput[];
  /** The pets left out before sending: the change would be refused, or would change nothing. */
  skipped: Refusal[];
}

/**
 * The items of a bulk action: a move only for pets that may make it (`openOrders`: the pets known
 * to have an open order, which no move or removal reaches), a category only for pets not in it.
 */
export function planBatch(
  selected: readonly Pet[],
  action: BulkAction,
  role: 'partner' | 'staff',
  openOrders: ReadonlyMap<number, number>,
): BatchPlan {
  const plan: BatchPlan = { pets: [], items: [], skipped: [] };
  for (const pet of selected) {
    const order = openOrders.get(pet.id);
    const reason =
      action.kind === 'category'
        ? pet.categoryId === action.categoryId
          ? `already in ${action.categoryName}`
          : undefined
        : order !== undefined
          ? `its open order ${order} holds it`
          : action.kind === 'status' && pet.status === action.status
            ? `already ${action.status}`
            : action.kind === 'status' &&
                !(isKnown(PET_STATUSES, pet.status) && moveAllowed(pet.status, action.status, role))
              ? `a ${pet.status} pet cannot be moved to ${action.status}`
              : undefined;
    if (reason !== undefined) {
      plan.skipped.push({ pet, reason });
      continue;
    }
    plan.pets.push(pet);
    plan.items.push(
      action.kind === 'delete'
        ? { petId: pet.id, delete: true }
        : {
            petId: pet.id,
            patch:
              action.kind === 'status'
                ? { status: action.status }
                : { categoryId: action.categoryId },
          },
    );
  }
  return plan;
}

/** The items in batches of at most as many as the API takes in one request. */
export const inBatches = <T>(items: readonly T[], size = BATCH_ITEMS_MAX): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The items that put each pet changed back as it was before. */
export const undoItems = (
  done: readonly Pet[],
  action: Exclude<BulkAction, { kind: 'delete' }>,
): PetBatchItemInput[] =>
  // A move is never planned from a status the app does not know, so each had a known one.
  done.flatMap(({ id: petId, status, categoryId }): PetBatchItemInput[] =>
    action.kind === 'category'
      ? [{ petId, patch: { categoryId } }]
      : isKnown(PET_STATUSES, status)
        ? [{ petId, patch: { status } }]
        : [],
  );

/**
 * The pets done and refused, from the API's results (one per item, in their order); a pet with no
 * result (its request failed) is refused for `unsent`.
 */
export function splitResults(
  pets: readonly Pet[],
  results: readonly PetBatchResult[],
  unsent = 'no answer came for it',
): { done: Pet[]; refused: Refusal[] } {
  const done: Pet[] = [];
  const refused: Refusal[] = [];
  pets.forEach((pet, index) => {
    const answer = results[index];
    if (answer === undefined) refused.push({ pet, reason: unsent });
    else if ('error' in answer) refused.push({ pet, reason: answer.error.message });
    else done.push(pet);
  });
  return { done, refused };
}

const pets = (count: number) => (count === 1 ? '1 pet' : `${count} pets`);

/** "Marked 5 pets sold.", "Moved 2 pets to Cats.", "Deleted 3 pets." */
export function describeDone(action: BulkAction, count: number): string {
  switch (action.kind) {
    case 'status':
      return `Marked ${pets(count)} ${action.status}.`;
    case 'category':
      return `Moved ${pets(count)} to ${action.categoryName}.`;
    case 'delete':
      return `Deleted ${pets(count)}.`;
  }
}

/** "2 pets not changed:" before the list of who and why. */
export const describeRefused = (count: number) => `${pets(count)} not changed:`;
