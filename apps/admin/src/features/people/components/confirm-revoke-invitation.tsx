/** Asks before an invitation is revoked, naming whom it is for. */
import type { OpenInvitation } from '@pets/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

export function ConfirmRevokeInvitation({
  invitation,
  busy,
  onConfirm,
  onCancel,
}: {
  invitation: OpenInvitation;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Revoke the invitation for ${invitation.email}?`}
      confirmLabel={busy ? 'Revoking…' : 'Revoke invitation'}
      cancelLabel="Keep invitation"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Its link stops working at once. To let them join later, invite them again: a new link is
        made.
      </p>
    </ConfirmDialog>
  );
}
