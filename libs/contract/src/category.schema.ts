/**
 * Categories in the contract (beta): a named group of pets, its name unique whatever its case,
 * width or invisible characters (`categoryNameKey`), created, renamed and archived by staff, never
 * deleted. A pet is put only in a category that
 * exists and is not archived; pets keep an archived category until they are moved.
 */
import { z } from 'zod';
import { changingSomething, idSchema } from './pet.schema.js';
import { displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

export const CATEGORY_NAME_MAX_LENGTH = 60;

/** Why a pet's `categoryId` is refused, as its detail says it. */
export const NO_SUCH_CATEGORY = 'names no such category';
export const ARCHIVED_CATEGORY = 'is an archived category: choose one in use';

/** Default-ignorable code points (U+200B, U+00AD, U+FEFF, variation selectors, …): they show nothing. */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

const withoutIgnorables = (text: string): string => text.replace(DEFAULT_IGNORABLE, '');

/**
 * One character case-folded as Unicode's full case folding does (CaseFolding.txt, C and F), which
 * JavaScript has no function for: lower, upper, then lower again folds "ß" and "ẞ" to "ss" and "ς"
 * to "σ". The dotless ı alone would become i that way; folding leaves it as it is.
 */
const foldCase = (character: string): string =>
  character === '\u0131' ? character : character.toLowerCase().toUpperCase().toLowerCase();

/**
 * What two categories' names are compared by (decisions §19): NFKC, default-ignorable code points
 * removed, full case folding (character by character, so without context), and NFKC again. "Horses",
 * "ＨＯＲＳＥＳ", "Horſes" and "Horses\u200b" are one name; "Horse", "Hörses" and "Hırses" are others. The
 * same key again for a key (`categoryNameKey(key) === key`). It follows the Unicode version of the
 * JavaScript engine: a character assigned in a later version may fold differently there.
 */
export function categoryNameKey(name: string): string {
  const folded = Array.from(withoutIgnorables(name).normalize('NFKC'), foldCase).join('');
  return withoutIgnorables(folded.normalize('NFKC'));
}

/**
 * A category's name: the shared text rule, 1 to 60 characters, unique as `categoryNameKey`
 * compares names.
 */
export const CategoryName = displayText({
  max: CATEGORY_NAME_MAX_LENGTH,
  allowEmpty: false,
}).meta({
  description: `The category's name, 1 to ${CATEGORY_NAME_MAX_LENGTH} characters, unique whatever its case, width or invisible characters: names are compared after NFKC normalization, removing default-ignorable code points (such as U+200B and U+FEFF) and case folding, so "Dogs", "dogs", "ＤＯＧＳ" (fullwidth) and "Dogs" followed by U+200B are one name. ${TEXT_RULE_DESCRIPTION}`,
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
