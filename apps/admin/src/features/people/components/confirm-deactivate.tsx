/** Asks before a person is deactivated, naming them and saying what it does. */
import type { Person } from '@pets/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

export function ConfirmDeactivate({
  person,
  busy,
  onConfirm,
  onCancel,
}: {
  person: Person;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Deactivate ${person.name} (${person.email})?`}
      confirmLabel={busy ? 'Deactivating…' : 'Deactivate person'}
      cancelLabel="Keep active"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        They can no longer sign in, and every session of theirs ends within seconds. What they did
        stays in the activity. A deactivated person cannot be made active again: to let them back,
        invite them with another email.
      </p>
    </ConfirmDialog>
  );
}
