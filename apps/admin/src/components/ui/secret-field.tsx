/**
 * A secret shown this once (a new key, an invitation or reset link): a labelled read-only input
 * that takes focus with its text selected, ready to copy.
 */
import { useEffect, useRef } from 'react';
import { Field } from './field.js';

export function SecretField({ label, value }: { label: string; value: string }) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          ref={input}
          className="secret"
          type="text"
          readOnly
          spellCheck={false}
          value={value}
        />
      )}
    </Field>
  );
}
