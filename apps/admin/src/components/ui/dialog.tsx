/**
 * The admin's modal dialog (Add a pet, confirmations), and the hook that opens one as modal.
 */
import { useEffect, useRef, type ReactNode } from 'react';

/** Opens the dialog as modal when it mounts (the page behind turns inert) and closes it on unmount. */
export function useModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);
  return dialog;
}

/** A modal dialog with a title and a Close button; Escape closes it too. */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useModal();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="dialog-title"
      className="form-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
