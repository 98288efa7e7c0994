// A new pet and a pet as the contract takes them: status, name (length in characters, trimmed,
// nothing hidden), category, no other field, and every problem told at once.
import { describe, expect, it } from 'vitest';
import { NewPet, Pet, Pets, PetStatus } from './pet.schema.js';
import { createNewPet, createPet } from './testing.js';
import { toErrorDetails } from './validation.js';

/** The `details` a body would get, or `[]` when it is valid. */
const problems = (body: unknown) => {
  const result = NewPet.safeParse(body);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('NewPet', () => {
  it('accepts a minimal pet and fills in status', () => {
    expect(NewPet.parse({ name: 'Rex', categoryId: 1 })).toEqual({
      name: 'Rex',
      categoryId: 1,
      status: 'available',
    });
  });

  it.each(PetStatus.options)('accepts status %s', (status) => {
    expect(NewPet.parse(createNewPet({ status })).status).toBe(status);
  });

  it('refuses an unknown status', () => {
    expect(problems(createNewPet({ status: 'lost' as never }))).toEqual([
      { field: 'status', issue: 'must be one of available, pending, sold' },
    ]);
  });

  describe('name', () => {
    it('accepts 100 characters and refuses 101', () => {
      expect(problems(createNewPet({ name: 'a'.repeat(100) }))).toEqual([]);
      expect(problems(createNewPet({ name: 'a'.repeat(101) }))).toEqual([
        { field: 'name', issue: 'must be at most 100 characters' },
      ]);
    });

    it('counts characters, not UTF-16 units', () => {
      expect(problems(createNewPet({ name: '🐶'.repeat(100) }))).toEqual([]);
      expect(problems(createNewPet({ name: '🐶'.repeat(101) }))).toHaveLength(1);
    });

    it('trims white space at either end before measuring', () => {
      expect(NewPet.parse(createNewPet({ name: '  Rex \u00a0' })).name).toBe('Rex');
      expect(problems(createNewPet({ name: ` ${'a'.repeat(100)} ` }))).toEqual([]);
      expect(NewPet.parse(createNewPet({ name: ` ${'a'.repeat(100)} ` })).name).toHaveLength(100);
    });

    it('refuses an empty or all-blank name', () => {
      expect(problems(createNewPet({ name: '' }))).toEqual([
        { field: 'name', issue: 'must not be empty' },
      ]);
      expect(problems(createNewPet({ name: ' \u3000 ' }))).toEqual([
        { field: 'name', issue: 'must not be empty' },
      ]);
    });

    it.each(['Re\u0000x', 'Re\nx', 'Rex\t', '\u007fRex', 'Re\u009bx', 'Rex\r\n'])(
      'refuses control characters in %j',
      (name) => {
        expect(problems(createNewPet({ name }))).toEqual([
          { field: 'name', issue: 'must not contain control characters' },
        ]);
      },
    );

    it('refuses a lone surrogate', () => {
      expect(problems(createNewPet({ name: 'Rex\ud800' }))).toEqual([
        { field: 'name', issue: 'must be well-formed Unicode' },
      ]);
    });

    it('keeps inner white space, emoji and right-to-left text as sent', () => {
      for (const name of [
        'Mr  Whiskers',
        'Rex 🐕',
        'כלב',
        '<b>Rex</b>',
        "Robert'); DROP TABLE pets;--",
      ]) {
        expect(NewPet.parse(createNewPet({ name })).name).toBe(name);
      }
    });

    it('refuses a missing name and one that is not a string', () => {
      expect(problems({ categoryId: 1 })).toEqual([{ field: 'name', issue: 'is required' }]);
      expect(problems(createNewPet({ name: 42 as never }))).toEqual([
        { field: 'name', issue: 'must be a string' },
      ]);
      expect(problems(createNewPet({ name: null as never }))).toEqual([
        { field: 'name', issue: 'must be a string' },
      ]);
    });
  });

  describe('categoryId', () => {
    it.each([1, 2, 2 ** 53 - 1])('accepts %d', (categoryId) => {
      expect(problems(createNewPet({ categoryId }))).toEqual([]);
    });

    it.each([
      [0, 'must be at least 1'],
      [-1, 'must be at least 1'],
      [2 ** 53, 'must be at most 9007199254740991'],
      [2 ** 60, 'must be at most 9007199254740991'],
      [-(2 ** 53), 'must be at least 1'],
      [Number.MIN_SAFE_INTEGER - 2, 'must be at least 1'],
      [1.5, 'must be an integer'],
      ['5', 'must be an integer'],
      [null, 'must be an integer'],
      [true, 'must be an integer'],
    ])('refuses %j: %s', (categoryId, issue) => {
      expect(problems(createNewPet({ categoryId: categoryId as never }))).toEqual([
        { field: 'categoryId', issue },
      ]);
    });

    it('is required', () => {
      expect(problems({ name: 'Rex' })).toEqual([{ field: 'categoryId', issue: 'is required' }]);
    });
  });

  describe('other fields', () => {
    it('refuses id', () => {
      expect(problems({ ...createNewPet(), id: 7 })).toEqual([
        { field: 'id', issue: 'is not allowed' },
      ]);
    });

    it('names every unknown field', () => {
      expect(problems({ ...createNewPet(), tag: 'x', owner: 'y' })).toEqual([
        { field: 'tag', issue: 'is not allowed' },
        { field: 'owner', issue: 'is not allowed' },
      ]);
    });

    it('refuses __proto__ and constructor as fields', () => {
      const body = JSON.parse(
        '{"name":"Rex","categoryId":1,"__proto__":{"admin":true},"constructor":1}',
      ) as unknown;
      expect(
        problems(body)
          .map((d) => d.field)
          .sort(),
      ).toEqual(['__proto__', 'constructor']);
    });

    it('reports every problem at once', () => {
      expect(problems({ name: '', categoryId: 0, status: 'x', id: 1 })).toEqual([
        { field: 'name', issue: 'must not be empty' },
        { field: 'categoryId', issue: 'must be at least 1' },
        { field: 'status', issue: 'must be one of available, pending, sold' },
        { field: 'id', issue: 'is not allowed' },
      ]);
    });

    it.each([null, [], 'Rex', 42])('refuses a body that is not an object: %j', (body) => {
      expect(problems(body)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
    });
  });
});

describe('Pet', () => {
  it('accepts exactly the four fields', () => {
    expect(Pet.parse(createPet())).toEqual(createPet());
    expect(Pet.safeParse({ ...createPet(), extra: 1 }).success).toBe(false);
  });

  it('requires status and a positive id', () => {
    const { status: _status, ...withoutStatus } = createPet();
    expect(Pet.safeParse(withoutStatus).success).toBe(false);
    expect(Pet.safeParse(createPet({ id: 0 })).success).toBe(false);
    expect(Pet.safeParse(createPet({ id: 2 ** 53 - 1 })).success).toBe(true);
  });

  it('Pets is an array of Pet', () => {
    expect(Pets.parse([createPet(), createPet({ id: 2 })])).toHaveLength(2);
    expect(Pets.safeParse([createPet({ name: '' })]).success).toBe(false);
  });
});
