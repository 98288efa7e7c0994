import { z } from 'zod';

export const NAME_MAX_LENGTH = 100;
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** C0 and C1 control characters (Unicode category Cc). */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A UTF-16 surrogate that is not half of a pair (in `u` mode pairs match as one code point). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Length in Unicode code points, the unit JSON Schema's `maxLength` counts. */
function codePointLength(value: string): number {
  let length = 0;
  for (const _codePoint of value) length += 1;
  return length;
}

/** `is required` for a missing value, otherwise `must be …`. */
export const expected =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${what}`;

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

const idSchema = (description: string) =>
  z
    .int({ error: expectedId })
    .min(1, { error: 'must be at least 1' })
    .max(MAX_ID, { error: `must be at most ${MAX_ID}` })
    .meta({ format: 'int64', description });

/**
 * A pet's name. Control characters are refused anywhere; white space at either end is removed;
 * what remains must be 1 to 100 characters (Unicode code points, as JSON Schema counts them).
 */
export const PetName = z
  .string({ error: expected('a string') })
  .refine((value) => !CONTROL_CHARACTER.test(value), {
    error: 'must not contain control characters',
  })
  .refine((value) => !LONE_SURROGATE.test(value), { error: 'must be well-formed Unicode' })
  .trim()
  .refine((value) => value.length > 0, { error: 'must not be empty' })
  .refine((value) => codePointLength(value) <= NAME_MAX_LENGTH, {
    error: `must be at most ${NAME_MAX_LENGTH} characters`,
  })
  .meta({
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$',
    description:
      "The pet's name. White space at either end is removed; the rest must be 1 to 100 characters with no control characters.",
    examples: ['Rex'],
  });

export const CategoryId = idSchema(
  'Identifier of the category the pet belongs to: an integer from 1 to 9007199254740991 (sent as a JSON number, never a string).',
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
