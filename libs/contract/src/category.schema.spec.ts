// Categories in the contract: a new category, a patch that renames, archives or restores, and a
// category as the API answers it, each refusing what the API refuses, with the same details.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Categories,
  Category,
  CATEGORY_NAME_MAX_LENGTH,
  categoryNameKey,
  CategoryPatch,
  NewCategory,
} from './category.schema.js';
import { toErrorDetails } from './validation.js';

const detailsOf = (schema: z.ZodType) => (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('NewCategory', () => {
  const problems = detailsOf(NewCategory);

  it('takes a name of 1 to 60 characters, white space at either end removed', () => {
    expect(NewCategory.parse({ name: '  Dogs ' })).toEqual({ name: 'Dogs' });
    const longest = '🐕'.repeat(CATEGORY_NAME_MAX_LENGTH);
    expect(NewCategory.parse({ name: longest })).toEqual({ name: longest });
    expect(CATEGORY_NAME_MAX_LENGTH).toBe(60);
  });

  it('refuses an empty, too long or invisible name, control characters and other fields', () => {
    expect(problems({ name: '   ' })).toEqual([{ field: 'name', issue: 'must not be empty' }]);
    expect(problems({ name: 'x'.repeat(61) })).toEqual([
      { field: 'name', issue: 'must be at most 60 characters' },
    ]);
    expect(problems({ name: '\u200b' })).toEqual([
      { field: 'name', issue: 'must contain a visible character' },
    ]);
    expect(problems({ name: 'Do\u0000gs' })).toEqual([
      { field: 'name', issue: 'must not contain control characters' },
    ]);
    expect(problems({})).toEqual([{ field: 'name', issue: 'is required' }]);
    expect(problems({ name: 'Dogs', archived: true })).toEqual([
      { field: 'archived', issue: 'is not allowed' },
    ]);
    expect(problems([])).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });
});

describe('CategoryPatch', () => {
  const problems = detailsOf(CategoryPatch);

  it('renames, archives or restores, under the rules of a new category', () => {
    expect(CategoryPatch.parse({ name: ' Cats ' })).toEqual({ name: 'Cats' });
    expect(CategoryPatch.parse({ archived: true })).toEqual({ archived: true });
    expect(CategoryPatch.parse({ archived: false, name: 'Cats' })).toEqual({
      archived: false,
      name: 'Cats',
    });
  });

  it('refuses an empty patch, a null, a non-boolean archived and any other field', () => {
    expect(problems({})).toEqual([
      { field: '', issue: 'must change at least one of name, archived' },
    ]);
    expect(problems({ archived: 'yes' })).toEqual([
      { field: 'archived', issue: 'must be true or false' },
    ]);
    expect(problems({ name: null })[0]?.field).toBe('name');
    expect(problems({ id: 2, name: 'Cats' })).toEqual([{ field: 'id', issue: 'is not allowed' }]);
  });
});

describe('Category', () => {
  it('is an id, a name, whether it is archived and how many pets it has, nothing else', () => {
    const dogs = { id: 1, name: 'Dogs', archived: false, petCount: 3 };
    expect(Category.parse(dogs)).toEqual(dogs);
    expect(Categories.parse([dogs])).toEqual([dogs]);
    expect(Category.safeParse({ ...dogs, petCount: -1 }).success).toBe(false);
    expect(Category.safeParse({ ...dogs, petCount: 1.5 }).success).toBe(false);
    expect(Category.safeParse({ ...dogs, id: 0 }).success).toBe(false);
    expect(Category.safeParse({ ...dogs, extra: 1 }).success).toBe(false);
  });
});

describe('categoryNameKey', () => {
  const oneName = (...names: string[]) => {
    expect(new Set(names.map(categoryNameKey)).size, names.join(' | ')).toBe(1);
  };

  it('is one key for a name in other cases, widths, compatibility forms and invisible characters', () => {
    oneName('Horses', 'horses', 'HORSES', 'ＨＯＲＳＥＳ', 'Horſes', 'Horses\u200b', '\ufeffhorses');
    oneName(
      'Horses',
      'Hor\u00adses',
      'H\u2060orses',
      'Horses\ufe0f',
      'Ｈｏｒｓｅｓ\u200d',
      '𝐇𝐨𝐫𝐬𝐞𝐬',
    );
    expect(categoryNameKey('ＨＯＲＳＥＳ\u200b')).toBe('horses');
    // Full case folding: ß and ẞ are ss, final ς is σ, ŉ is ʼn; İ is i with a dot above.
    oneName('Straße', 'STRASSE', 'strasse', 'STRAẞE');
    oneName('ΟΔΟΣ', 'οδος', 'οδοσ');
    oneName('ŉ', 'ʼn', 'ʼN');
    expect(categoryNameKey('İ')).toBe('i\u0307');
    // Composed and decomposed accents, ligatures and circled letters.
    oneName('Hörses', 'Ho\u0308rses', 'HÖRSES');
    oneName('ﬁsh', 'fish', 'FISH');
    oneName('Ⓓogs', 'dogs');
  });

  it('keeps apart names that differ in a letter, an accent or an emoji', () => {
    const keys = [
      'Horses',
      'Horse',
      'Hörses',
      'Hirses',
      'Hırses',
      'Horses 🐎',
      '🐎',
      '🐴',
      'Hor ses',
    ].map(categoryNameKey);
    expect(new Set(keys).size).toBe(keys.length);
    // Emoji keep their presentation as one sequence: only the variation selector goes.
    expect(categoryNameKey('👩\u200d🔬')).toBe('👩🔬');
    expect(categoryNameKey('❤\ufe0f')).toBe('❤');
  });

  it('is its own key, for every code point of the planes with letters and tags, and a few sequences', () => {
    // The BMP and the SMP (scripts, symbols, emoji, mathematical letters) and tags (plane 14).
    for (const [from, to] of [
      [0, 0x1ffff],
      [0xe0000, 0xe0fff],
    ] as const)
      for (let codePoint = from; codePoint <= to; codePoint += 1) {
        if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
        const key = categoryNameKey(String.fromCodePoint(codePoint));
        if (categoryNameKey(key) !== key) expect.fail(`U+${codePoint.toString(16)}`);
      }
    for (const name of ['e\u200b\u0301', 'ΣΑΣ', 'ﬀ\u0301', 'İstanbul', 'ǅemal', '\u1e9e\u0345'])
      expect(categoryNameKey(categoryNameKey(name))).toBe(categoryNameKey(name));
  });
});
