/** A password-reset link, shown this once (the API keeps only its hash), until dismissed. */
import type { PasswordResetLink, Person } from '@pets/client';
import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Field } from '../../../components/ui/field.js';
import { formatDateTime } from '../../../lib/format.js';

export function NewResetLink({
  person,
  reset,
  onDismiss,
}: {
  person: Person;
  reset: PasswordResetLink;
  onDismiss: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <div className="new-key panel">
      <p className="warning">
        <strong>Copy this link now: it is shown once.</strong> Nothing is e-mailed: send it to{' '}
        {person.name} ({person.email}) yourself. It works once, until{' '}
        <time dateTime={reset.expiresAt}>{formatDateTime(reset.expiresAt)}</time>; there they choose
        a new password, and every session they had ends. Their password stays as it is until then.
      </p>
      <Field label={`Password-reset link for ${person.email}`}>
        {(control) => (
          <input
            {...control}
            ref={input}
            className="secret"
            type="text"
            readOnly
            spellCheck={false}
            value={reset.link}
          />
        )}
      </Field>
      <div className="actions">
        <CopyButton value={reset.link} label="Copy link" />
        <button type="button" className="secondary" onClick={onDismiss}>
          Done, I have sent it
        </button>
      </div>
    </div>
  );
}
