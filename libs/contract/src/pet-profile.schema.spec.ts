// A pet's profile and photos in the contract: the profile's merge patch and what it makes of a
// profile, a photo's move, `expand` on the pets list, and a pet as a list shows it.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ListPetsQuery } from './list-query.schema.js';
import {
  EMPTY_PROFILE,
  ListedPet,
  ListedPets,
  patchProfile,
  PetPhoto,
  PetPhotos,
  PetProfile,
  PetProfilePatch,
  PhotoMove,
} from './pet-profile.schema.js';
import { once } from './query-value.js';
import { createPet, createPetPhoto } from './testing.js';
import { toErrorDetails } from './validation.js';

/** The `details` a value would get from the schema, or `[]` when it is valid. */
const detailsOf = (schema: z.ZodType) => (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

/** A profile somebody has filled in. */
const described: PetProfile = {
  description: 'Loves long walks.\nShy with strangers.',
  sex: 'female',
  birthDate: '2022-05-01',
  birthDateApproximate: true,
  breed: 'Labrador mix',
  size: 'large',
  colors: ['black', 'white'],
  attributes: { houseTrained: true, neutered: false, vaccinated: true, specialNeeds: false },
  goodWith: { children: 'yes', dogs: 'no', cats: 'unknown' },
  intakeDate: '2026-10-12',
};

describe('PetProfilePatch', () => {
  const problems = detailsOf(PetProfilePatch);
  const parsed = (patch: unknown) => PetProfilePatch.parse(patch);

  it('takes every field of a profile, and null for each', () => {
    expect(parsed(described)).toEqual(described);
    const cleared = Object.fromEntries(Object.keys(described).map((field) => [field, null]));
    expect(parsed(cleared)).toEqual(cleared);
  });

  it('refuses an empty patch, another field and what is not an object', () => {
    const atLeastOne =
      'must change at least one of description, sex, birthDate, birthDateApproximate, breed, size, colors, attributes, goodWith, intakeDate';
    expect(problems({})).toEqual([{ field: '', issue: atLeastOne }]);
    expect(problems({ name: 'Rex', sex: 'male' })).toEqual([
      { field: 'name', issue: 'is not allowed' },
    ]);
    for (const value of [null, [], 'sex=male'])
      expect(problems(value)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });

  describe('description', () => {
    it('keeps line breaks, reads \\r\\n as one, removes white space at either end', () => {
      expect(parsed({ description: ' Rex.\r\n\r\nLoves walks.\n ' })).toEqual({
        description: 'Rex.\n\nLoves walks.',
      });
      // Empty (or only white space) is taken: it clears the description.
      expect(parsed({ description: '  ' })).toEqual({ description: '' });
    });

    it('takes 4,000 characters, counted as code points, and no more', () => {
      expect(parsed({ description: '🐕'.repeat(4_000) }).description).toHaveLength(8_000);
      expect(parsed({ description: ` ${'a'.repeat(4_000)} ` }).description).toHaveLength(4_000);
      expect(problems({ description: '🐕'.repeat(4_001) })).toEqual([
        { field: 'description', issue: 'must be at most 4,000 characters' },
      ]);
    });

    it('refuses every other control character, bidirectional controls and lone surrogates', () => {
      const plain = 'must be plain text: no control characters other than line breaks';
      for (const control of [
        '\0',
        '\t',
        '\r',
        '\v',
        '\x1f',
        '\x7f',
        '\x85',
        '\x9f',
        '\u202a',
        '\u202e',
        '\u2066',
        '\u2069',
      ])
        expect(problems({ description: `a${control}b` }), JSON.stringify(control)).toEqual([
          { field: 'description', issue: plain },
        ]);
      for (const allowed of [' ', '~', '\xa0', '\u202f', '\u2070', 'é'])
        expect(parsed({ description: `a${allowed}b` })).toEqual({ description: `a${allowed}b` });
      expect(problems({ description: 'a\ud800b' })).toEqual([
        { field: 'description', issue: 'must be well-formed Unicode' },
      ]);
      expect(problems({ description: 'a\udc00' })).toEqual([
        { field: 'description', issue: 'must be well-formed Unicode' },
      ]);
      expect(problems({ description: 4 })).toEqual([
        { field: 'description', issue: 'must be a string' },
      ]);
    });
  });

  it('breed: 1 to 80 characters of displayable text', () => {
    expect(parsed({ breed: '  Labrador mix ' })).toEqual({ breed: 'Labrador mix' });
    expect(parsed({ breed: 'é'.repeat(80) }).breed).toHaveLength(80);
    expect(problems({ breed: 'x'.repeat(81) })).toEqual([
      { field: 'breed', issue: 'must be at most 80 characters' },
    ]);
    expect(problems({ breed: ' ' })).toEqual([{ field: 'breed', issue: 'must not be empty' }]);
    expect(problems({ breed: '\u200b' })).toEqual([
      { field: 'breed', issue: 'must contain a visible character' },
    ]);
    expect(problems({ breed: 'Lab\nmix' })).toEqual([
      { field: 'breed', issue: 'must not contain control characters' },
    ]);
  });

  it('colors: at most 3, each 1 to 40 characters', () => {
    expect(parsed({ colors: [] })).toEqual({ colors: [] });
    expect(parsed({ colors: [' black', 'tan', 'x'.repeat(40)] })).toEqual({
      colors: ['black', 'tan', 'x'.repeat(40)],
    });
    expect(problems({ colors: ['a', 'b', 'c', 'd'] })).toEqual([
      { field: 'colors', issue: 'must have at most 3 colours' },
    ]);
    expect(problems({ colors: ['black', '', 'x'.repeat(41)] })).toEqual([
      { field: 'colors[1]', issue: 'must not be empty' },
      { field: 'colors[2]', issue: 'must be at most 40 characters' },
    ]);
    expect(problems({ colors: ['a', 'b', 'c', ''] })).toEqual([
      { field: 'colors[3]', issue: 'must not be empty' },
      { field: 'colors', issue: 'must have at most 3 colours' },
    ]);
    // A string is not counted as colours: one problem, not two.
    expect(problems({ colors: 'black' })).toEqual([
      { field: 'colors', issue: 'must be an array of strings' },
    ]);
  });

  it('sex, size and goodWith answers: one of their words', () => {
    expect(parsed({ sex: 'male', size: 'xlarge' })).toEqual({ sex: 'male', size: 'xlarge' });
    expect(problems({ sex: 'f', size: 'huge' })).toEqual([
      { field: 'sex', issue: 'must be one of female, male, unknown' },
      { field: 'size', issue: 'must be one of small, medium, large, xlarge' },
    ]);
    expect(problems({ goodWith: { dogs: 'maybe' } })).toEqual([
      { field: 'goodWith.dogs', issue: 'must be one of yes, no, unknown' },
    ]);
  });

  it('dates: YYYY-MM-DD, a day that exists', () => {
    expect(parsed({ birthDate: '2024-02-29', intakeDate: '2026-12-31' })).toEqual({
      birthDate: '2024-02-29',
      intakeDate: '2026-12-31',
    });
    for (const day of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-2-3',
      '2026-01-01T00:00:00Z',
      '01/02/2026',
    ])
      expect(problems({ birthDate: day, intakeDate: day }), day).toEqual([
        { field: 'birthDate', issue: 'must be a date as YYYY-MM-DD' },
        { field: 'intakeDate', issue: 'must be a date as YYYY-MM-DD' },
      ]);
  });

  it('birthDateApproximate: true or false', () => {
    expect(parsed({ birthDateApproximate: false })).toEqual({ birthDateApproximate: false });
    expect(problems({ birthDateApproximate: 'yes' })).toEqual([
      { field: 'birthDateApproximate', issue: 'must be true or false' },
    ]);
  });

  it('attributes and goodWith: objects of their own fields only, each nullable', () => {
    expect(parsed({ attributes: {}, goodWith: {} })).toEqual({ attributes: {}, goodWith: {} });
    expect(parsed({ attributes: { neutered: null }, goodWith: { cats: null } })).toEqual({
      attributes: { neutered: null },
      goodWith: { cats: null },
    });
    expect(problems({ attributes: { neutered: 'yes', wings: true } })).toEqual([
      { field: 'attributes.neutered', issue: 'must be true or false' },
      { field: 'attributes.wings', issue: 'is not allowed' },
    ]);
    expect(problems({ goodWith: { horses: 'yes' } })).toEqual([
      { field: 'goodWith.horses', issue: 'is not allowed' },
    ]);
    expect(problems({ attributes: [], goodWith: 'yes' })).toEqual([
      { field: 'attributes', issue: 'must be a JSON object' },
      { field: 'goodWith', issue: 'must be a JSON object' },
    ]);
  });
});

describe('patchProfile', () => {
  const patched = (patch: unknown, profile: PetProfile = described) =>
    patchProfile(profile, PetProfilePatch.parse(patch));

  it('changes what the patch gives and keeps the rest', () => {
    expect(patched({ breed: 'Beagle', colors: ['tan'] }, EMPTY_PROFILE)).toEqual({
      ...EMPTY_PROFILE,
      breed: 'Beagle',
      colors: ['tan'],
    });
    expect(patched({ sex: 'male', birthDateApproximate: false })).toEqual({
      ...described,
      sex: 'male',
      birthDateApproximate: false,
    });
  });

  it('sets a field given as null back to what a profile nobody described has', () => {
    const cleared = Object.fromEntries(Object.keys(described).map((field) => [field, null]));
    expect(patched(cleared)).toEqual(EMPTY_PROFILE);
    expect(patched({ sex: null, colors: null, birthDateApproximate: null })).toEqual({
      ...described,
      sex: 'unknown',
      colors: [],
      birthDateApproximate: false,
    });
  });

  it('stores an empty description as null', () => {
    expect(patched({ description: ' \r\n ' }).description).toBeNull();
  });

  it('merges attributes field by field: null for one clears it, null for all clears every one', () => {
    expect(patched({ attributes: { neutered: true, specialNeeds: null } }).attributes).toEqual({
      houseTrained: true,
      neutered: true,
      vaccinated: true,
      specialNeeds: null,
    });
    expect(patched({ attributes: {} }).attributes).toEqual(described.attributes);
    expect(patched({ attributes: null }).attributes).toEqual(EMPTY_PROFILE.attributes);
  });

  it('merges goodWith field by field: null for one or all sets it back to unknown', () => {
    expect(patched({ goodWith: { dogs: null, cats: 'yes' } }).goodWith).toEqual({
      children: 'yes',
      dogs: 'unknown',
      cats: 'yes',
    });
    expect(patched({ goodWith: {} }).goodWith).toEqual(described.goodWith);
    expect(patched({ goodWith: null }).goodWith).toEqual(EMPTY_PROFILE.goodWith);
  });

  it('keeps a field given as undefined (left out, as TypeScript may write it)', () => {
    expect(
      patchProfile(described, { breed: undefined, attributes: undefined, goodWith: undefined }),
    ).toEqual(described);
  });

  it('changes neither the profile nor the patch it is given', () => {
    const profile = structuredClone(described);
    const patch = PetProfilePatch.parse({
      attributes: { neutered: true },
      goodWith: { dogs: 'yes' },
    });
    const result = patchProfile(profile, patch);
    expect(profile).toEqual(described);
    expect(result.attributes).not.toBe(profile.attributes);
    expect(result.goodWith).not.toBe(profile.goodWith);
    expect(EMPTY_PROFILE.attributes.neutered).toBeNull();
  });
});

describe('PhotoMove', () => {
  const problems = detailsOf(PhotoMove);

  it('takes a position from 1 to 12, a JSON integer', () => {
    expect(PhotoMove.parse({ position: 1 })).toEqual({ position: 1 });
    expect(PhotoMove.parse({ position: 12 })).toEqual({ position: 12 });
    expect(problems({ position: 0 })).toEqual([{ field: 'position', issue: 'must be at least 1' }]);
    expect(problems({ position: 13 })).toEqual([
      { field: 'position', issue: 'must be at most 12' },
    ]);
    for (const position of [1.5, '2'])
      expect(problems({ position })).toEqual([{ field: 'position', issue: 'must be an integer' }]);
    expect(problems({})).toEqual([{ field: 'position', issue: 'is required' }]);
    expect(problems({ position: 2, id: 3 })).toEqual([{ field: 'id', issue: 'is not allowed' }]);
    expect(problems([])).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });
});

describe('expand on the pets list', () => {
  const problems = detailsOf(ListPetsQuery);
  const issue = 'must be a comma-separated list of profile, photos, each at most once';

  it('takes profile and photos, comma-separated, in the order the contract gives them', () => {
    expect(ListPetsQuery.parse({ expand: 'photos,profile' }).expand).toEqual(['profile', 'photos']);
    expect(ListPetsQuery.parse({ expand: 'photos' }).expand).toEqual(['photos']);
    expect(ListPetsQuery.parse({}).expand).toBeUndefined();
  });

  it('refuses another name, a repeated one, an empty list and a repeated parameter', () => {
    for (const expand of ['pet', 'photos,photos', '', 'profile,', ' profile', 'Profile'])
      expect(problems({ expand }), expand).toEqual([{ field: 'expand', issue }]);
    expect(problems({ expand: ['profile', 'photos'] })).toEqual([
      { field: 'expand', issue: 'must be given once' },
    ]);
  });
});

describe('once', () => {
  const problems = detailsOf(once('must be a word'));

  it('takes one string; a repeated parameter and anything else are refused in their words', () => {
    expect(once('must be a word').parse('dog')).toBe('dog');
    expect(problems(['dog', 'cat'])).toEqual([{ field: '', issue: 'must be given once' }]);
    expect(problems(5)).toEqual([{ field: '', issue: 'must be a word' }]);
  });
});

describe('ListedPet and PetPhoto', () => {
  const photo = createPetPhoto();

  it('a listed pet is a Pet, with a profile and photos only when expanded', () => {
    expect(ListedPet.parse(createPet())).toEqual(createPet());
    const expanded = { ...createPet(), profile: described, photos: [photo] };
    expect(ListedPets.parse([expanded])).toEqual([expanded]);
    expect(detailsOf(ListedPet)({ ...createPet(), profile: { ...described, sex: 'x' } })).toEqual([
      { field: 'profile.sex', issue: 'must be one of female, male, unknown' },
    ]);
    expect(detailsOf(ListedPet)({ ...createPet(), owner: 'me' })).toEqual([
      { field: 'owner', issue: 'is not allowed' },
    ]);
  });

  it('a photo has a position from 1 to 12, a positive size and three URLs', () => {
    expect(PetPhoto.parse(photo)).toEqual(photo);
    const problems = detailsOf(PetPhoto);
    expect(problems({ ...photo, position: 13, width: 0 })).toHaveLength(2);
    expect(problems({ ...photo, urls: { ...photo.urls, large: 'not a url' } })).toEqual([
      { field: 'urls.large', issue: expect.any(String) as string },
    ]);
    expect(PetPhotos.safeParse(Array.from({ length: 13 }, () => photo)).success).toBe(false);
    expect(PetPhotos.parse(Array.from({ length: 12 }, () => photo))).toHaveLength(12);
  });

  it('the empty profile is a valid profile', () => {
    expect(PetProfile.parse(EMPTY_PROFILE)).toEqual(EMPTY_PROFILE);
    expect(PetProfile.parse(described)).toEqual(described);
  });
});
