/**
 * A secret the API shows this once and keeps only a part of (a new API key, a webhook signing
 * secret): a warning, the secret focused and selected in its field, Copy, and Done to let it go.
 */
import { useState, type ReactNode } from 'react';
import { SecretField } from './secret-field.js';

export function ShownOnce({
  noun,
  kept,
  label,
  value,
  children,
  onDismiss,
}: {
  /** What the secret is called in the sentences: "key" gives "Copy this key now: …". */
  noun: string;
  /** What the API keeps of it, after the warning: "Only its prefix is kept." */
  kept: string;
  /** Names the field: "New API key “CI server”". */
  label: string;
  value: string;
  /** What else to know, between the warning and the field. */
  children?: ReactNode;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied(`Could not copy. Select the ${noun} and copy it yourself.`);
    }
  };

  return (
    <div className="shown-once">
      <p className="warning">
        <strong>{`Copy this ${noun} now: you will not see it again.`}</strong> {kept}
      </p>
      {children}
      <SecretField label={label} value={value} />
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
