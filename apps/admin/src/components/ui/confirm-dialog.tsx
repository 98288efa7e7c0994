/** The dialog that asks before an action that cannot be taken back (revoke, delete, deactivate). */
import type { ReactNode } from 'react';
import { useModal } from './dialog.js';

/**
 * Asks before an action that cannot be taken back: modal (the page behind is inert), titled with
 * the thing it acts on, focus on the safe choice first, Escape cancels.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  /** Names the thing: "Delete Rex (id 7)?". */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useModal();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-dialog-title">{title}</h2>
      {children}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'danger' : undefined}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
