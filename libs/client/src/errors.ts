/**
 * PetstoreApiError: the one error the client throws, with what went wrong (the API's answer, the
 * network, a timeout, a cancel or an answer outside the contract) and all the API said.
 */
import type { ErrorCode, ErrorDetail } from '@pets/contract';
import type { RateLimitState } from './rate-limit.js';

/**
 * What went wrong: `api` (the API answered with an error body), `network` (no answer: connection
 * refused, reset, DNS), `timeout` (no answer within `timeoutMs`), `aborted` (the caller's
 * AbortSignal), or `invalid_response` (an answer that is not what the contract promises).
 */
export type PetstoreErrorKind = 'api' | 'network' | 'timeout' | 'aborted' | 'invalid_response';

/**
 * The API's `code` (one this version does not know, added since, is kept as its string) or the
 * client's own.
 */
export type PetstoreErrorCode =
  ErrorCode | 'network_error' | 'timeout' | 'aborted' | 'invalid_response' | (string & {});

export interface PetstoreApiErrorInit {
  kind: PetstoreErrorKind;
  code: PetstoreErrorCode;
  message: string;
  status?: number;
  details?: readonly ErrorDetail[];
  requestId?: string;
  retryAfter?: number;
  rateLimit?: RateLimitState;
  cause?: unknown;
}

/** Every failure of a client call. */
export class PetstoreApiError extends Error {
  readonly kind: PetstoreErrorKind;
  /** The API's `code`, or `network_error`, `timeout`, `aborted`, `invalid_response`. */
  readonly code: PetstoreErrorCode;
  /** The HTTP status, when the API answered. */
  readonly status: number | undefined;
  /** Per-field problems of a `400`, e.g. `[{ field: 'name', issue: 'must not be empty' }]`. */
  readonly details: readonly ErrorDetail[];
  /** `X-Request-Id` of the answer: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  /** Seconds the API asked us to wait (`Retry-After`), on 429 and 503. */
  readonly retryAfter: number | undefined;
  readonly rateLimit: RateLimitState | undefined;

  constructor(init: PetstoreApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'PetstoreApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.rateLimit = init.rateLimit;
  }

  /** The request may never have reached the API (or its answer never reached us). */
  get isNetworkError(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }
}
