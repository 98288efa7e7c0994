/** The dialog that asks before an account is created as staff, saying what staff can do. */
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

/**
 * Asks before an account is made staff, saying what staff can do (the contract's staff-only
 * operations, and changing any account's pets). The API sets the role at creation only.
 */
export function ConfirmStaff({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Make “${name}” a staff account?`}
      confirmLabel={busy ? 'Creating…' : 'Create staff account'}
      cancelLabel="Go back"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>Every key of a staff account can:</p>
      <ul>
        <li>change and remove any pet, whoever added it;</li>
        <li>read the activity of every account;</li>
        <li>create accounts and change any account’s plan and limits;</li>
        <li>create and revoke the keys of any account, staff’s included.</li>
      </ul>
      <p>The role cannot be changed once the account exists.</p>
    </ConfirmDialog>
  );
}
