/**
 * What can be done to a pet in its row: move its status through a menu of the moves allowed (a
 * deliberate choice: moving through a list with the arrow keys changes nothing), and, after asking,
 * delete it (staff) or adopt it (partners).
 */
import type { Pet } from '@pets/client';
import { moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { isKnown, petStatusClass } from '../../../lib/known.js';

/**
 * The statuses a caller of this role may move the pet to, its own first; none from a status the app
 * does not know (added since), as it cannot tell which moves the API allows from it.
 */
export const statusChoices = (pet: Pet, role: 'partner' | 'staff'): PetStatus[] => {
  const from = pet.status;
  return isKnown(PET_STATUSES, from)
    ? PET_STATUSES.filter((status) => moveAllowed(from, status, role))
    : [];
};

/**
 * The pet's status as a button that opens the moves it may make, each a button of its own: the move
 * is made by choosing one (a click, Enter or Space), never by passing over it. Escape or a click
 * elsewhere closes the menu and leaves the pet as it is.
 */
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
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const moves = statusChoices(pet, role).filter((status) => status !== pet.status);
  const id = `pet-${pet.id}-moves`;

  useEffect(() => {
    if (open) menu.current?.querySelector('button')?.focus();
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  if (moves.length === 0) return <span className={petStatusClass(pet.status)}>{pet.status}</span>;
  return (
    <div
      className="move-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={`${petStatusClass(pet.status)} move-toggle`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`Status of ${pet.name}: ${pet.status}. Move to…`}
        disabled={disabled}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {pet.status} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul ref={menu} id={id} className="move-options" aria-label={`Move ${pet.name} to`}>
          {moves.map((status) => (
            <li key={status}>
              <button
                type="button"
                onClick={() => {
                  close(true);
                  onChange(status);
                }}
              >
                {status}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
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

/** Asks before a partner orders a pet, naming it, as approving, delivering and cancelling do. */
export function ConfirmAdopt({
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
      title={`Adopt ${pet.name} (id ${pet.id})?`}
      confirmLabel={`Adopt ${pet.name}`}
      cancelLabel="Not now"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        This places an order for {pet.name}, who is pending until staff deliver it. You can cancel
        the order from Orders until then.
      </p>
    </ConfirmDialog>
  );
}
