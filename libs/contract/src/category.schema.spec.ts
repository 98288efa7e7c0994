// Categories in the contract: a new category, a patch that renames, archives or restores, and a
// category as the API answers it, each refusing what the API refuses, with the same details.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Categories,
  Category,
  CATEGORY_NAME_MAX_LENGTH,
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
