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
import { ApiException } from '../errors/api-exception.js';
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
    const literals = nonIntegerLiteralsOf(value).filter((field) =>
      takesInteger(this.schema, pathOf(field)),
    );
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

/** What zod's schemas say of themselves, as far as finding a field goes. */
interface Definition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/**
 * Whether the field at `path` of what `schema` reads is an integer somewhere: the rule against
 * `1.0` is for integers only. A number in a free-form member (what a passkey credential carries
 * for WebAuthn, say) may have a fraction, as the document allows.
 */
function takesInteger(schema: z.ZodType | undefined, path: readonly string[]): boolean {
  if (schema === undefined) return false;
  const definition = schema.def as unknown as Definition;
  if (WRAPPERS.has(definition.type)) return takesInteger(definition.innerType, path);
  if (definition.type === 'pipe') return takesInteger(definition.in, path);
  if (definition.type === 'lazy') return takesInteger(definition.getter?.(), path);
  if (definition.type === 'union')
    return (definition.options ?? []).some((option) => takesInteger(option, path));
  if (definition.type === 'intersection')
    return takesInteger(definition.left, path) || takesInteger(definition.right, path);
  const [name, ...rest] = path;
  // `z.int()` and `.int()` both give the format `safeint` (`int32`, `uint32` are integers too).
  if (name === undefined)
    return definition.type === 'number' && /int/.test((schema as z.ZodNumber).format ?? '');
  if (definition.type === 'object')
    return takesInteger(
      Object.hasOwn(definition.shape ?? {}, name) ? definition.shape?.[name] : definition.catchall,
      rest,
    );
  if (definition.type === 'array') return takesInteger(definition.element, rest);
  if (definition.type === 'record') return takesInteger(definition.valueType, rest);
  return false;
}

/** A field as details name it (`items[3].patch.status`) as its steps: `items`, `3`, `patch`, `status`. */
const pathOf = (field: string): string[] => field.split(/[.[\]]/).filter((step) => step !== '');

function nonIntegerLiteralsOf(value: unknown): readonly string[] {
  // Only a body parsed by JsonBody carries them; a query or a header value has none.
  return (
    (value as { [NON_INTEGER_LITERALS]?: readonly string[] } | null | undefined)?.[
      NON_INTEGER_LITERALS
    ] ?? []
  );
}
