// The list queries: defaults, each filter and its refusals, repeated parameters, cursors, and
// the input type the client takes matching what the API reads.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  IdempotencyKey,
  isIdText,
  ListPetsQuery,
  type ListPetsQueryInput,
  PetIdParam,
} from './list-query.schema.js';
import { toErrorDetails } from './validation.js';

const problems = (query: Record<string, unknown>) => {
  const result = ListPetsQuery.safeParse(query);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('ListPetsQuery', () => {
  it('defaults limit to 20 and leaves the rest out', () => {
    expect(ListPetsQuery.parse({})).toEqual({ limit: 20 });
  });

  it.each([
    ['1', 1],
    ['20', 20],
    ['100', 100],
  ])('accepts limit=%s', (limit, parsed) => {
    expect(ListPetsQuery.parse({ limit }).limit).toBe(parsed);
  });

  it.each(['0', '101', '-1', '1.5', '1e2', ' 5', '5 ', '', 'abc', '0x10', '99999999999999999999'])(
    'refuses limit=%j',
    (limit) => {
      expect(problems({ limit })).toEqual([
        { field: 'limit', issue: 'must be an integer from 1 to 100' },
      ]);
    },
  );

  it('accepts each status and refuses others', () => {
    expect(ListPetsQuery.parse({ status: 'sold' })).toEqual({ limit: 20, status: 'sold' });
    expect(problems({ status: 'Sold' })).toEqual([
      { field: 'status', issue: 'must be one of available, pending, sold' },
    ]);
    expect(problems({ status: '' })).toEqual([
      { field: 'status', issue: 'must be one of available, pending, sold' },
    ]);
  });

  it('is what the input type the client takes says, parameter by parameter', () => {
    expectTypeOf<keyof ListPetsQueryInput>().toEqualTypeOf<keyof ListPetsQuery>();
    expectTypeOf<ListPetsQueryInput['owner']>().toEqualTypeOf<ListPetsQuery['owner']>();
    expectTypeOf<ListPetsQueryInput['sort']>().toEqualTypeOf<ListPetsQuery['sort']>();
    expectTypeOf<ListPetsQueryInput['q']>().toEqualTypeOf<ListPetsQuery['q']>();
  });

  it('accepts owner=me and refuses any other owner', () => {
    expect(ListPetsQuery.parse({ owner: 'me', status: 'sold' })).toEqual({
      limit: 20,
      status: 'sold',
      owner: 'me',
    });
    for (const owner of ['Me', 'ME', ' me', 'me ', '', 'all', 'staff', '42', 7])
      expect(problems({ owner }), JSON.stringify(owner)).toEqual([
        { field: 'owner', issue: 'must be `me`' },
      ]);
    expect(problems({ owner: ['me', 'me'] })).toEqual([
      { field: 'owner', issue: 'must be given once' },
    ]);
  });

  it('refuses a repeated parameter', () => {
    expect(problems({ limit: ['10', '20'] })).toEqual([
      { field: 'limit', issue: 'must be given once' },
    ]);
    expect(problems({ status: ['sold', 'sold'] })).toEqual([
      { field: 'status', issue: 'must be given once' },
    ]);
  });

  it('says what limit and status must be when they are not text (the client checks before sending)', () => {
    expect(problems({ limit: 5, status: 1 })).toEqual([
      { field: 'limit', issue: 'must be an integer from 1 to 100' },
      { field: 'status', issue: 'must be one of available, pending, sold' },
    ]);
  });

  it('says what a cursor must be when it is neither a string nor repeated', () => {
    expect(problems({ cursor: 7 })).toEqual([
      { field: 'cursor', issue: 'must be a cursor from a `Link` header' },
    ]);
  });

  it('refuses a repeated cursor', () => {
    expect(problems({ cursor: ['abc', 'abc'] })).toEqual([
      { field: 'cursor', issue: 'must be given once' },
    ]);
  });

  it.each([null, 'limit=10', ['limit']])('refuses a query that is not an object: %j', (query) => {
    const result = ListPetsQuery.safeParse(query);
    expect(result.success ? [] : toErrorDetails(result.error)).toEqual([
      { field: '', issue: 'must be a query string' },
    ]);
  });

  it.each(['id', '-id', 'name', '-name'])('accepts sort=%s', (sort) => {
    expect(ListPetsQuery.parse({ sort }).sort).toBe(sort);
  });

  it.each(['', 'Name', '+name', 'status', 'name,id', '--id'])('refuses sort=%j', (sort) => {
    expect(problems({ sort })).toEqual([
      { field: 'sort', issue: 'must be one of id, -id, name, -name' },
    ]);
  });

  it.each(['jr', ' waf', 'Café', 'Барсик', '小白', 'x'.repeat(100), '😀 a'])(
    'accepts q=%j as given',
    (q) => {
      expect(ListPetsQuery.parse({ q }).q).toBe(q);
    },
  );

  it.each(['', '   ', '!?', '😀', 'x'.repeat(101)])('refuses q=%j', (q) => {
    expect(problems({ q })).toEqual([
      { field: 'q', issue: 'must be at most 100 characters and hold a letter or digit' },
    ]);
  });

  it('refuses sort and q given twice', () => {
    expect(problems({ sort: ['id', 'name'], q: ['a', 'b'] })).toEqual([
      { field: 'sort', issue: 'must be given once' },
      { field: 'q', issue: 'must be given once' },
    ]);
  });

  it('refuses unknown parameters by name', () => {
    expect(problems({ offset: '10', page: '2' })).toEqual([
      { field: 'offset', issue: 'is not allowed' },
      { field: 'page', issue: 'is not allowed' },
    ]);
  });

  it('accepts a well-formed cursor and refuses others', () => {
    expect(ListPetsQuery.parse({ cursor: 'eyJpZCI6MjB9' }).cursor).toBe('eyJpZCI6MjB9');
    expect(problems({ cursor: 'a+b/c=' })).toEqual([
      { field: 'cursor', issue: 'is not a valid cursor' },
    ]);
    expect(ListPetsQuery.parse({ cursor: 'a'.repeat(1024) }).cursor).toHaveLength(1024);
    expect(ListPetsQuery.parse({ cursor: 'AZaz09_-' }).cursor).toBe('AZaz09_-');
    expect(problems({ cursor: '' })).toEqual([{ field: 'cursor', issue: 'is not a valid cursor' }]);
    expect(problems({ cursor: 'a'.repeat(1025) })).toEqual([
      { field: 'cursor', issue: 'is not a valid cursor' },
    ]);
  });
});

describe('PetIdParam', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 2 ** 53 - 1],
  ])('accepts %s', (raw, id) => {
    expect(PetIdParam.parse(raw)).toBe(id);
  });

  it.each([
    '0',
    '-1',
    '01',
    '1.0',
    '1e3',
    'abc',
    '',
    ' 1',
    '9007199254740992',
    '99999999999999999',
  ])('refuses %j', (raw) => {
    expect(PetIdParam.safeParse(raw).success).toBe(false);
  });
});

describe('isIdText', () => {
  it.each(['1', '42', '9007199254740991'])('takes %s, as the paths take it', (text) => {
    expect(isIdText(text)).toBe(true);
    expect(PetIdParam.safeParse(text).success).toBe(true);
  });

  it.each([
    '0',
    '-1',
    '01',
    '1.0',
    '1e3',
    '',
    ' 1',
    '1 ',
    'x1',
    '9007199254740992',
    '99999999999999999',
  ])('refuses %j, as the paths do', (text) => {
    expect(isIdText(text)).toBe(false);
    expect(PetIdParam.safeParse(text).success).toBe(false);
  });
});

describe('IdempotencyKey', () => {
  const keyProblems = (key: unknown) => {
    const result = IdempotencyKey.safeParse(key);
    return result.success ? [] : toErrorDetails(result.error);
  };

  it('accepts 1 to 255 printable ASCII characters', () => {
    expect(IdempotencyKey.safeParse('a').success).toBe(true);
    expect(IdempotencyKey.safeParse('~ !'.repeat(85)).success).toBe(true);
    expect(IdempotencyKey.parse(' \u007e')).toBe(' ~');
  });

  it.each(['', 'a'.repeat(256), 'caf\u00e9', 'a\tb', 'a\u001f', 'a\u007f'])(
    'refuses %j and says what a key must be',
    (key) => {
      expect(keyProblems(key)).toEqual([
        { field: '', issue: 'must be 1 to 255 printable ASCII characters' },
      ]);
    },
  );

  it('refuses a header sent twice, and a key that is not text', () => {
    expect(keyProblems(['key-1', 'key-1'])).toEqual([{ field: '', issue: 'must be given once' }]);
    expect(keyProblems(42)).toEqual([{ field: '', issue: 'must be a string' }]);
  });
});
