// Validation errors: one sentence and one detail per problem, how many were left out, numbers
// written with a fraction, and a single value named by its field.
import { HEADERS, IdempotencyKey, NewAccount, NewPet, PasskeySignIn } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiException } from '../errors/api-exception.js';
import { NON_INTEGER_LITERALS } from './json-body.decorator.js';
import { MAX_DETAILS, ZodPipe } from './zod.pipe.js';

const Thing = NewPet;

/** What the pipe throws for a value, as the client sees it. */
function refusal(pipe: ZodPipe<z.ZodType>, value: unknown) {
  try {
    pipe.transform(value);
  } catch (error) {
    return (error as ApiException).toBody();
  }
  throw new Error('the value was accepted');
}

/** A parsed body as JsonBody leaves it: where it wrote numbers with a fraction or an exponent. */
const withLiterals = (body: Record<string, unknown>, literals: string[]) =>
  Object.defineProperty(body, NON_INTEGER_LITERALS, { value: literals, enumerable: false });

describe('ZodPipe', () => {
  it('passes a valid value through', () => {
    expect(
      new ZodPipe(Thing, 'invalid_body').transform({ name: 'Rex', categoryId: 2 }),
    ).toMatchObject({
      name: 'Rex',
      categoryId: 2,
    });
  });

  it('says what is wrong in one sentence, with nothing about more problems when all are shown', () => {
    expect(refusal(new ZodPipe(Thing, 'invalid_body'), { categoryId: 1 })).toEqual({
      code: 'invalid_body',
      status: 400,
      message: 'The request body is invalid: name is required.',
      details: [{ field: 'name', issue: 'is required' }],
    });
    expect(refusal(new ZodPipe(Thing, 'invalid_query'), { categoryId: 1 }).message).toBe(
      'The query string is invalid: name is required.',
    );
  });

  it('counts the problems left out: one problem, or several', () => {
    const unknown = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`extra${i}`, i]));
    const pipe = new ZodPipe(Thing, 'invalid_body');
    const one = refusal(pipe, { name: 'Rex', categoryId: 1, ...unknown(MAX_DETAILS + 1) });
    expect(one.details).toHaveLength(MAX_DETAILS);
    expect(one.message).toMatch(/extra19 is not allowed; and 1 more problem\.$/);
    expect(
      refusal(pipe, { name: 'Rex', categoryId: 1, ...unknown(MAX_DETAILS + 2) }).message,
    ).toMatch(/; and 2 more problems\.$/);
    expect(
      refusal(pipe, { name: 'Rex', categoryId: 1, ...unknown(MAX_DETAILS) }).message,
    ).not.toContain('more');
  });

  it('lists a number written with a fraction next to the schema’s own problems, once per field', () => {
    const pipe = new ZodPipe(Thing, 'invalid_body');
    expect(refusal(pipe, withLiterals({ categoryId: 2 }, ['categoryId'])).details).toEqual([
      { field: 'name', issue: 'is required' },
      {
        field: 'categoryId',
        issue: 'must be an integer, written without a fraction or an exponent',
      },
    ]);
    // A field the schema already refuses is listed once, with the schema's issue.
    expect(
      refusal(pipe, withLiterals({ name: 'Rex', categoryId: 2.5 }, ['categoryId'])).details,
    ).toEqual([{ field: 'categoryId', issue: 'must be an integer' }]);
  });

  it('holds integers alone to it: a free-form member may have fractions, as the document allows', () => {
    const credential = {
      id: 'AbC-_1',
      rawId: 'AbC-_1',
      type: 'public-key',
      response: { clientDataJSON: 'e30', weight: 1.5, nested: [{ ratio: 1.0 }] },
      clientExtensionResults: { score: 2e3 },
    };
    const body = withLiterals({ credential }, [
      'credential.response.weight',
      'credential.response.nested[0].ratio',
      'credential.clientExtensionResults.score',
    ]);
    expect(new ZodPipe(PasskeySignIn, 'invalid_body').transform(body)).toEqual({ credential });
    // In either form of a union, an integer field still refuses `1.0`.
    const account = { name: 'Acme', plan: 'enterprise', limits: { perMinute: 1.0, perDay: 10 } };
    expect(
      refusal(new ZodPipe(NewAccount, 'invalid_body'), withLiterals(account, ['limits.perMinute']))
        .details,
    ).toEqual([
      {
        field: 'limits.perMinute',
        issue: 'must be an integer, written without a fraction or an exponent',
      },
    ]);
  });

  it('names a single value by its field, such as a header', () => {
    const pipe = new ZodPipe(IdempotencyKey.optional(), 'invalid_body', HEADERS.idempotencyKey);
    expect(pipe.transform(undefined)).toBeUndefined();
    expect(pipe.transform('key-1')).toBe('key-1');
    expect(refusal(pipe, '\u0001')).toMatchObject({
      details: [
        { field: HEADERS.idempotencyKey, issue: 'must be 1 to 255 printable ASCII characters' },
      ],
    });
  });
});
