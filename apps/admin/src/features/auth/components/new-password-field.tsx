/** The new password field the welcome, set-password and change-password forms share. */
import type { Ref } from 'react';
import { Field } from '../../../components/ui/field.js';
import { NEW_PASSWORD_HINT } from '../utils/sentences.js';

/** A password being chosen: its rules as the hint, and the browser asked to suggest one. */
export function NewPasswordField({
  label,
  value,
  error,
  inputRef,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error} hint={NEW_PASSWORD_HINT}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </Field>
  );
}
