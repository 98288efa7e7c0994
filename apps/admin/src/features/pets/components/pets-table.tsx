/**
 * The table of pets on one page, with each pet's category by name, each row's status moves, Delete
 * (staff) or Adopt (partners, an available pet) and the name linking to its page; a checkbox per row to
 * mark pets for a bulk action, and the Id and Name headers that sort the list. A pet held by an
 * open order is offered no move and no Delete, and says which order holds it. Each name has the
 * pet's face beside it (its first photo), when the list was read with its photos.
 */
import type { ListedPet, Pet } from '@pets/client';
import type { PetStatus } from '@pets/contract';
import { Link } from 'wouter';
import { CategoryName } from '../../../components/category-name.js';
import { ActionsHeader } from '../../../components/ui/actions-header.js';
import type { OpenOrders } from '../api/list-open-orders.js';
import type { PetSelection } from '../hooks/use-pet-selection.js';
import type { PetsView } from '../utils/pets-search.js';
import { StatusChoice } from './pet-actions.js';
import { PetFace } from './pet-face.js';
import { PetLink } from './pet-link.js';
import { petStatusClass } from '../../../lib/known.js';

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
  /** Partners only: orders an available pet (after asking). */
  onAdopt: (pet: Pet) => void;
  /** The pet whose order is on its way, if any. */
  adoptingId: number | undefined;
  /** The open orders known to hold pets. */
  openOrders: OpenOrders;
  /** The pets marked for a bulk action. */
  selection: PetSelection;
}

/** The order the list is in, and a way to change it (back to the first page). */
export interface TableSort {
  sort: PetsView['sort'];
  onSort: (sort: PetsView['sort']) => void;
}

const SORTABLE = { id: 'Id', name: 'Name' } as const;

/** A header that sorts by its column: ascending first, descending when chosen again. */
function SortHeader({ column, order }: { column: keyof typeof SORTABLE; order: TableSort }) {
  const current = order.sort ?? 'id';
  const direction =
    current === column ? 'ascending' : current === `-${column}` ? 'descending' : undefined;
  const next = direction === 'ascending' ? (`-${column}` as const) : column;
  return (
    <th scope="col" className={column === 'id' ? 'number' : undefined} aria-sort={direction}>
      <button
        type="button"
        className="sort-button"
        onClick={() => {
          order.onSort(next === 'id' ? undefined : next);
        }}
      >
        {SORTABLE[column]}
        <span aria-hidden="true" className="sort-mark">
          {direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ' ↕'}
        </span>
      </button>
    </th>
  );
}

/** The checkbox that marks (or unmarks) every pet on the page that may be marked. */
export function PageCheckbox({
  pets,
  selection,
  id,
  shownLabel = false,
}: {
  pets: readonly Pet[];
  selection: PetSelection;
  id: string;
  /** Whether its label is shown (on a phone, where the table's header is not). */
  shownLabel?: boolean;
}) {
  const marked = pets.filter((pet) => selection.has(pet)).length;
  return (
    <>
      <input
        id={id}
        type="checkbox"
        checked={pets.length > 0 && marked === pets.length}
        ref={(box) => {
          if (box) box.indeterminate = marked > 0 && marked < pets.length;
        }}
        disabled={pets.length === 0}
        onChange={(event) => {
          selection.togglePage(event.target.checked);
        }}
      />
      <label htmlFor={id} className={shownLabel ? undefined : 'visually-hidden'}>
        {shownLabel ? 'Select all on this page' : 'Select all pets on this page'}
      </label>
    </>
  );
}

export function PetsTable({
  pets,
  caption,
  busy,
  actions,
  order,
}: {
  pets: ListedPet[];
  caption: string;
  busy: boolean;
  actions?: RowActions | undefined;
  order?: TableSort | undefined;
}) {
  const markable = actions ? pets.filter((pet) => actions.canEdit(pet)) : [];
  const selecting = actions !== undefined && markable.length > 0;
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
            {selecting ? (
              <th scope="col" className="select-cell">
                <PageCheckbox pets={markable} selection={actions.selection} id="pets-select-page" />
              </th>
            ) : null}
            {order ? (
              <SortHeader column="id" order={order} />
            ) : (
              <th scope="col" className="number">
                Id
              </th>
            )}
            {order ? <SortHeader column="name" order={order} /> : <th scope="col">Name</th>}
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            {actions ? <ActionsHeader /> : null}
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => {
            const heldBy = actions?.openOrders.byPet.get(pet.id);
            return (
              <tr key={pet.id} className={actions?.selection.has(pet) ? 'selected' : undefined}>
                {selecting ? (
                  <td className="select-cell">
                    {actions.canEdit(pet) ? (
                      <>
                        <input
                          id={`pet-${pet.id}-select`}
                          type="checkbox"
                          checked={actions.selection.has(pet)}
                          onClick={(event) => {
                            actions.selection.toggle(
                              pet,
                              event.currentTarget.checked,
                              event.shiftKey,
                            );
                          }}
                          onChange={() => {
                            // Handled on click, which says whether Shift was held.
                          }}
                        />
                        <label htmlFor={`pet-${pet.id}-select`} className="visually-hidden">
                          Select {pet.name}
                        </label>
                      </>
                    ) : null}
                  </td>
                ) : null}
                <td className="number" data-label="Id">
                  {pet.id}
                </td>
                <td className="name" data-label="Name">
                  <span className="pet-name">
                    <PetFace pet={pet} />
                    <PetLink pet={pet} describedBy={actions ? 'pet-open-hint' : undefined} />
                  </span>
                </td>
                <td data-label="Category">
                  <CategoryName id={pet.categoryId} />
                </td>
                <td data-label="Status">
                  {heldBy !== undefined ? (
                    <span className="held">
                      <span className={petStatusClass(pet.status)}>{pet.status}</span>{' '}
                      <Link href={`/orders?petId=${pet.id}`}>
                        held by order {heldBy}
                        <span className="visually-hidden">
                          {' '}
                          of {pet.name}: no move or delete until it is delivered or cancelled
                        </span>
                      </Link>
                    </span>
                  ) : actions?.canEdit(pet) ? (
                    <StatusChoice
                      pet={pet}
                      role={actions.role}
                      disabled={actions.pendingId === pet.id}
                      onChange={(status) => {
                        actions.onStatus(pet, status);
                      }}
                    />
                  ) : (
                    <span className={petStatusClass(pet.status)}>{pet.status}</span>
                  )}
                </td>
                {actions?.role === 'staff' && heldBy === undefined ? (
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
                ) : actions?.role === 'partner' && pet.status === 'available' ? (
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
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
