import { PetstoreApiError } from '@pets/client';
import type { ErrorDetail } from '@pets/contract';

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof PetstoreApiError && error.status === 401;

export const isRateLimited = (error: unknown): error is PetstoreApiError =>
  error instanceof PetstoreApiError &&
  (error.code === 'rate_limited' || error.code === 'api_key_banned');

/** One sentence for a failed call. */
export function describeError(error: unknown): string {
  if (!(error instanceof PetstoreApiError)) {
    return `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  }
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return 'Could not reach the API. Check your connection and try again.';
    case 'aborted':
      return 'The request was cancelled.';
    case 'invalid_response':
    case 'api':
      break;
  }
  if (error.code === 'rate_limited') return 'Too many requests.';
  if (error.code === 'forbidden') return 'Your account is not allowed to do this.';
  const reference = error.requestId === undefined ? '' : ` (request ${error.requestId})`;
  return `${error.message}${reference}`;
}

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
