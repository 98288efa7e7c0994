/**
 * How every error becomes the contract's answer: our own refusals, Fastify's and the file server's,
 * a database away (503), and the unexpected (500, logged and never shown).
 */
import { HttpException } from '@nestjs/common';
import { HEADERS, PHOTO_BYTES_MAX, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describeError, isDatabaseError, isDatabaseUnavailable } from './database-errors.js';
import { ApiException, noRoute } from './api-exception.js';

/** Seconds a client is asked to wait when the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's own refusals of a request (body size, content type, framing), in the contract's words.
 * Nest hands them on wrapped in an HttpException whose cause is Fastify's error. Bodies are read as
 * bytes by our own parser and decoded by `JsonBody`, so Fastify's JSON errors cannot occur.
 */
function fromFastify(code: unknown, request: FastifyRequest): ApiException | undefined {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // A route with a larger limit than the API's takes photos.
      return ApiException.of(
        request.routeOptions.bodyLimit === PHOTO_BYTES_MAX
          ? PROBLEMS.photoTooLarge
          : PROBLEMS.bodyTooLarge,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ApiException.of(PROBLEMS.contentTypeNotJson);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return ApiException.of(PROBLEMS.bodyNotValidJson);
    case 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE':
      return ApiException.of(PROBLEMS.queryWithoutContentType);
    default:
      return undefined;
  }
}

/** Whatever was thrown, as the error the client sees. `undefined` for the unexpected. */
export function toApiException(error: unknown, request: FastifyRequest): ApiException | undefined {
  if (error instanceof ApiException) return error;
  if (error instanceof HttpException) {
    // Nest wraps Fastify's own request errors; the original says what went wrong.
    const fromCause = fromFastify(
      (error.cause as { code?: unknown } | null | undefined)?.code,
      request,
    );
    if (fromCause) return fromCause;
    const status = error.getStatus();
    // Nest's not-found handler throws a 404. The file server refuses a path outside its folder
    // (`/docs/assets/../../etc/passwd`) with 403: for the client, there is no such file.
    if (status === 404 || status === 403) return noRoute(request);
    // Any other refusal by Fastify or the file server (a Range past the end of a file, an If-Match
    // that does not match) is the client's: never a 500.
    if (status < 500) return ApiException.of(PROBLEMS.cannotAnswer(status));
    return undefined;
  }
  if (isDatabaseUnavailable(error)) {
    return ApiException.of(PROBLEMS.databaseUnavailable, undefined, {
      [HEADERS.retryAfter]: String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  return undefined;
}

/** Sends every error body the API produces. The unexpected is logged, never shown. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  let exception = toApiException(error, request);
  if (exception?.code === 'service_unavailable') {
    // Once per refused request (its logger carries the request id): the driver's code and
    // message, never SQL or parameters.
    request.log.warn({ databaseError: describeError(error) }, 'database unavailable');
    request.server.metrics?.databaseError('unavailable');
  }
  if (!exception) {
    request.log.error({ err: error }, 'unexpected error');
    if (isDatabaseError(error)) request.server.metrics?.databaseError('query');
    exception = ApiException.of(PROBLEMS.internalError(request.id));
  }
  if (reply.sent) return;
  void reply
    .status(exception.status)
    .headers(exception.headers)
    .type('application/json; charset=utf-8')
    .send(exception.toBody());
}
