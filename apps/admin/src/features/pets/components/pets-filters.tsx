/**
 * The pets filters: name and category (applied by Search, emptied by Clear filters), and, applied
 * as soon as they change, My pets for partners, the status and the number of pets a page.
 */
import { ID_PATTERN, NAME_MAX_LENGTH, PET_STATUSES } from '@pets/contract';
import type { PetsFilterInputs } from '../hooks/use-pets-filters.js';
import type { PetsViewState } from '../hooks/use-pets-view.js';
import { PAGE_SIZES } from '../utils/pets-search.js';

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
        filters.search();
      }}
    >
      <div className="field">
        <label htmlFor="pets-name">Name starts with</label>
        <input
          id="pets-name"
          type="search"
          maxLength={NAME_MAX_LENGTH}
          value={filters.name}
          onChange={(event) => {
            filters.setName(event.target.value);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="pets-category">Category</label>
        <input
          id="pets-category"
          inputMode="numeric"
          pattern={ID_PATTERN.source.slice(1, -1)}
          size={8}
          value={filters.category}
          onChange={(event) => {
            filters.setCategory(event.target.value);
          }}
        />
      </div>
      <button type="submit">Search</button>
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
