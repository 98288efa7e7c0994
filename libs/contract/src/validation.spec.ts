// Validation failures in words: dotted fields, the value as a whole, one line per problem, and
// details joined into a sentence.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeDetails, toErrorDetails } from './validation.js';

const detailsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return toErrorDetails(result.error);
};

describe('toErrorDetails', () => {
  it('names members as dotted paths and array elements by index in brackets', () => {
    const schema = z.strictObject({
      tags: z.array(z.string({ error: 'must be a string' })),
      owner: z.strictObject({ name: z.string({ error: 'must be a string' }) }),
    });
    expect(detailsOf(schema, { tags: ['a', 1], owner: { name: 2, age: 3 } })).toEqual([
      { field: 'tags[1]', issue: 'must be a string' },
      { field: 'owner.name', issue: 'must be a string' },
      { field: 'owner.age', issue: 'is not allowed' },
    ]);
    const nested = z.array(z.strictObject({ patch: z.strictObject({ status: z.literal('x') }) }));
    expect(detailsOf(nested, [{ patch: { status: 'x' } }, { patch: { status: 'y' } }])).toEqual([
      { field: '[1].patch.status', issue: expect.any(String) as string },
    ]);
  });

  it('gives the value as a whole an empty field', () => {
    expect(detailsOf(z.string({ error: 'must be a string' }), 1)).toEqual([
      { field: '', issue: 'must be a string' },
    ]);
  });

  it('says the same thing about the same field only once', () => {
    const schema = z
      .string()
      .refine((value) => value.length > 3, { error: 'is too short' })
      .refine((value) => value.length > 2, { error: 'is too short' })
      .refine((value) => value.startsWith('x'), { error: 'must start with x' });
    expect(detailsOf(schema, 'ab')).toEqual([
      { field: '', issue: 'is too short' },
      { field: '', issue: 'must start with x' },
    ]);
  });
});

describe('describeDetails', () => {
  it('puts each field before its issue and joins the problems with semicolons', () => {
    expect(
      describeDetails([
        { field: 'name', issue: 'must not be empty' },
        { field: 'limits.perDay', issue: 'is required' },
      ]),
    ).toBe('name must not be empty; limits.perDay is required');
  });

  it('words a problem of the body as a whole without a field', () => {
    expect(describeDetails([{ field: '', issue: 'must be a JSON object' }])).toBe(
      'must be a JSON object',
    );
    expect(
      describeDetails([
        { field: '', issue: 'must be a JSON object' },
        { field: 'id', issue: 'is not allowed' },
      ]),
    ).toBe('must be a JSON object; id is not allowed');
  });

  it('is empty for no details', () => {
    expect(describeDetails([])).toBe('');
  });
});
