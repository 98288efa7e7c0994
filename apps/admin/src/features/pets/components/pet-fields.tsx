/** The name and category inputs the add and edit pet forms share. */
import type { RefObject } from 'react';
import { Field } from '../../../components/ui/field.js';

/**
 * Digits become a number; anything else stays a string so the schema says "must be an integer",
 * and an empty input is missing ("is required"), as the API would say.
 */
export function toCategoryId(input: string): number | string | undefined {
  const value = input.trim();
  if (value === '') return undefined;
  return /^[0-9]+$/.test(value) ? Number(value) : input;
}

type PetFieldName = 'name' | 'categoryId';

/** A pet's name and category inputs with their errors, as the add and edit forms ask for them. */
export function PetFields({
  values,
  onChange,
  issues,
  controls,
  autoFocus = false,
}: {
  values: Record<PetFieldName, string>;
  onChange: (field: PetFieldName, value: string) => void;
  issues: Partial<Record<string, string>>;
  controls: Record<PetFieldName, RefObject<HTMLInputElement | null>>;
  /** The name takes focus when the form appears (in a dialog). */
  autoFocus?: boolean;
}) {
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
      <Field label="Category id" error={issues.categoryId}>
        {(control) => (
          <input
            {...control}
            ref={controls.categoryId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={values.categoryId}
            onChange={(event) => {
              onChange('categoryId', event.target.value);
            }}
          />
        )}
      </Field>
    </>
  );
}
