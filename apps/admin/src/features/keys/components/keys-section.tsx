import type { CreatedApiKey } from '@pets/client';
import { useState } from 'react';
import { CreateKeyForm } from './create-key-form.js';
import { KeysTable } from './keys-table.js';
import { NewKey } from './new-key.js';

/** The signed-in account's keys: create one (its secret shown once), list and revoke them. */
export function KeysSection() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [dismissed, setDismissed] = useState(false);
  return (
    <>
      <section aria-labelledby="create-key-heading" className="panel">
        <h2 id="create-key-heading">Create a key</h2>
        {created ? (
          <NewKey
            created={created}
            onDismiss={() => {
              setCreated(null);
              setDismissed(true);
            }}
          />
        ) : (
          <CreateKeyForm onCreated={setCreated} focusOnMount={dismissed} />
        )}
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        <KeysTable />
      </section>
    </>
  );
}
