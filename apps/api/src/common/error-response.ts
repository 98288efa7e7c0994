import { HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeError, isDatabaseUnavailable } from '../database/database-errors.js';
import { ApiException, noRoute } from './api-exception.js';

/** Seconds a client is asked to wait when the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface FastifyLikeError {
  code?: unknown;
  statusCode?: unknown;
}

/** Fastify's own request errors (content type, body size, JSON) in the contract's words. */
function fromFastify(error: FastifyLikeError, request: FastifyRequest): ApiException | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiException('payload_too_large', 'The request body is larger than 16 KiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiException(
        'unsupported_media_type',
        'Send the body with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiException('invalid_json', 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiException('invalid_json', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiException('invalid_json', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 404) return noRoute(request);
  return undefined;
}

/** Whatever was thrown, as the error the client sees. `undefined` for the unexpected. */
export function toApiException(error: unknown, request: FastifyRequest): ApiException | undefined {
  if (error instanceof ApiException) return error;
  if (error instanceof HttpException) {
    // Nest wraps Fastify's own request errors; the original says what went wrong.
    const cause: unknown = error.cause;
    const fromCause =
      typeof cause === 'object' && cause !== null ? fromFastify(cause, request) : undefined;
    if (fromCause) return fromCause;
    if (error.getStatus() === 404) return noRoute(request);
    // The file server refuses a path outside its folder (`/docs/assets/../../etc/passwd`) with 403:
    // for the client, there is no such file.
    if (error.getStatus() === 403) return noRoute(request);
    if (error.getStatus() === 413)
      return new ApiException('payload_too_large', 'The request body is larger than 16 KiB.');
    return undefined;
  }
  if (isDatabaseUnavailable(error)) {
    return new ApiException(
      'service_unavailable',
      'The database is unavailable. Retry after the time in the Retry-After header.',
      undefined,
      {
        'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
      },
    );
  }
  if (typeof error === 'object' && error !== null) return fromFastify(error, request);
  return undefined;
}

/** Sends every error body the API produces. The unexpected is logged, never shown. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  let exception = toApiException(error, request);
  if (exception?.code === 'service_unavailable' && isDatabaseUnavailable(error)) {
    // Once per refused request (its logger carries the request id): the driver's code and
    // message, never SQL or parameters.
    request.log.warn({ databaseError: describeError(error) }, 'database unavailable');
  }
  if (!exception) {
    request.log.error({ err: error }, 'unexpected error');
    exception = new ApiException(
      'internal_error',
      `Something went wrong on our side. Quote request id ${request.id} when you report it.`,
    );
  }
  if (reply.sent) return;
  void reply
    .status(exception.status)
    .headers(exception.headers)
    .type('application/json; charset=utf-8')
    .send(exception.toBody());
}
