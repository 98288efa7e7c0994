/** The form in a pet's panel that corrects its name and moves it to another category. */
import type { Pet } from '@pets/client';
import { PetPatch, toErrorDetails, type PetPatchInput } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useUpdatePet } from '../api/update-pet.js';
import { PetFields, toCategoryId } from './pet-fields.js';

const FIELDS = ['name', 'categoryId'] as const;

/**
 * Corrects a pet's name and category. Only the fields that changed are sent (a merge patch); the
 * table shows the change at once and goes back if the API refuses it. Errors are the API's words,
 * on the field they belong to.
 */
export function EditPetForm({ pet, onSaved }: { pet: Pet; onSaved: (message: string) => void }) {
  const update = useUpdatePet();
  const { blocked } = useRateLimit();
  const [name, setName] = useState(pet.name);
  const [category, setCategory] = useState(String(pet.categoryId));
  const controls = {
    name: useRef<HTMLInputElement>(null),
    categoryId: useRef<HTMLSelectElement>(null),
  };
  const { issues, failure, show: showIssues, say } = useFormIssues(FIELDS, controls);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const patch: Record<string, unknown> = {};
    if (name.trim() !== pet.name) patch.name = name;
    const categoryId = toCategoryId(category);
    if (categoryId !== undefined && categoryId !== pet.categoryId) patch.categoryId = categoryId;
    if (Object.keys(patch).length === 0) {
      say(`Nothing to save: the name and category are those ${pet.name} already has.`);
      return;
    }
    const parsed = PetPatch.safeParse(patch);
    if (!parsed.success) {
      showIssues(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    const sent: PetPatchInput = parsed.data;
    update.mutate(
      { pet, patch: sent },
      {
        onSuccess: ({ data: saved }) => {
          onSaved(`Saved ${saved.name} (id ${saved.id}).`);
        },
        onError: (error) => {
          const details = detailsOf(error);
          if (details.length > 0) showIssues(details);
          else say(isRateLimited(error) ? null : `Not saved. ${describeError(error)}`);
        },
      },
    );
  };

  return (
    <form className="edit-pet" noValidate onSubmit={submit} aria-label={`Edit ${pet.name}`}>
      <PetFields
        values={{ name, categoryId: category }}
        onChange={(field, value) => {
          (field === 'name' ? setName : setCategory)(value);
        }}
        issues={issues}
        controls={controls}
        current={pet.categoryId}
      />
      <button type="submit" disabled={update.isPending || blocked}>
        {update.isPending ? 'Saving…' : 'Save'}
      </button>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
