/** The form that creates a category: its name, checked as the API checks it. */
import { newIdempotencyKey } from '@pets/client';
import { CATEGORY_NAME_MAX_LENGTH, NewCategory, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { useCategories } from '../../../lib/categories.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreateCategory } from '../api/create-category.js';
import { nameIssues } from '../utils/name-issues.js';

const FIELDS = ['name'] as const;

/**
 * Creates a category, in use at once. A name another category has, whatever its case, is said on
 * the field. Sending the same name again (after a failure on the way) reuses its idempotency key.
 */
export function CreateCategoryForm({
  current,
  onAction,
}: {
  /** Whether this form's outcome is the page's latest (else it is not shown). */
  current: boolean;
  /** Called as a create starts. */
  onAction: () => void;
}) {
  const create = useCreateCategory();
  const { all } = useCategories();
  const { blocked } = useRateLimit();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  // One idempotency key per name: a repeat reuses it, another name gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const controls = { name: useRef<HTMLInputElement>(null) };
  const { issues, failure, show, say } = useFormIssues(FIELDS, controls);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    onAction();
    setCreated(null);
    const parsed = NewCategory.safeParse({ name });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    const body = JSON.stringify(parsed.data);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    say(null);
    create.mutate(
      { category: parsed.data, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ data }) => {
          attempt.current = null;
          setName('');
          setCreated(`Created the category ${data.name} (id ${data.id}).`);
        },
        onError: (error) => {
          const details = nameIssues(error, parsed.data.name, all);
          if (details.length > 0) show(details);
          else say(isRateLimited(error) ? null : describeError(error));
        },
      },
    );
  };

  return (
    <form className="panel" aria-labelledby="create-category-heading" noValidate onSubmit={submit}>
      <h2 id="create-category-heading">Create a category</h2>
      <div className="form-row">
        <Field
          label="Name"
          error={issues.name}
          hint={`Up to ${CATEGORY_NAME_MAX_LENGTH} characters, unlike any other category's name.`}
        >
          {(control) => (
            <input
              {...control}
              ref={controls.name}
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={create.isPending || blocked}>
          {create.isPending ? 'Creating…' : 'Create category'}
        </button>
      </div>
      <div aria-live="polite">{failure && current ? <p className="error">{failure}</p> : null}</div>
      <StatusMessage message={current ? created : null} />
    </form>
  );
}
