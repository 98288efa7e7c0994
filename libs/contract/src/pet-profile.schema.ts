/**
 * A pet's profile and photos (decisions §21): what staff know of a pet beyond its four fields, and
 * the photos partners show. A `Pet` has them only when a caller asks (`expand=profile,photos`).
 */
import { z } from 'zod';
import { expandParam } from './expand.schema.js';
import { PHOTO_WIDTHS, PHOTOS_PER_PET_MAX } from './limits.js';
import { changingSomething, idSchema, Pet } from './pet.schema.js';
import { codePointLength, displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

export const DESCRIPTION_MAX_LENGTH = 4_000;
export const BREED_MAX_LENGTH = 80;
export const COLOR_MAX_LENGTH = 40;
export const COLORS_MAX = 3;

export const PET_SEXES = ['female', 'male', 'unknown'] as const;
export const PET_SIZES = ['small', 'medium', 'large', 'xlarge'] as const;
export const GOOD_WITH_ANSWERS = ['yes', 'no', 'unknown'] as const;
export const PET_ATTRIBUTES = ['houseTrained', 'neutered', 'vaccinated', 'specialNeeds'] as const;
export const GOOD_WITH = ['children', 'dogs', 'cats'] as const;

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: expected(`one of ${values.join(', ')}`) });

/** Control characters other than a line break, bidirectional controls, lone surrogates. */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_TEXT = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Plain text in paragraphs: line breaks (`\n`; `\r\n` is read as one) kept, any other control
 * character refused, white space at either end removed, at most 4,000 characters.
 */
const Description = z
  .string({ error: expected('a string') })
  .transform((text) => text.replaceAll('\r\n', '\n'))
  .refine((text) => !NOT_PLAIN_TEXT.test(text), {
    error: 'must be plain text: no control characters other than line breaks',
  })
  .refine((text) => !/[\ud800-\udfff]/u.test(text), { error: 'must be well-formed Unicode' })
  .transform((text) => text.trim())
  .refine((text) => codePointLength(text) <= DESCRIPTION_MAX_LENGTH, {
    error: `must be at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
  })
  .meta({
    maxLength: DESCRIPTION_MAX_LENGTH,
    description: `Plain text (no markup), up to ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters; line breaks are kept (\`\\r\\n\` is stored as \`\\n\`), other control characters refused, white space at either end removed. An empty text is stored as \`null\`.`,
  });

/** A calendar day, `YYYY-MM-DD`, that exists. */
const Day = (description: string) =>
  z.iso.date({ error: 'must be a date as YYYY-MM-DD' }).meta({ description });

const Breed = displayText({ max: BREED_MAX_LENGTH, allowEmpty: false }).meta({
  description: `The breed or mix as people say it ("Labrador mix"), 1 to ${BREED_MAX_LENGTH} characters. ${TEXT_RULE_DESCRIPTION}`,
});
const Color = displayText({ max: COLOR_MAX_LENGTH, allowEmpty: false }).meta({
  description: `A colour, 1 to ${COLOR_MAX_LENGTH} characters.`,
});
const Colors = z
  .array(Color, { error: expected('an array of strings') })
  // Not `.max()`: it would count a string's characters too, and refuse `"black"` twice.
  .refine((colors) => colors.length <= COLORS_MAX, {
    error: `must have at most ${COLORS_MAX} colours`,
    when: ({ value }) => Array.isArray(value),
  })
  .meta({ maxItems: COLORS_MAX, description: `Up to ${COLORS_MAX} colours, the main one first.` });

export const PetSex = oneOf(PET_SEXES).meta({ id: 'PetSex', description: 'The sex of the pet.' });
export const PetSize = oneOf(PET_SIZES).meta({
  id: 'PetSize',
  description: 'How big the pet is (or will be) grown.',
});
export const GoodWithAnswer = oneOf(GOOD_WITH_ANSWERS).meta({
  id: 'GoodWithAnswer',
  description: 'Whether the pet gets on with them: `unknown` until someone has seen it.',
});

const attributeFields = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(PET_ATTRIBUTES.map((name) => [name, value])) as Record<
    (typeof PET_ATTRIBUTES)[number],
    T
  >;
const goodWithFields = <T extends z.ZodType>(value: T) =>
  Object.fromEntries(GOOD_WITH.map((name) => [name, value])) as Record<
    (typeof GOOD_WITH)[number],
    T
  >;

const Attribute = z.boolean({ error: expected('true or false') }).nullable();

/** A pet's profile as the API answers it: every field, `null` where nothing is known. */
export const PetProfile = z
  .strictObject({
    description: z.string().nullable().meta({ description: 'About the pet, in plain text.' }),
    sex: PetSex,
    birthDate: Day('The day the pet was born, `YYYY-MM-DD`.').nullable(),
    birthDateApproximate: z.boolean().meta({
      description: '`true` when `birthDate` is an estimate (a shelter animal of about two years).',
    }),
    breed: z.string().nullable().meta({ description: 'The breed or mix.' }),
    size: PetSize.nullable(),
    colors: z.array(z.string()).meta({ description: 'Up to 3 colours, the main one first.' }),
    attributes: z
      .strictObject(attributeFields(Attribute))
      .meta({ description: 'Facts of care, each `true`, `false` or `null` (not known).' }),
    goodWith: z.strictObject(goodWithFields(GoodWithAnswer)).meta({
      description: 'Whether the pet gets on with children, dogs and cats.',
    }),
    intakeDate: Day('The day the pet came to the shelter, `YYYY-MM-DD`.').nullable(),
  })
  .meta({
    id: 'PetProfile',
    description:
      'What is known of a pet beyond its name, category and status. A pet nobody has described has `null` (or `unknown`, `false`, `[]`) in every field.',
  });
export type PetProfile = z.infer<typeof PetProfile>;

/** The profile of a pet nobody has described. */
export const EMPTY_PROFILE: PetProfile = {
  description: null,
  sex: 'unknown',
  birthDate: null,
  birthDateApproximate: false,
  breed: null,
  size: null,
  colors: [],
  attributes: { houseTrained: null, neutered: null, vaccinated: null, specialNeeds: null },
  goodWith: { children: 'unknown', dogs: 'unknown', cats: 'unknown' },
  intakeDate: null,
};

const NULL_RESETS = '`null` sets it back to ';

/**
 * The body of `updatePetProfile`: a JSON merge patch (RFC 7396). A field left out keeps its value,
 * `null` sets it back to nothing known; `attributes` and `goodWith` are merged field by field.
 */
export const PetProfilePatch = changingSomething(
  z.strictObject(
    {
      description: Description.nullable().optional(),
      sex: PetSex.nullable()
        .optional()
        .meta({ description: `The sex of the pet; ${NULL_RESETS}\`unknown\`.` }),
      birthDate: Day(`The day the pet was born, \`YYYY-MM-DD\`; ${NULL_RESETS}\`null\`.`)
        .nullable()
        .optional(),
      birthDateApproximate: z
        .boolean({ error: expected('true or false') })
        .nullable()
        .optional()
        .meta({ description: `Whether \`birthDate\` is an estimate; ${NULL_RESETS}\`false\`.` }),
      breed: Breed.nullable().optional(),
      size: PetSize.nullable().optional(),
      colors: Colors.nullable().optional(),
      attributes: z
        .strictObject(attributeFields(Attribute.optional()), {
          error: expected('a JSON object'),
        })
        .nullable()
        .optional()
        .meta({
          description: `A merge patch of the facts of care: each \`true\`, \`false\` or \`null\` (not known); \`null\` for the whole object sets every one back to \`null\`.`,
        }),
      goodWith: z
        .strictObject(goodWithFields(GoodWithAnswer.nullable().optional()), {
          error: expected('a JSON object'),
        })
        .nullable()
        .optional()
        .meta({
          description: `A merge patch of whom the pet gets on with; \`null\` (for one or all) sets it back to \`unknown\`.`,
        }),
      intakeDate: Day(
        `The day the pet came to the shelter, \`YYYY-MM-DD\`; ${NULL_RESETS}\`null\`.`,
      )
        .nullable()
        .optional(),
    },
    { error: expected('a JSON object') },
  ),
).meta({
  id: 'PetProfilePatch',
  description:
    'The profile fields to change, at least one; those left out keep their value and `null` clears one.',
});
export type PetProfilePatch = z.output<typeof PetProfilePatch>;
export type PetProfilePatchInput = z.input<typeof PetProfilePatch>;

/**
 * The profile a merge patch makes of `profile` (RFC 7396): a field left out keeps its value, `null`
 * sets it back to nothing known, and `attributes` and `goodWith` are merged field by field.
 */
export function patchProfile(profile: PetProfile, patch: PetProfilePatch): PetProfile {
  const merged: PetProfile = {
    ...profile,
    attributes: { ...profile.attributes },
    goodWith: { ...profile.goodWith },
  };
  for (const [field, value] of Object.entries(patch) as [keyof PetProfilePatch, unknown][]) {
    // Left out, as a caller in TypeScript may write it.
    if (value === undefined) continue;
    if (field === 'attributes')
      for (const name of PET_ATTRIBUTES) {
        const fact = value === null ? null : (value as PetAttributesPatch)[name];
        if (fact !== undefined) merged.attributes[name] = fact;
      }
    else if (field === 'goodWith')
      for (const name of GOOD_WITH) {
        const answer = value === null ? null : (value as GoodWithPatch)[name];
        if (answer !== undefined) merged.goodWith[name] = answer ?? 'unknown';
      }
    else
      (merged as Record<string, unknown>)[field] =
        value === null || value === '' ? EMPTY_PROFILE[field] : value;
  }
  return merged;
}
type PetAttributesPatch = NonNullable<PetProfilePatch['attributes']>;
type GoodWithPatch = NonNullable<PetProfilePatch['goodWith']>;

/** The URLs of a photo's three widths. */
export const PhotoUrls = z
  .strictObject({
    small: z.url().meta({ description: `${PHOTO_WIDTHS.small} pixels wide (a list's face).` }),
    medium: z.url().meta({ description: `${PHOTO_WIDTHS.medium} pixels wide.` }),
    large: z.url().meta({ description: `${PHOTO_WIDTHS.large} pixels wide.` }),
  })
  .meta({
    id: 'PhotoUrls',
    description:
      'Public WebP images of the photo (no key needed: put them on your pages), each as wide as its name says or as the image itself when it is narrower. Each URL is unguessable, belongs to this photo alone and never changes: `Cache-Control: public, max-age=31536000, immutable`, `ETag` and `304`, `Cross-Origin-Resource-Policy: cross-origin`, not counted against any rate limit. A removed photo stops being served (`404`) within 5 seconds.',
  });

export const PhotoId = idSchema(
  'Identifier of the photo, increasing in the order they were added.',
);
export const PhotoPosition = z
  .int({ error: expected('an integer') })
  .min(1, { error: 'must be at least 1' })
  .max(PHOTOS_PER_PET_MAX, { error: `must be at most ${PHOTOS_PER_PET_MAX}` })
  .meta({
    description: `Where the photo stands among the pet's photos, from 1 (the pet's face, shown first) to ${PHOTOS_PER_PET_MAX}.`,
  });

export const PetPhoto = z
  .strictObject({
    id: PhotoId,
    position: PhotoPosition,
    width: z.int().min(1).meta({ description: 'Width of the `large` image, in pixels, upright.' }),
    height: z
      .int()
      .min(1)
      .meta({ description: 'Height of the `large` image, in pixels, upright.' }),
    thumbhash: z.string().meta({
      description:
        'A ThumbHash (base64) of the photo: a placeholder of a few dozen bytes to show while the image loads.',
    }),
    urls: PhotoUrls,
  })
  .meta({ id: 'PetPhoto', description: 'A photo of a pet, at three widths.' });
export type PetPhoto = z.infer<typeof PetPhoto>;

export const PetPhotos = z
  .array(PetPhoto)
  .max(PHOTOS_PER_PET_MAX)
  .meta({
    id: 'PetPhotos',
    description: `A pet's photos in order of \`position\` (the face first): all of them, at most ${PHOTOS_PER_PET_MAX}.`,
  });

/** The body of `movePetPhoto`. */
export const PhotoMove = z
  .strictObject({ position: PhotoPosition }, { error: expected('a JSON object') })
  .meta({
    id: 'PhotoMove',
    description:
      'The position to move the photo to; the photos between its old and new place move up or down one.',
  });
export type PhotoMove = z.output<typeof PhotoMove>;

/** What a pet can expand (`expand=profile,photos`). */
export const PET_EXPANSIONS = ['profile', 'photos'] as const;
export type PetExpansion = (typeof PET_EXPANSIONS)[number];

export const PetExpand = expandParam(
  PET_EXPANSIONS,
  'petExpand',
  'What to add to each pet, in the same request (beta): `profile` adds `profile` (a `PetProfile`), `photos` adds `photos` (its `PetPhoto`s, the face first); comma-separated, each at most once. Without it each pet is exactly a `Pet`.',
);

export const ListedPet = Pet.extend({
  profile: PetProfile.optional().meta({ description: 'With `expand=profile` only.' }),
  photos: PetPhotos.optional().meta({ description: 'With `expand=photos` only.' }),
}).meta({
  id: 'ListedPet',
  description:
    'A pet as a list or a read shows it: with `expand`, also its profile and photos; without, exactly a `Pet`.',
});
export type ListedPet = z.infer<typeof ListedPet>;

export const ListedPets = z.array(ListedPet).meta({
  id: 'ListedPets',
  description: 'A page of pets in the order `sort` asks for (ascending `id` by default).',
});
