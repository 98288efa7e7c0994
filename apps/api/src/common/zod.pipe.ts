/**
 * Validation of bodies, queries and headers with the contract's schemas: a 400 that names each
 * problem (at most 20), integers written only as JSON integers.
 */
import type { PipeTransform } from '@nestjs/common';
import {
  describeDetails,
  type ErrorCode,
  type Problem,
  PROBLEMS,
  toErrorDetails,
} from '@pets/contract';
import type { z } from 'zod';
import { ApiException } from './api-exception.js';
import { NON_INTEGER_LITERALS } from './json-body.decorator.js';

/** A validation error lists at most this many details; its message says how many more there were. */
export const MAX_DETAILS = 20;

const NOT_AN_INTEGER_LITERAL = 'must be an integer, written without a fraction or an exponent';

type ValidationCode = Extract<ErrorCode, 'invalid_body' | 'invalid_query'>;

const PROBLEM: Record<ValidationCode, (described: string) => Problem> = {
  invalid_body: PROBLEMS.invalidBody,
  invalid_query: PROBLEMS.invalidQuery,
};

/**
 * Validates with a contract schema; a failure is a 400 with one `details` entry per problem (at most
 * {@link MAX_DETAILS}). Every number in the contract is an integer, so a number written with a
 * fraction or an exponent in a JSON body is refused even when its value is whole.
 */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    private readonly schema: T,
    private readonly code: ValidationCode,
    /** Names the value in `details` when the schema describes a single value (a header, say). */
    private readonly field?: string,
  ) {}

  transform(value: unknown): z.output<T> {
    const result = this.schema.safeParse(value);
    const literals = nonIntegerLiteralsOf(value);
    if (result.success && literals.length === 0) return result.data;
    const details = (result.success ? [] : toErrorDetails(result.error)).map((detail) => ({
      ...detail,
      field: this.field ?? detail.field,
    }));
    for (const field of literals)
      if (!details.some((detail) => detail.field === field))
        details.push({ field, issue: NOT_AN_INTEGER_LITERAL });
    const shown = details.slice(0, MAX_DETAILS);
    const more = details.length - shown.length;
    const described = `${describeDetails(shown)}${
      more > 0 ? `; and ${more} more ${more === 1 ? 'problem' : 'problems'}` : ''
    }`;
    throw ApiException.of(PROBLEM[this.code](described), shown);
  }
}

function nonIntegerLiteralsOf(value: unknown): readonly string[] {
  // Only a body parsed by JsonBody carries them; a query or a header value has none.
  return (
    (value as { [NON_INTEGER_LITERALS]?: readonly string[] } | null | undefined)?.[
      NON_INTEGER_LITERALS
    ] ?? []
  );
}
