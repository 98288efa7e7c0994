/** The Add a pet form: name, category and status, checked as the API checks them. */
import { newIdempotencyKey, type Pet } from '@pets/client';
import { NewPet, PET_STATUSES, toErrorDetails, type PetStatus } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreatePet } from '../api/create-pet.js';
import { PetFields, toCategoryId } from './pet-fields.js';

const EMPTY = { name: '', categoryId: '', status: 'available' as PetStatus };
const FIELDS = ['name', 'categoryId', 'status'] as const;
type FieldName = (typeof FIELDS)[number];

/** Adds a pet; `onAdded` hears of it (the form then says nothing itself). */
export function AddPetForm({ onAdded }: { onAdded?: (pet: Pet) => void } = {}) {
  const createPet = useCreatePet();
  const { blocked } = useRateLimit();
  const [values, setValues] = useState(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  // One idempotency key per body: a repeat of the same values reuses it, new values get a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const controls = {
    name: useRef<HTMLInputElement>(null),
    categoryId: useRef<HTMLSelectElement>(null),
    status: useRef<HTMLSelectElement>(null),
  };
  const { issues, failure, show: showIssues, say } = useFormIssues(FIELDS, controls);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createPet.isPending) return;
    setAdded(null);
    const parsed = NewPet.safeParse({
      name: values.name,
      categoryId: toCategoryId(values.categoryId),
      status: values.status,
    });
    if (!parsed.success) {
      showIssues(toErrorDetails(parsed.error));
      return;
    }
    const body = JSON.stringify(parsed.data);
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    say(null);
    createPet.mutate(
      { pet: parsed.data, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ data: pet }) => {
          attempt.current = null;
          setValues(EMPTY);
          if (onAdded) onAdded(pet);
          else setAdded(`Added ${pet.name} (id ${pet.id}).`);
        },
        onError: (error) => {
          const details = detailsOf(error);
          if (details.length > 0) showIssues(details);
          // The page shows the countdown of a 429.
          else say(isRateLimited(error) ? null : describeError(error));
        },
      },
    );
  };

  const change = (field: FieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form className="add-pet" noValidate onSubmit={submit}>
      <div className="form-row">
        <PetFields
          values={values}
          onChange={change}
          issues={issues}
          controls={controls}
          autoFocus={onAdded !== undefined}
        />
        <Field label="Status" error={issues.status}>
          {(control) => (
            <select
              {...control}
              ref={controls.status}
              value={values.status}
              onChange={(event) => {
                change('status', event.target.value);
              }}
            >
              {PET_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={createPet.isPending || blocked}>
          {createPet.isPending ? 'Adding…' : 'Add pet'}
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      <StatusMessage message={added} />
    </form>
  );
}
