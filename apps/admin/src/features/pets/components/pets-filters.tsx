/**
 * The pets filters: the search, applied as it is typed, the category, chosen from a list, and,
 * applied as soon as they change, My pets for partners, the status, the order (on a phone, where
 * the table's headers are not shown) and the number of pets a page. Clear filters empties the
 * search and the category.
 */
import { LIST_PETS_SORTS, PET_STATUSES, Q_MAX_LENGTH } from '@pets/contract';
import { useCategories } from '../../../lib/categories.js';
import type { PetsFilterInputs } from '../hooks/use-pets-filters.js';
import type { PetsViewState } from '../hooks/use-pets-view.js';
import { PAGE_SIZES } from '../utils/pets-search.js';

/** Each order as the Sort by choice names it. */
const SORT_NAMES = {
  id: 'Id, oldest first',
  '-id': 'Id, newest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
} as const satisfies Record<(typeof LIST_PETS_SORTS)[number], string>;

/**
 * Every category, archived ones too (their pets keep them), and the one the address names when no
 * category has its id (an old link), so the select shows what the list is filtered by.
 */
function CategoryFilterOptions({ chosen }: { chosen: number | undefined }) {
  const { all, byId, nameOf } = useCategories();
  return (
    <>
      <option value="">All</option>
      {chosen !== undefined && byId(chosen) === undefined ? (
        <option value={chosen}>{nameOf(chosen)}</option>
      ) : null}
      {(all ?? []).map((category) => (
        <option key={category.id} value={category.id}>
          {category.archived ? `${category.name} (archived)` : category.name}
        </option>
      ))}
    </>
  );
}

export function PetsFilters({
  view,
  change,
  filters,
  role,
}: Pick<PetsViewState, 'view' | 'change'> & {
  filters: PetsFilterInputs;
  role: 'partner' | 'staff';
}) {
  return (
    <form
      role="search"
      aria-label="Find pets"
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        filters.searchNow();
      }}
    >
      <div className="field pets-search">
        <label htmlFor="pets-q">Search</label>
        <input
          id="pets-q"
          type="search"
          maxLength={Q_MAX_LENGTH}
          aria-describedby="pets-q-hint"
          autoComplete="off"
          value={filters.text}
          onChange={(event) => {
            filters.type(event.target.value);
          }}
        />
        <span id="pets-q-hint" className="visually-hidden">
          Every word, anywhere in the name: “jr” finds Biscuit Jr.
        </span>
      </div>
      <div className="field">
        <label htmlFor="pets-category">Category</label>
        <select
          id="pets-category"
          value={view.categoryId ?? ''}
          onChange={(event) => {
            filters.chooseCategory(event.target.value);
          }}
        >
          <CategoryFilterOptions chosen={view.categoryId} />
        </select>
      </div>
      {filters.filtered ? (
        <button type="button" className="secondary" onClick={filters.clear}>
          Clear filters
        </button>
      ) : null}
      {role === 'partner' ? (
        <div className="field">
          <label htmlFor="pets-owner">Show</label>
          <select
            id="pets-owner"
            value={view.owner ?? ''}
            onChange={(event) => {
              change({ owner: event.target.value === 'me' ? 'me' : undefined });
            }}
          >
            <option value="">All pets</option>
            <option value="me">My pets</option>
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="pets-status">Filter by status</label>
        <select
          id="pets-status"
          value={view.status ?? ''}
          onChange={(event) => {
            change({ status: PET_STATUSES.find((known) => known === event.target.value) });
          }}
        >
          <option value="">All</option>
          {PET_STATUSES.map((known) => (
            <option key={known} value={known}>
              {known}
            </option>
          ))}
        </select>
      </div>
      <div className="field pets-sort">
        <label htmlFor="pets-sort">Sort by</label>
        <select
          id="pets-sort"
          value={view.sort ?? 'id'}
          onChange={(event) => {
            const sort = LIST_PETS_SORTS.find((known) => known === event.target.value);
            change({ sort: sort === 'id' ? undefined : sort });
          }}
        >
          {LIST_PETS_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_NAMES[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="pets-limit">Pets per page</label>
        <select
          id="pets-limit"
          value={view.limit}
          onChange={(event) => {
            const limit = PAGE_SIZES.find((size) => String(size) === event.target.value);
            change({ limit: limit ?? view.limit });
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
