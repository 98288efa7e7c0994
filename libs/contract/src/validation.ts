import type { z } from 'zod';
import type { ErrorDetail } from './error.schema.js';

/** The field a zod issue path names, dotted (`name`, `tags.0`); empty for the value as a whole. */
const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Turns a failed parse into the `details` of a `400` error, one entry per problem. Unknown keys are
 * named one by one, so each shows on its own field. The API and the admin form both use this, so a
 * person sees the same words in the browser as a partner does in the API's answer.
 */
export function toErrorDetails(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const add = (field: string, issue: string) => {
    const key = `${field}\u0000${issue}`;
    if (seen.has(key)) return;
    seen.add(key);
    details.push({ field, issue });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldOf([...issue.path, key]), 'is not allowed');
    } else {
      add(fieldOf(issue.path), issue.message);
    }
  }
  return details;
}

/** `details` as a sentence, for an error's `message`. */
export const describeDetails = (details: readonly ErrorDetail[]): string =>
  details.map(({ field, issue }) => (field ? `${field} ${issue}` : issue)).join('; ');
