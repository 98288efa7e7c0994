/**
 * Many pets changed at once: the body of `batchPets` (each item a merge patch or a removal of one
 * pet, under the rules of `updatePet` and `deletePet`) and its answer, one result per item.
 */
import { z } from 'zod';
import { ApiError } from './error.schema.js';
import { BATCH_ITEMS_MAX } from './limits.js';
import { Pet, PetId, PetPatch, type PetPatchInput } from './pet.schema.js';
import { expected } from './text.schema.js';

/**
 * One item: `patch` (as `updatePet` takes it) or `delete: true` (as `deletePet`), never both. One
 * object rather than a union of two, so that a problem inside a patch is named by its field
 * (`items[3].patch.status`) and not as a mismatch of every form.
 */
export const PetBatchItem = z
  .strictObject(
    {
      petId: PetId.meta({ description: 'The pet the item changes or removes.' }),
      patch: PetPatch.optional(),
      delete: z
        .literal(true, { error: 'must be true' })
        .optional()
        .meta({ description: 'Removes the pet, as `DELETE /pets/{petId}` does (staff only).' }),
    },
    { error: expected('a JSON object') },
  )
  .refine((item) => (item.patch === undefined) !== (item.delete === undefined), {
    error: 'must have either `patch` or `delete`, not both',
  })
  .meta({
    id: 'PetBatchItem',
    description:
      'One pet to change (`patch`, a `PetPatch`) or remove (`delete: true`): exactly one of the two.',
  });
export type PetBatchItem = z.output<typeof PetBatchItem>;
/** An item as a caller writes it: a patch or a removal. */
export type PetBatchItemInput =
  | { petId: number; patch: PetPatchInput; delete?: never }
  | { petId: number; delete: true; patch?: never };

const ITEMS_ISSUE = `must hold 1 to ${BATCH_ITEMS_MAX} items`;

export const PetBatch = z
  .strictObject(
    {
      items: z
        .array(PetBatchItem, { error: expected('an array') })
        .min(1, { error: ITEMS_ISSUE })
        .max(BATCH_ITEMS_MAX, { error: ITEMS_ISSUE })
        .meta({ description: `1 to ${BATCH_ITEMS_MAX} items, applied in this order.` }),
    },
    { error: expected('a JSON object') },
  )
  .meta({ id: 'PetBatch', description: 'The pets to change or remove.' });
export type PetBatch = z.output<typeof PetBatch>;

const changed = z
  .strictObject({
    status: z.literal(200).meta({ description: 'The item was applied (or changed nothing).' }),
    pet: Pet,
  })
  .meta({ description: 'A change made: the pet as it is now, as `updatePet` answers.' });
const removed = z
  .strictObject({
    status: z.literal(204).meta({ description: 'The pet was removed.' }),
  })
  .meta({ description: 'A removal made, as `deletePet` answers (no body).' });
const refused = z
  .strictObject({
    status: z.int().min(400).max(599).meta({ description: 'The status the item alone gets.' }),
    error: ApiError,
  })
  .meta({ description: 'An item refused: the status and `Error` it would get alone.' });

export const PetBatchResult = z.union([changed, removed, refused]).meta({
  id: 'PetBatchResult',
  description:
    "One item's outcome: what `updatePet` or `deletePet` would answer for it alone, as `status` with the `pet` or the `error`.",
});
export type PetBatchResult = z.infer<typeof PetBatchResult>;

export const PetBatchResults = z
  .strictObject({
    results: z
      .array(PetBatchResult)
      .meta({ description: "One result per item, in the items' order." }),
  })
  .meta({ id: 'PetBatchResults', description: 'What became of each item.' });
export type PetBatchResults = z.infer<typeof PetBatchResults>;
