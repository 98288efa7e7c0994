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
        They can no longer sign in. Within seconds every session of theirs ends, and so do their
        reset links, the invitations they made and the API keys they made. What they did stays in
        the activity. Reactivating them later lets them sign in again, but brings none of these
        back.
      </p>
    </ConfirmDialog>
  );
}
