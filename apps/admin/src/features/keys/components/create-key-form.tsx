/** The form that creates an API key with a label, checked as the API checks it. */
import type { CreatedApiKey } from '@pets/client';
import { NewApiKey, toErrorDetails } from '@pets/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
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
  const input = useRef<HTMLInputElement>(null);
  const { issues, failure, show: showIssues, say } = useFormIssues(['label'], { label: input });

  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createKey.isPending) return;
    const parsed = NewApiKey.safeParse({ label });
    if (!parsed.success) {
      showIssues(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    createKey.mutate(parsed.data.label, {
      onSuccess: ({ data }) => {
        createKey.reset();
        onCreated(data);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) showIssues(details);
        else say(isRateLimited(error) ? null : describeError(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="form-row">
        <Field label="Label" error={issues.label} hint={`${hint}, e.g. “Shop website”.`}>
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
