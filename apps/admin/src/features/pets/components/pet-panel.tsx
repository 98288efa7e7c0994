/** The panel beside the pets table where one pet is corrected and (staff) its history read. */
import type { Pet } from '@pets/client';
import { type ReactNode, useEffect, useRef } from 'react';
import { CategoryName } from '../../../components/category-name.js';
import { EditPetForm } from './edit-pet-form.js';

/** A pet's history, for staff: given by the app, which composes features (they import no other). */
export type PetHistorySlot = (petId: number) => ReactNode;

/**
 * One pet beside the table: its name and category to correct, and for staff its history. Takes
 * focus on its heading when it opens on a pet.
 */
export function PetPanel({
  pet,
  role,
  history,
  onClose,
  onSaved,
}: {
  pet: Pet;
  role: 'partner' | 'staff';
  history?: PetHistorySlot | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [pet.id]);
  return (
    <aside className="pet-panel panel" aria-labelledby="pet-panel-heading">
      <div className="panel-head">
        <h2 id="pet-panel-heading" ref={heading} tabIndex={-1}>
          {pet.name} <span className="muted">(id {pet.id})</span>
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close<span className="visually-hidden"> {pet.name}</span>
        </button>
      </div>
      <p>
        Status: <span className={`pet-status pet-status-${pet.status}`}>{pet.status}</span>
      </p>
      <p>
        Category: <CategoryName id={pet.categoryId} />
      </p>
      <EditPetForm key={pet.id} pet={pet} onSaved={onSaved} />
      {role === 'staff' ? history?.(pet.id) : null}
    </aside>
  );
}
