/** A new API key's secret, shown this once to copy. */
import type { CreatedApiKey } from '@pets/client';
import { ShownOnce } from '../../../components/ui/shown-once.js';

/** The plaintext of a new key, shown this once, until dismissed. */
export function NewKey({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <ShownOnce
      noun="key"
      kept="Only its prefix is kept."
      label={`New API key “${created.label}”`}
      value={created.key}
      onDismiss={onDismiss}
    />
  );
}
