import type { Pet } from '@pets/client';
import { moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { useEffect, useRef } from 'react';

/** The statuses a caller of this role may move the pet to, its own first. */
export const statusChoices = (pet: Pet, role: 'partner' | 'staff'): PetStatus[] =>
  PET_STATUSES.filter((status) => moveAllowed(pet.status, status, role));

/** The status of a pet as a choice of the moves allowed, changed in place. */
export function StatusChoice({
  pet,
  role,
  disabled,
  onChange,
}: {
  pet: Pet;
  role: 'partner' | 'staff';
  disabled: boolean;
  onChange: (status: PetStatus) => void;
}) {
  const id = `pet-${pet.id}-status`;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Status of {pet.name}
      </label>
      <select
        id={id}
        className={`pet-status pet-status-${pet.status}`}
        value={pet.status}
        disabled={disabled}
        onChange={(event) => {
          const chosen = PET_STATUSES.find((status) => status === event.target.value);
          if (chosen && chosen !== pet.status) onChange(chosen);
        }}
      >
        {statusChoices(pet, role).map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </>
  );
}

/** Asks before a pet is removed, naming it; the dialog is modal and keeps focus inside. */
export function ConfirmDelete({
  pet,
  onConfirm,
  onCancel,
}: {
  pet: Pet;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-delete-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-delete-title">
        Delete {pet.name} (id {pet.id})?
      </h2>
      <p>It disappears from the catalogue. Its history is kept.</p>
      <div className="actions">
        <button type="button" onClick={onCancel} autoFocus>
          Keep {pet.name}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          Delete {pet.name}
        </button>
      </div>
    </dialog>
  );
}
