/** The dialog that renames a category, its new name checked as the API checks it. */
import type { Category } from '@pets/client';
import { CATEGORY_NAME_MAX_LENGTH, CategoryPatch, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog.js';
import { Field } from '../../../components/ui/field.js';
import { useCategories } from '../../../lib/categories.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useUpdateCategory } from '../api/update-category.js';
import { nameIssues } from '../utils/name-issues.js';

const FIELDS = ['name'] as const;

/**
 * Renames `category`: its pets and their history show the new name. A name another category has,
 * whatever its case, is said on the field; the dialog stays open until the API takes the name.
 */
export function RenameCategory({
  category,
  onRenamed,
  onClose,
}: {
  category: Category;
  onRenamed: (renamed: Category) => void;
  onClose: () => void;
}) {
  const update = useUpdateCategory();
  const { all } = useCategories();
  const { blocked } = useRateLimit();
  const [name, setName] = useState(category.name);
  const controls = { name: useRef<HTMLInputElement>(null) };
  const { issues, failure, show, say } = useFormIssues(FIELDS, controls);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (name.trim() === category.name) {
      say(`Nothing to save: ${category.name} already has this name.`);
      return;
    }
    const parsed = CategoryPatch.safeParse({ name });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    update.mutate(
      { category, patch: parsed.data },
      {
        onSuccess: ({ data }) => {
          onRenamed(data);
        },
        onError: (error) => {
          const details = nameIssues(error, name, all);
          if (details.length > 0) show(details);
          else say(isRateLimited(error) ? null : `Not renamed. ${describeError(error)}`);
        },
      },
    );
  };

  return (
    <Dialog title={`Rename ${category.name}`} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <Field
          label="New name"
          error={issues.name}
          hint={`Up to ${CATEGORY_NAME_MAX_LENGTH} characters. Its pets keep it, under the new name.`}
        >
          {(control) => (
            <input
              {...control}
              ref={controls.name}
              autoFocus
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={update.isPending || blocked}>
          {update.isPending ? 'Saving…' : 'Save name'}
        </button>
        <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      </form>
    </Dialog>
  );
}
