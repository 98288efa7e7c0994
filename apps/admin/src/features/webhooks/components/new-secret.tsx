/** A webhook endpoint's signing secret, new or rolled, shown this once to copy. */
import { useState, type ReactNode } from 'react';
import { SecretField } from '../../../components/ui/secret-field.js';

/** The secret of an endpoint, shown this once, until dismissed. */
export function NewSecret({
  label,
  secret,
  children,
  onDismiss,
}: {
  /** Names the field: "Signing secret of https://…". */
  label: string;
  secret: string;
  /** What else to know (the old secret's 24 hours, after a roll). */
  children?: ReactNode;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Could not copy. Select the secret and copy it yourself.');
    }
  };

  return (
    <div className="new-key">
      <p className="warning">
        <strong>Copy this secret now: you will not see it again.</strong> Only its first characters
        are kept.
      </p>
      {children}
      <SecretField label={label} value={secret} />
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            void copy();
          }}
        >
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDismiss}>
          Done, I have stored it
        </button>
      </div>
      <p role="status">{copied}</p>
    </div>
  );
}
