import type { ApiKey } from '@pets/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { fullName } from '../utils/key-name.js';

/** Asks before a key is revoked, naming it, and warns when it is the key of this session. */
export function ConfirmRevoke({
  apiKey,
  inUse,
  busy,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKey;
  inUse: boolean;
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
      {inUse ? (
        <p className="warning">
          <strong>You are signed in with this key:</strong> you will be signed out.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
