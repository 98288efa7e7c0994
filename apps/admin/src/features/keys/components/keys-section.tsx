/** An account's API keys section: create a key, list and revoke them. */
import type { CreatedApiKey } from '@pets/client';
import { useId, useState } from 'react';
import type { KeysOf } from '../api/list-keys.js';
import { CreateKeyForm } from './create-key-form.js';
import { KeysTable } from './keys-table.js';
import { NewKey } from './new-key.js';

/**
 * An account's keys: create one (its secret shown once), list and revoke them. The signed-in
 * account's own (`of="own"`), or for staff another account's, named by `owner`.
 */
export function KeysSection({ of, owner }: { of: KeysOf; owner?: string }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const id = useId();
  const createHeading = `${id}-create`;
  const listHeading = `${id}-list`;
  return (
    <>
      <section aria-labelledby={createHeading} className="panel">
        <h2 id={createHeading}>{owner ? `Create a key for ${owner}` : 'Create a key'}</h2>
        {created ? (
          <NewKey
            created={created}
            onDismiss={() => {
              setCreated(null);
              setDismissed(true);
            }}
          />
        ) : (
          <CreateKeyForm
            of={of}
            hint={owner ? 'To tell its keys apart' : 'To tell your keys apart'}
            onCreated={setCreated}
            focusOnMount={dismissed}
          />
        )}
      </section>
      <section aria-labelledby={listHeading}>
        <h2 id={listHeading}>{owner ? `Keys of ${owner}` : 'Your keys'}</h2>
        <KeysTable of={of} labelledBy={listHeading} />
      </section>
    </>
  );
}
