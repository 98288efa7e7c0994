/** A new API key's secret, shown this once to copy. */
import type { CreatedApiKey } from '@pets/client';
import { useState } from 'react';
import { SecretField } from '../../../components/ui/secret-field.js';

/** The plaintext of a new key, shown this once, until dismissed. */
export function NewKey({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied('Copied to the clipboard.');
    } catch {
      setCopied('Could not copy. Select the key and copy it yourself.');
    }
  };

  return (
    <div className="new-key">
      <p className="warning">
        <strong>Copy this key now: you will not see it again.</strong> Only its prefix is kept.
      </p>
      <SecretField label={`New API key “${created.label}”`} value={created.key} />
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
