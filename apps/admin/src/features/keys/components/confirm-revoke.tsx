/** The dialog that asks before a key is revoked. */
import type { ApiKey } from '@pets/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { fullName } from '../utils/key-name.js';

/** Asks before a key is revoked, naming it. */
export function ConfirmRevoke({
  apiKey,
  busy,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKey;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Revoke the key ${fullName(apiKey)}?`}
      confirmLabel={busy ? 'Revoking…' : 'Revoke key'}
      cancelLabel="Keep key"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Every request made with it is refused within seconds. A revoked key cannot be restored.</p>
    </ConfirmDialog>
  );
}
