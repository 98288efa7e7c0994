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

const idSchema = (description: string) =>
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
