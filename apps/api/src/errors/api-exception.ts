/**
 * The errors a client is meant to see: a contract problem with its details and headers, thrown
 * by any route and answered as it is.
 */
import {
  type ApiError,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  type Problem,
  PROBLEMS,
} from '@pets/contract';

export class ApiException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    // A refusal is an answer, not a fault: its stack is never shown or logged, and capturing one
    // cost more than the rest of a 401 (V8 walks and formats the frames).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'ApiException';
    this.status = ERROR_STATUS[code];
  }

  /** The contract's words for a refusal (`PROBLEMS`), with the details and headers of this one. */
  static of(
    problem: Problem,
    details?: readonly ErrorDetail[],
    headers?: Readonly<Record<string, string>>,
  ): ApiException {
    return new ApiException(problem.code, problem.message, details, headers);
  }

  toBody(): ApiError {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      ...(this.details ? { details: [...this.details] } : {}),
    };
  }
}

/** `404 not_found` for a path and method the API does not have. */
export const noRoute = (request: { method: string; url: string }) =>
  // Stryker disable next-line StringLiteral: split() always returns a first element; `?? ''` is for the type checker.
  ApiException.of(PROBLEMS.noRoute(request.method, request.url.split('?')[0] ?? ''));
