/**
 * What a failed call means to the admin: its kind (401, 429, a bad cursor), its sentence, whether a
 * retry may work, its request id, and its issues placed on the form's fields.
 */
import { PetstoreApiError } from '@pets/client';
import type { ErrorDetail } from '@pets/contract';

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof PetstoreApiError && error.status === 401;

export const isRateLimited = (error: unknown): error is PetstoreApiError =>
  error instanceof PetstoreApiError &&
  (error.code === 'rate_limited' || error.code === 'api_key_banned');

/** One plain sentence for a failed call (the request id is offered apart, to copy). */
export function describeError(error: unknown): string {
  if (!(error instanceof PetstoreApiError)) {
    return `Something went wrong in this page: ${error instanceof Error ? error.message : String(error)}`;
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return 'Could not reach the API. Check your connection, then retry.';
    case 'aborted':
      return 'The request was cancelled.';
    case 'invalid_response':
      return "The API's answer was not what this page expects. Retry; if it happens again, send us the request id.";
    case 'api':
      break;
  }
  if (error.code === 'rate_limited') return 'The rate limit was reached.';
  if (error.code === 'forbidden') return 'Your account is not allowed to do this.';
  if (error.status !== undefined && error.status >= 500) {
    const said = error.message.trim();
    return `${said} Retry in a moment; if it happens again, send us the request id.`;
  }
  return error.message;
}

/**
 * A refusal in the API's own words (a 4xx: "The email or the password is not right."), where the
 * page has no better sentence; a failure on the way or on the API's side as {@link describeError}.
 */
export const apiSentence = (error: unknown): string =>
  error instanceof PetstoreApiError &&
  error.kind === 'api' &&
  error.status !== undefined &&
  error.status < 500
    ? error.message
    : describeError(error);

/** Whether sending the same request again may work (a fault on the way or on the API's side). */
export const isRetryable = (error: unknown): boolean =>
  error instanceof PetstoreApiError &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'invalid_response' ||
    (error.status !== undefined && error.status >= 500));

/** The request id the API gave the failed call, if any. */
export const requestIdOf = (error: unknown): string | undefined =>
  error instanceof PetstoreApiError ? error.requestId : undefined;

/** A 400 about the cursor: the page's address holds a cursor the API no longer takes. */
export const isBadCursor = (error: unknown): boolean =>
  error instanceof PetstoreApiError &&
  error.status === 400 &&
  error.details.some((detail) => detail.field === 'cursor');

export interface PlacedIssues {
  /** Issues of the form's own fields, several of one field joined. */
  byField: Record<string, string>;
  /** The others (the body as a whole, unknown fields), as one sentence for the form. */
  rest: string | null;
}

/**
 * Places a 400's details (or the contract's, from `toErrorDetails`) on the form's fields.
 * `fieldOf` maps a detail's field to the input that shows it, e.g. `limits` to its first input.
 */
export function placeIssues(
  details: readonly ErrorDetail[],
  fields: readonly string[],
  fieldOf: (field: string) => string = (field) => field,
): PlacedIssues {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const { field, issue } of details) {
    const target = fieldOf(field);
    if (!fields.includes(target)) {
      rest.push(field ? `${field} ${issue}` : issue);
      continue;
    }
    const previous = byField[target];
    byField[target] = previous === undefined ? issue : `${previous}; ${issue}`;
  }
  return { byField, rest: rest.length > 0 ? rest.join('; ') : null };
}

/** The details of a 400 answer, or nothing for every other failure. */
export const detailsOf = (error: unknown): readonly ErrorDetail[] =>
  error instanceof PetstoreApiError && error.status === 400 ? error.details : [];
