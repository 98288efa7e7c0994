import type { CreatedApiKey } from '@pets/client';
import { NewApiKey, toErrorDetails } from '@pets/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { describeError, detailsOf, isRateLimited, placeIssues } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreateKey } from '../api/create-key.js';
import type { KeysOf } from '../api/list-keys.js';

export function CreateKeyForm({
  of,
  hint,
  onCreated,
  focusOnMount,
}: {
  of: KeysOf;
  /** Why a label: "To tell your keys apart". */
  hint: string;
  onCreated: (created: CreatedApiKey) => void;
  focusOnMount: boolean;
}) {
  const createKey = useCreateKey(of);
  const { blocked } = useRateLimit();
  const [label, setLabel] = useState('');
  const [issue, setIssue] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createKey.isPending) return;
    setFailure(null);
    const parsed = NewApiKey.safeParse({ label });
    if (!parsed.success) {
      setIssue(placeIssues(toErrorDetails(parsed.error), ['label']).byField.label);
      input.current?.focus();
      return;
    }
    setIssue(undefined);
    createKey.mutate(parsed.data.label, {
      onSuccess: ({ data }) => {
        createKey.reset();
        onCreated(data);
      },
      onError: (error) => {
        const { byField, rest } = placeIssues(detailsOf(error), ['label']);
        if (byField.label !== undefined) {
          setIssue(byField.label);
          input.current?.focus();
        }
        if (rest !== null) setFailure(rest);
        else if (byField.label === undefined && !isRateLimited(error))
          setFailure(describeError(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="form-row">
        <Field label="Label" error={issue} hint={`${hint}, e.g. “Shop website”.`}>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="text"
              autoComplete="off"
              value={label}
              onChange={(event) => {
                setLabel(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={createKey.isPending || blocked}>
          {createKey.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
