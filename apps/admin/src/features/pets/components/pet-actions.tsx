/** What can be done to a pet in its row: change its status, and (staff) delete it after asking. */
import type { Pet } from '@pets/client';
import { moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

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

/** Asks before a pet is removed, naming it. */
export function ConfirmDelete({
  pet,
  onConfirm,
  onCancel,
}: {
  pet: Pet;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${pet.name} (id ${pet.id})?`}
      confirmLabel={`Delete ${pet.name}`}
      cancelLabel={`Keep ${pet.name}`}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>It disappears from the catalogue. Its history is kept.</p>
    </ConfirmDialog>
  );
}
