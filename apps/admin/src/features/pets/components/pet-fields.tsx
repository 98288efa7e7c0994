/** The name and category inputs the add and edit pet forms share. */
import type { RefObject } from 'react';
import { Field } from '../../../components/ui/field.js';
import { useCategories } from '../../../lib/categories.js';

/**
 * The chosen option's id as a number; nothing chosen is missing ("is required"), as the API would
 * say it.
 */
export function toCategoryId(input: string): number | string | undefined {
  const value = input.trim();
  if (value === '') return undefined;
  return /^[0-9]+$/.test(value) ? Number(value) : input;
}

type PetFieldName = 'name' | 'categoryId';

export interface PetFieldControls {
  name: RefObject<HTMLInputElement | null>;
  categoryId: RefObject<HTMLSelectElement | null>;
}

/**
 * The categories to choose from: those in use, and the pet's own (`current`) whatever it is, so an
 * edit leaves it as it is: "(archived)" after an archived one, "Category 9 (unknown)" for an id no
 * category has.
 */
function CategoryOptions({ current }: { current: number | undefined }) {
  const { all, inUse, byId, nameOf } = useCategories();
  if (all === undefined) return <option value={current ?? ''}>Loading categories…</option>;
  const own = current === undefined ? undefined : byId(current);
  const offered = own?.archived ? [...inUse, own].sort((a, b) => a.id - b.id) : inUse;
  return (
    <>
      {current === undefined ? <option value="">Choose a category</option> : null}
      {current !== undefined && own === undefined ? (
        <option value={current}>{nameOf(current)}</option>
      ) : null}
      {offered.map((category) => (
        <option key={category.id} value={category.id}>
          {category.archived ? `${category.name} (archived)` : category.name}
        </option>
      ))}
    </>
  );
}

/** Why the categories cannot be chosen yet, with Retry when reading them failed. */
function CategoriesUnread() {
  const { error, refetch } = useCategories();
  if (!error) return null;
  return (
    <>
      The categories could not be loaded.{' '}
      <button type="button" className="link" onClick={refetch}>
        Retry
      </button>
    </>
  );
}

/** A pet's name and category with their errors, as the add and edit forms ask for them. */
export function PetFields({
  values,
  onChange,
  issues,
  controls,
  current,
  autoFocus = false,
}: {
  values: Record<PetFieldName, string>;
  onChange: (field: PetFieldName, value: string) => void;
  issues: Partial<Record<string, string>>;
  controls: PetFieldControls;
  /** The pet's category now (the edit form), offered even when archived or unknown. */
  current?: number | undefined;
  /** The name takes focus when the form appears (in a dialog). */
  autoFocus?: boolean;
}) {
  const { all, error } = useCategories();
  return (
    <>
      <Field label="Name" error={issues.name}>
        {(control) => (
          <input
            {...control}
            ref={controls.name}
            autoFocus={autoFocus}
            type="text"
            autoComplete="off"
            value={values.name}
            onChange={(event) => {
              onChange('name', event.target.value);
            }}
          />
        )}
      </Field>
      <Field
        label="Category"
        error={issues.categoryId}
        hint={error && all === undefined ? <CategoriesUnread /> : undefined}
      >
        {(control) => (
          <select
            {...control}
            ref={controls.categoryId}
            disabled={all === undefined}
            value={values.categoryId}
            onChange={(event) => {
              onChange('categoryId', event.target.value);
            }}
          >
            <CategoryOptions current={current} />
          </select>
        )}
      </Field>
    </>
  );
}
