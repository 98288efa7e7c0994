/**
 * The table of pets on one page, with each pet's category by name, each row's status choice,
 * Delete (staff) or Adopt (partners, an available pet) and the name linking to the pet's page.
 */
import type { Pet } from '@pets/client';
import type { PetStatus } from '@pets/contract';
import { CategoryName } from '../../../components/category-name.js';
import { ActionsHeader } from '../../../components/ui/actions-header.js';
import { StatusChoice } from './pet-actions.js';
import { PetLink } from './pet-link.js';

/** What a signed-in caller may do to the rows; without it the table only shows. */
export interface RowActions {
  role: 'partner' | 'staff';
  /** The pet whose change is on its way, if any. */
  pendingId: number | undefined;
  /** Whether this caller may change the pet (staff: any; partners: their own). */
  canEdit: (pet: Pet) => boolean;
  onStatus: (pet: Pet, status: PetStatus) => void;
  /** Staff only. */
  onDelete: (pet: Pet) => void;
  /** Partners only: orders an available pet. */
  onAdopt: (pet: Pet) => void;
  /** The pet whose order is on its way, if any. */
  adoptingId: number | undefined;
}

export function PetsTable({
  pets,
  caption,
  busy,
  actions,
}: {
  pets: Pet[];
  caption: string;
  busy: boolean;
  actions?: RowActions | undefined;
}) {
  return (
    <div className="stacked-frame">
      <table className="stacked pets-table" aria-busy={busy || undefined}>
        <caption id="pets-caption" className="visually-hidden">
          {caption}
          {actions ? (
            <span id="pet-open-hint" className="visually-hidden">
              {actions.role === 'staff'
                ? ". Choose a name to open the pet's page: its moves, orders and history."
                : ". Choose a name to open the pet's page."}
            </span>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="number">
              Id
            </th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            {actions ? <ActionsHeader /> : null}
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <tr key={pet.id}>
              <td className="number" data-label="Id">
                {pet.id}
              </td>
              <td className="name" data-label="Name">
                <PetLink pet={pet} describedBy={actions ? 'pet-open-hint' : undefined} />
              </td>
              <td data-label="Category">
                <CategoryName id={pet.categoryId} />
              </td>
              <td data-label="Status">
                {actions?.canEdit(pet) ? (
                  <StatusChoice
                    pet={pet}
                    role={actions.role}
                    disabled={actions.pendingId === pet.id}
                    onChange={(status) => {
                      actions.onStatus(pet, status);
                    }}
                  />
                ) : (
                  <span className={`pet-status pet-status-${pet.status}`}>{pet.status}</span>
                )}
              </td>
              {actions?.role === 'staff' ? (
                <td className="stacked-actions">
                  <button
                    type="button"
                    className="link danger"
                    onClick={() => {
                      actions.onDelete(pet);
                    }}
                  >
                    Delete<span className="visually-hidden"> {pet.name}</span>
                  </button>
                </td>
              ) : actions && pet.status === 'available' ? (
                <td className="stacked-actions">
                  <button
                    type="button"
                    className="secondary"
                    disabled={actions.adoptingId !== undefined}
                    onClick={() => {
                      actions.onAdopt(pet);
                    }}
                  >
                    {actions.adoptingId === pet.id ? 'Adopting…' : 'Adopt'}
                    <span className="visually-hidden"> {pet.name}</span>
                  </button>
                </td>
              ) : actions ? (
                <td className="stacked-actions" />
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
