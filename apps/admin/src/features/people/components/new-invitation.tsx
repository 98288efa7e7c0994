import type { Invitation } from '@pets/client';
import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Field } from '../../../components/ui/field.js';
import { formatDateTime } from '../../../lib/format.js';

/** An invitation's link, shown this once (the API keeps only its hash), until dismissed. */
export function NewInvitation({
  invitation,
  onDismiss,
}: {
  invitation: Invitation;
  onDismiss: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  return (
    <div className="new-key">
      <p className="warning">
        <strong>Copy this link now: it is shown once.</strong> Nothing is e-mailed: send it to{' '}
        {invitation.email} yourself. It works once, until{' '}
        <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>.
      </p>
      <Field label={`Invitation link for ${invitation.email}`}>
        {(control) => (
          <input
            {...control}
            ref={input}
            className="secret"
            type="text"
            readOnly
            spellCheck={false}
            value={invitation.link}
          />
        )}
      </Field>
      <div className="actions">
        <CopyButton value={invitation.link} label="Copy link" />
        <button type="button" className="secondary" onClick={onDismiss}>
          Done, I have sent it
        </button>
      </div>
    </div>
  );
}
