import type { CreatedApiKey } from '@pets/client';
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../../components/ui/field.js';

/** The plaintext of a new key, shown this once, until dismissed. */
export function NewKey({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

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
      <Field label={`New API key “${created.label}”`}>
        {(control) => (
          <input
            {...control}
            ref={input}
            className="secret"
            type="text"
            readOnly
            spellCheck={false}
            value={created.key}
          />
        )}
      </Field>
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
