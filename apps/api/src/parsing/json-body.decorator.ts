/**
 * `@JsonBody()`: a request body read as UTF-8 JSON after authentication, refusing other charsets
 * and bytes that are not UTF-8, and noting numbers written with a fraction or an exponent.
 */
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { PROBLEMS } from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { nonIntegerLiterals } from './json-literals.js';

const JSON_ONLY = ['application/json'] as const;

/** `application/json` (or another of `types`), with any parameters (`; charset=utf-8`). */
export const isJsonMediaType = (
  contentType: string | undefined,
  types: readonly string[] = JSON_ONLY,
): boolean =>
  contentType !== undefined &&
  types.includes(contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '');

/** The `charset` parameter of a media type, lower case and unquoted, if there is one. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Where a body held number literals with a fraction or an exponent (`1.0`, `1e3`): integers must be
 * written as JSON integers, and the value alone cannot tell (`1.0 === 1`). Kept on the parsed object
 * (not enumerable, so nothing else sees it) for {@link ZodPipe} to report.
 */
export const NON_INTEGER_LITERALS = Symbol('nonIntegerLiterals');

/**
 * The request body as a JSON object; `@JsonBody(types, pipe)` takes other media types than
 * `application/json` (a merge patch's, for one). Bodies are read as bytes by Fastify (within the size limit) and
 * decoded and parsed here, after authentication, so a caller without a key learns nothing about its
 * body. Only UTF-8: another charset is refused, and bytes that are not UTF-8 are never replaced.
 */
export const JsonBody = createParamDecorator(
  (types: readonly string[] | undefined, context: ExecutionContext): Record<string, unknown> => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const contentType = request.headers['content-type'];
    if (!isJsonMediaType(contentType, types)) {
      throw ApiException.of(PROBLEMS.notJson);
    }
    const charset = charsetOf(contentType ?? '');
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      throw ApiException.of(PROBLEMS.notUtf8Charset);
    }
    const bytes = request.body;
    let raw: string;
    try {
      raw = Buffer.isBuffer(bytes) ? utf8.decode(bytes) : '';
    } catch {
      throw ApiException.of(PROBLEMS.bodyNotUtf8);
    }
    if (raw.trim() === '') {
      throw ApiException.of(PROBLEMS.bodyEmpty);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw ApiException.of(PROBLEMS.bodyNotValidJson);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw ApiException.of(PROBLEMS.bodyNotObject);
    }
    const literals = nonIntegerLiterals(raw);
    if (literals.length > 0)
      Object.defineProperty(parsed, NON_INTEGER_LITERALS, { value: literals, enumerable: false });
    return parsed as Record<string, unknown>;
  },
);
