import type { PipeTransform } from '@nestjs/common';
import { describeDetails, type ErrorCode, toErrorDetails } from '@pets/contract';
import type { z } from 'zod';
import { ApiException } from './api-exception.js';

const WHAT: Partial<Record<ErrorCode, string>> = {
  invalid_body: 'The request body is invalid',
  invalid_query: 'The query string is invalid',
};

/** Validates with a contract schema; a failure is a 400 with one `details` entry per problem. */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(
    private readonly schema: T,
    private readonly code: ErrorCode,
    /** Names the value in `details` when the schema describes a single value (a header, say). */
    private readonly field?: string,
  ) {}

  transform(value: unknown): z.output<T> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const details = toErrorDetails(result.error).map((detail) =>
      this.field === undefined
        ? detail
        : { ...detail, field: [this.field, detail.field].filter(Boolean).join('.') },
    );
    throw new ApiException(
      this.code,
      `${WHAT[this.code] ?? 'The request is invalid'}: ${describeDetails(details)}.`,
      details,
    );
  }
}
