/** The state of a form's issues: each on its field, the rest said for the whole form. */
import type { ErrorDetail } from '@pets/contract';
import { type RefObject, useState } from 'react';
import { placeIssues } from './errors.js';

/**
 * The issues a form shows: each on its field (the first such field takes focus), the rest as one
 * sentence for the form. Fed by the contract's checks before sending and the API's 400 after.
 * `fieldOf` says where a detail's field shows when it is not one of `fields` itself.
 */
export function useFormIssues<F extends string>(
  fields: readonly F[],
  controls: Record<F, RefObject<HTMLElement | null>>,
  fieldOf?: (field: string) => string,
) {
  const [issues, setIssues] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const show = (details: readonly ErrorDetail[]) => {
    const { byField, rest } = placeIssues(details, fields, fieldOf);
    setIssues(byField);
    setFailure(rest);
    const first = fields.find((field) => field in byField);
    if (first) controls[first].current?.focus();
  };
  /** Clears the fields' issues and says `sentence` (or nothing) for the form. */
  const say = (sentence: string | null) => {
    setIssues({});
    setFailure(sentence);
  };
  return { issues, failure, show, say };
}
