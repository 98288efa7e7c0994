/**
 * Validation failures in words: zod's issues turned into the `details` of a 400, and details
 * joined into one sentence, the same in the API's answers and the admin's forms.
 */
import type { z } from 'zod';
import type { ErrorDetail } from './error.schema.js';

/**
 * The field a zod issue path names: members dotted, array elements by index in brackets (`name`,
 * `tags[0]`, `items[3].patch.status`); empty for the value as a whole.
 */
export const fieldOf = (path: readonly PropertyKey[]): string =>
  path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
    )
    .join('');

/**
 * Turns a failed parse into the `details` of a `400` error, one entry per problem. Unknown keys are
 * named one by one, so each shows on its own field. A value that fits none of a union's forms gets
 * the problems every form finds (those only one form finds depend on which was meant). The API and
 * the admin form both use this, so a person sees the same words in the browser as a partner does in
 * the API's answer.
 */
export function toErrorDetails(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const detail of detailsOf(error.issues, [])) {
    const key = keyOf(detail);
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
  }
  return details;
}

const keyOf = ({ field, issue }: ErrorDetail) => `${field}\u0000${issue}`;

function detailsOf(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[]): ErrorDetail[] {
  return issues.flatMap((issue): ErrorDetail[] => {
    const path = [...at, ...issue.path];
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ field: fieldOf([...path, key]), issue: 'is not allowed' }));
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const [first = [], ...others] = issue.errors.map((form) => detailsOf(form, path));
      const shared = others.map((form) => new Set(form.map(keyOf)));
      const common = first.filter((detail) => shared.every((form) => form.has(keyOf(detail))));
      if (common.length > 0) return common;
    }
    return [{ field: fieldOf(path), issue: issue.message }];
  });
}

/** `details` as a sentence, for an error's `message`. */
export const describeDetails = (details: readonly ErrorDetail[]): string =>
  details.map(({ field, issue }) => (field ? `${field} ${issue}` : issue)).join('; ');
