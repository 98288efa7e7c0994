/**
 * Categories in the contract (beta): a named group of pets, its name unique whatever its case,
 * created, renamed and archived by staff, never deleted. A pet is put only in a category that
 * exists and is not archived; pets keep an archived category until they are moved.
 */
import { z } from 'zod';
import { changingSomething, idSchema } from './pet.schema.js';
import { displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

export const CATEGORY_NAME_MAX_LENGTH = 60;

/** Why a pet's `categoryId` is refused, as its detail says it. */
export const NO_SUCH_CATEGORY = 'names no such category';
export const ARCHIVED_CATEGORY = 'is an archived category: choose one in use';

/** A category's name: the shared text rule, 1 to 60 characters, unique whatever its case. */
export const CategoryName = displayText({
  max: CATEGORY_NAME_MAX_LENGTH,
  allowEmpty: false,
}).meta({
  description: `The category's name, 1 to ${CATEGORY_NAME_MAX_LENGTH} characters, unique whatever its case ("Dogs" and "dogs" are one name). ${TEXT_RULE_DESCRIPTION}`,
  examples: ['Dogs'],
});

const archived = z.boolean({ error: expected('true or false') });

export const Category = z
  .strictObject({
    id: idSchema('Identifier assigned by the service, increasing in creation order.'),
    name: CategoryName,
    archived: archived.meta({
      description:
        'An archived category keeps its pets, but no pet is newly put in it (created in it or moved to it).',
    }),
    petCount: z
      .int()
      .min(0)
      .meta({ description: 'How many pets are in it now (removed pets are not counted).' }),
  })
  .meta({ id: 'Category', description: 'A category of pets.' });
export type Category = z.infer<typeof Category>;

export const Categories = z
  .array(Category)
  .meta({ id: 'Categories', description: 'A page of categories in ascending `id` order.' });
export type Categories = z.infer<typeof Categories>;

/** The request body of `createCategory`. Unknown fields are refused. */
export const NewCategory = z
  .strictObject({ name: CategoryName }, { error: expected('a JSON object') })
  .meta({ id: 'NewCategory', description: 'A category to create; it starts in use.' });
export type NewCategory = z.output<typeof NewCategory>;
export type NewCategoryInput = z.input<typeof NewCategory>;

/**
 * The body of `updateCategory`: a JSON merge patch of its name and whether it is archived. It must
 * change something; any other field is refused.
 */
export const CategoryPatch = changingSomething(
  z.strictObject(
    {
      name: CategoryName.optional(),
      archived: archived.optional().meta({
        description: '`true` archives the category; `false` puts an archived one back in use.',
      }),
    },
    { error: expected('a JSON object') },
  ),
).meta({
  id: 'CategoryPatch',
  description: 'The fields to change, at least one; those left out keep their value.',
});
export type CategoryPatch = z.output<typeof CategoryPatch>;
export type CategoryPatchInput = z.input<typeof CategoryPatch>;
