// A pet patch, the status moves partners and staff may make, the pet filters of a list, and the
// audit trail's query.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ListAuditQuery } from './audit.schema.js';
import { ListPetsQuery } from './list-query.schema.js';
import { moveAllowed, PET_MOVES_DESCRIPTION, PetPatch } from './pet.schema.js';
import { toErrorDetails } from './validation.js';

/** The `details` a value would get from the schema, or `[]` when it is valid. */
const detailsOf = (schema: z.ZodType) => (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('PetPatch', () => {
  const problems = detailsOf(PetPatch);

  it('takes any of name, categoryId and status, under the rules of a new pet', () => {
    expect(PetPatch.parse({ status: 'sold' })).toEqual({ status: 'sold' });
    expect(PetPatch.parse({ name: '  Rex  ', categoryId: 2 })).toEqual({
      name: 'Rex',
      categoryId: 2,
    });
    expect(problems({ name: '' })).toEqual([{ field: 'name', issue: 'must not be empty' }]);
    expect(problems({ categoryId: 0 })).toEqual([
      { field: 'categoryId', issue: 'must be at least 1' },
    ]);
    expect(problems({ status: 'lost' })).toEqual([
      { field: 'status', issue: 'must be one of available, pending, sold' },
    ]);
  });

  it('refuses an empty patch, a null and any other field', () => {
    expect(problems({})).toEqual([
      { field: '', issue: 'must change at least one of name, categoryId, status' },
    ]);
    expect(problems({ name: null })).toHaveLength(1);
    expect(problems({ name: null })[0]?.field).toBe('name');
    expect(problems({ id: 3, status: 'sold' })).toEqual([{ field: 'id', issue: 'is not allowed' }]);
    expect(problems([])).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });
});

describe('status moves', () => {
  const STATUSES = ['available', 'pending', 'sold'] as const;

  it('are these, for partners and for staff', () => {
    const table = (role: 'partner' | 'staff') =>
      STATUSES.flatMap((from) =>
        STATUSES.filter((to) => moveAllowed(from, to, role)).map((to) => `${from}→${to}`),
      );
    expect(table('partner')).toEqual([
      'available→available',
      'available→pending',
      'available→sold',
      'pending→available',
      'pending→pending',
      'pending→sold',
      'sold→sold',
    ]);
    expect(table('staff')).toEqual([...table('partner'), 'sold→available'].sort());
  });

  it('are worded for the documentation', () => {
    expect(PET_MOVES_DESCRIPTION).toBe(
      'available → pending, available → sold, pending → available, pending → sold, sold → available (staff only)',
    );
  });
});

describe('the pet filters of ListPetsQuery', () => {
  const problems = detailsOf(ListPetsQuery);

  it('reads categoryId as an id and name as a prefix of 1 to 100 characters', () => {
    expect(ListPetsQuery.parse({ categoryId: '7', name: 'Re' })).toMatchObject({
      categoryId: 7,
      name: 'Re',
    });
    expect(ListPetsQuery.parse({ name: 'é'.repeat(100) }).name).toHaveLength(100);
    for (const categoryId of ['0', '07', '1.5', '9007199254740992', 'x'])
      expect(problems({ categoryId })).toEqual([
        { field: 'categoryId', issue: 'must be an integer from 1 to 9007199254740991' },
      ]);
    for (const name of ['', 'x'.repeat(101)])
      expect(problems({ name })).toEqual([{ field: 'name', issue: 'must be 1 to 100 characters' }]);
    expect(problems({ name: ['a', 'b'] })).toEqual([
      { field: 'name', issue: 'must be given once' },
    ]);
  });
});

describe('ListAuditQuery', () => {
  const problems = detailsOf(ListAuditQuery);

  it('filters by target and actor, with the paging of lists', () => {
    expect(
      ListAuditQuery.parse({ targetType: 'pet', targetId: '4', actorAccountId: '2', limit: '5' }),
    ).toEqual({ targetType: 'pet', targetId: 4, actorAccountId: 2, limit: 5 });
    expect(ListAuditQuery.parse({})).toEqual({ limit: 20 });
    expect(problems({ targetType: 'dog' })).toEqual([
      {
        field: 'targetType',
        issue:
          'must be one of pet, key, account, person, session, category, order, passkey, webhook',
      },
    ]);
    expect(problems({ targetType: ['pet', 'key'] })).toEqual([
      { field: 'targetType', issue: 'must be given once' },
    ]);
    expect(problems({ targetId: '0' })).toEqual([
      { field: 'targetId', issue: 'must be an integer from 1 to 9007199254740991' },
    ]);
    expect(problems({ since: '1' })).toHaveLength(1);
  });
});
