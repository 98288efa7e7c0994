/**
 * Pets in the contract: a new pet, a pet as the API answers it, a patch, and the status moves
 * partners and staff may make.
 */
import { z } from 'zod';
import { displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

export const NAME_MAX_LENGTH = 100;
export const MAX_ID = Number.MAX_SAFE_INTEGER;

export const PetStatus = z
  .enum(['available', 'pending', 'sold'], { error: expected('one of available, pending, sold') })
  .meta({
    id: 'PetStatus',
    description: 'Availability of a pet.',
  });
export type PetStatus = z.infer<typeof PetStatus>;
export const PET_STATUSES = PetStatus.options;

/** zod's integer type refuses integers beyond 2^53 - 1 itself; say so in the words of the bounds. */
const expectedId = (issue: { input?: unknown }): string =>
  typeof issue.input === 'number' && Number.isInteger(issue.input)
    ? issue.input > 0
      ? `must be at most ${MAX_ID}`
      : 'must be at least 1'
    : expected('an integer')(issue);

/** A positive integer id, as JSON numbers carry them exactly (at most 2^53 - 1). */
export const idSchema = (description: string) =>
  z
    .int({ error: expectedId })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_ID, { error: `must be at most ${MAX_ID}` })
    .meta({ format: 'int64', description });

/** A pet's name: the shared text rule, 1 to 100 characters (Unicode code points). */
export const PetName = displayText({ max: NAME_MAX_LENGTH, allowEmpty: false }).meta({
  description: `The pet's name, 1 to ${NAME_MAX_LENGTH} characters. ${TEXT_RULE_DESCRIPTION}`,
  examples: ['Rex'],
});

export const CategoryId = idSchema(
  'Identifier of the category the pet belongs to: an integer from 1 to 9007199254740991 (sent as a JSON number, never a string). A new pet, or a pet moved to another category, must name a category that exists and is not archived (`GET /categories`).',
);

export const PetId = idSchema('Identifier assigned by the service, increasing in creation order.');

/** The request body of `createPet`. Unknown fields, `id` included, are refused. */
export const NewPet = z
  .strictObject(
    {
      name: PetName,
      categoryId: CategoryId,
      status: PetStatus.default('available').meta({
        description: 'Availability of the pet; `available` when omitted.',
      }),
    },
    { error: expected('a JSON object') },
  )
  .meta({
    id: 'NewPet',
    description: 'A pet to create. `id` is assigned by the service and must not be sent.',
  });
export type NewPet = z.output<typeof NewPet>;
export type NewPetInput = z.input<typeof NewPet>;

export const Pet = z
  .strictObject({
    id: PetId,
    name: PetName,
    categoryId: CategoryId,
    status: PetStatus,
  })
  .meta({ id: 'Pet', description: 'A pet in the catalogue.' });
export type Pet = z.infer<typeof Pet>;

export const Pets = z
  .array(Pet)
  .meta({ id: 'Pets', description: 'A page of pets in ascending `id` order.' });
export type Pets = z.infer<typeof Pets>;

/** A patch must change something: checked, and said in the JSON Schema as `minProperties: 1`. */
export const changingSomething = <T extends z.ZodObject>(patch: T) =>
  patch
    .refine((value) => Object.keys(value).length > 0, {
      error: `must change at least one of ${Object.keys(patch.shape).join(', ')}`,
    })
    .meta({ minProperties: 1 });

/**
 * The body of `updatePet`: a JSON merge patch (RFC 7396) of the fields a pet can change, each under
 * the rules of `NewPet`. It must change something; `null` (which would remove a field) and any
 * other field are refused.
 */
export const PetPatch = changingSomething(
  z.strictObject(
    {
      name: PetName.optional(),
      categoryId: CategoryId.optional(),
      status: PetStatus.optional().meta({
        description: 'The new status; see the moves allowed in the description of `updatePet`.',
      }),
    },
    { error: expected('a JSON object') },
  ),
).meta({
  id: 'PetPatch',
  description: 'The fields to change, at least one; those left out keep their value.',
});
export type PetPatch = z.output<typeof PetPatch>;
export type PetPatchInput = z.input<typeof PetPatch>;

/** Who may move a pet from one status to another (a status not listed cannot be reached). */
export const PET_MOVES: Readonly<
  Record<PetStatus, Readonly<Partial<Record<PetStatus, 'anyone' | 'staff'>>>>
> = {
  available: { pending: 'anyone', sold: 'anyone' },
  pending: { available: 'anyone', sold: 'anyone' },
  // A returned animal: only staff put a sold pet back on offer.
  sold: { available: 'staff' },
};

/** Whether a caller of this role may move a pet from `from` to `to` (staying put always may). */
export function moveAllowed(from: PetStatus, to: PetStatus, role: 'partner' | 'staff'): boolean {
  if (from === to) return true;
  const who = PET_MOVES[from][to];
  return who === 'anyone' || (who === 'staff' && role === 'staff');
}

/** The moves as the API's documentation words them: `available → pending`, … */
export const PET_MOVES_DESCRIPTION = Object.entries(PET_MOVES)
  .flatMap(([from, tos]) =>
    Object.entries(tos).map(
      ([to, who]) => `${from} → ${to}${who === 'staff' ? ' (staff only)' : ''}`,
    ),
  )
  .join(', ');
