import { ID_PATTERN, isIdText, NAME_MAX_LENGTH, PET_STATUSES } from '@pets/contract';
import type { Pet } from '@pets/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ErrorMessage } from '../../../components/error-message.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { Pager } from '../../../components/ui/pager.js';
import { useClient } from '../../../lib/client.js';
import { cursorOf, type PagingHistoryState, previousCursorsOf } from '../../../lib/paging.js';
import { describeError, isBadCursor, isRateLimited, requestIdOf } from '../../../lib/errors.js';
import { useSignedIn } from '../../../lib/session.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listPetsQueryOptions } from '../api/list-pets.js';
import { useDeletePet, useUpdatePet } from '../api/update-pet.js';
import { PAGE_SIZES, parsePetsSearch, petsPath, type PetsView } from '../utils/pets-search.js';
import { AddPetForm } from './add-pet-form.js';
import { ConfirmDelete } from './pet-actions.js';
import { PetPanel, type PetHistorySlot } from './pet-panel.js';
import { PetsTable } from './pets-table.js';

/** What the last action did, said once and focused. */
interface Outcome {
  text: string;
  failed?: boolean;
  /** A pet just added: a link shows it in the list. */
  added?: Pet;
  requestId?: string | undefined;
}

const capitalize = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Where this page is in the whole: "Pets 21–40 of more than 40", "Sold pets 41–45 of 45". There is
 * no total count (a cursor does not give one): what follows is only known on the last page. Without
 * the pages before (a shared link), only how many are shown.
 */
export function position(
  what: string,
  page: number | undefined,
  limit: number,
  count: number,
  next: string | undefined,
): string {
  if (page === undefined)
    return `${what}: ${count} shown, ${next === undefined ? 'the end of the list' : 'more after them'}.`;
  const from = (page - 1) * limit + 1;
  const to = from + count - 1;
  const range = from === to ? `${from}` : `${from}–${to}`;
  return `${what} ${range} of ${next === undefined ? to : `more than ${to}`}.`;
}

/** The catalogue, one page at a time, filtered and paged through the URL. */
export function PetsList({ history }: { history?: PetHistorySlot | undefined } = {}) {
  const client = useClient();
  const [, navigate] = useLocation();
  const view = parsePetsSearch(useSearch());
  const previous = previousCursorsOf(useHistoryState<unknown>());
  const { blocked } = useRateLimit();
  const status = useRef<HTMLDivElement>(null);
  const { role } = useSignedIn().account;
  const update = useUpdatePet();
  const remove = useDeletePet();
  const [confirming, setConfirming] = useState<Pet>();
  const [openId, setOpenId] = useState<number>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [adding, setAdding] = useState(false);
  const said = (text: string) => {
    setOutcome({ text });
  };
  const [nameInput, setNameInput] = useState(view.name ?? '');
  const [categoryInput, setCategoryInput] = useState(
    view.categoryId === undefined ? '' : String(view.categoryId),
  );
  const filtered = view.name !== undefined || view.categoryId !== undefined;

  const pets = useQuery({
    ...listPetsQueryOptions(client, view),
    enabled: !blocked,
    placeholderData: keepPreviousData,
  });

  // The rows last shown stay on screen while the rate limit holds the next ones back.
  const shown = useRef<{ data: Pet[]; next: string | undefined } | undefined>(undefined);
  if (pets.data && !pets.isPlaceholderData) shown.current = pets.data;
  const held =
    pets.data === undefined && (blocked || (pets.isError && isRateLimited(pets.error)))
      ? shown.current
      : undefined;

  const show = (next: PetsView, before: string[]) => {
    const state: PagingHistoryState | null = before.length > 0 ? { previous: before } : null;
    navigate(petsPath(next), { state });
  };
  // Placeholder data is the previous view's: never describe it as this one's.
  const waiting =
    pets.isPlaceholderData || (pets.data === undefined && (pets.isFetching || !pets.isError));
  const nextCursor = cursorOf(pets.data?.next);
  // Without the history of how we got here (a shared link), Previous goes to the first page.
  const page =
    view.cursor === undefined ? 1 : previous.length > 0 ? previous.length + 1 : undefined;
  const found = pets.data?.data ?? held?.data ?? [];
  const what = view.status === undefined ? 'Pets' : `${capitalize(view.status)} pets`;
  const clearFilters = () => {
    setNameInput('');
    setCategoryInput('');
    show({ ...view, name: undefined, categoryId: undefined, cursor: undefined }, []);
  };
  const firstPage = () => {
    show({ ...view, cursor: undefined }, []);
  };
  // The pet beside the table is the one on this page, so it shows every change the table shows.
  const opened = found.find((pet) => pet.id === openId);
  // Partners change only their own pets, which the "My pets" view lists.
  const canEdit = () => role === 'staff' || view.owner === 'me';
  const closePanel = () => {
    const id = openId;
    setOpenId(undefined);
    document.getElementById(`pet-${String(id)}-open`)?.focus();
  };
  const failed = (pet: Pet) => (error: unknown) => {
    setOutcome({
      text: `${pet.name} was not changed. ${describeError(error)}`,
      failed: true,
      requestId: requestIdOf(error),
    });
  };

  const pager = (label: string) => (
    <Pager
      label={label}
      previousDisabled={blocked || view.cursor === undefined}
      nextDisabled={blocked || nextCursor === undefined}
      onPrevious={() => {
        show({ ...view, cursor: previous.at(-1) || undefined }, previous.slice(0, -1));
      }}
      onNext={() => {
        // While the next page loads, Next stays enabled (focus stays on it) but waits.
        if (nextCursor !== undefined && !pets.isPlaceholderData)
          show({ ...view, cursor: nextCursor }, [...previous, view.cursor ?? '']);
      }}
      fallback={() => status.current}
    />
  );

  let message: ReactNode = null;
  if (held)
    message = (
      <p>
        Still showing the pets loaded before the rate limit was reached; this view loads when it
        allows.
      </p>
    );
  else if (waiting)
    message = <p>{blocked ? 'The pets load when the rate limit allows.' : 'Loading pets…'}</p>;
  else if (pets.isError && isBadCursor(pets.error))
    message = (
      <ErrorMessage
        error={pets.error}
        message="This page's address holds a position in the list that is no longer valid."
      >
        <button type="button" onClick={firstPage}>
          Back to the first page
        </button>
      </ErrorMessage>
    );
  else if (pets.isError && !isRateLimited(pets.error))
    message = (
      <ErrorMessage
        error={pets.error}
        onRetry={() => {
          void pets.refetch();
        }}
      >
        {view.cursor === undefined ? null : (
          <button type="button" className="secondary" onClick={firstPage}>
            Back to the first page
          </button>
        )}
      </ErrorMessage>
    );
  else if (pets.data && found.length === 0)
    message = (
      <div className="empty-state">
        <p>
          {filtered
            ? 'No pets match these filters.'
            : view.owner === 'me' && view.status === undefined
              ? 'Your account has not added any pets.'
              : 'No pets match.'}
        </p>
        {filtered ? (
          <button type="button" className="secondary" onClick={clearFilters}>
            Clear filters
          </button>
        ) : view.cursor === undefined ? null : (
          <button type="button" className="secondary" onClick={firstPage}>
            Back to the first page
          </button>
        )}
      </div>
    );
  else if (pets.data) message = <p>{position(what, page, view.limit, found.length, nextCursor)}</p>;

  return (
    <>
      <div className="page-head">
        <PageHeading>Pets</PageHeading>
        <button
          type="button"
          disabled={blocked}
          onClick={() => {
            setAdding(true);
          }}
        >
          Add pet
        </button>
      </div>
      {adding ? (
        <Dialog
          title="Add a pet"
          onClose={() => {
            setAdding(false);
          }}
        >
          <AddPetForm
            onAdded={(pet) => {
              setAdding(false);
              setOutcome({ text: `Added ${pet.name} (id ${pet.id}).`, added: pet });
            }}
          />
        </Dialog>
      ) : null}
      <form
        role="search"
        aria-label="Find pets"
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const name = nameInput === '' ? undefined : nameInput;
          const category = isIdText(categoryInput) ? Number(categoryInput) : undefined;
          show({ ...view, name, categoryId: category, cursor: undefined }, []);
        }}
      >
        <div className="field">
          <label htmlFor="pets-name">Name starts with</label>
          <input
            id="pets-name"
            type="search"
            maxLength={NAME_MAX_LENGTH}
            value={nameInput}
            onChange={(event) => {
              setNameInput(event.target.value);
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
            value={categoryInput}
            onChange={(event) => {
              setCategoryInput(event.target.value);
            }}
          />
        </div>
        <button type="submit">Search</button>
        {filtered ? (
          <button type="button" className="secondary" onClick={clearFilters}>
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
                const owner = event.target.value === 'me' ? 'me' : undefined;
                show({ ...view, owner, cursor: undefined }, []);
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
              const chosen = PET_STATUSES.find((known) => known === event.target.value);
              show({ ...view, status: chosen, cursor: undefined }, []);
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
              show({ ...view, limit: limit ?? view.limit, cursor: undefined }, []);
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

      <div className="list-head">
        <div ref={status} className="list-status" aria-live="polite" tabIndex={-1}>
          {message}
        </div>
        {pager('Pages')}
      </div>

      {role === 'partner' && view.owner === undefined && found.length > 0 ? (
        <p className="hint">To change the pets your account added, show My pets.</p>
      ) : null}
      <StatusMessage message={outcome?.text ?? null} failed={outcome?.failed}>
        {outcome?.added ? (
          <>
            {' '}
            <Link
              href={petsPath({
                status: undefined,
                name: outcome.added.name,
                limit: view.limit,
                cursor: undefined,
              })}
            >
              Show {outcome.added.name} in the list
            </Link>
          </>
        ) : null}
        {outcome?.requestId ? (
          <>
            {' '}
            <CopyButton value={outcome.requestId} label="Copy request id" />
          </>
        ) : null}
      </StatusMessage>

      <div className={opened ? 'pets-body with-panel' : 'pets-body'}>
        {found.length > 0 ? (
          <PetsTable
            pets={found}
            busy={waiting}
            caption={page === undefined ? 'Pets' : `Pets, page ${page}`}
            actions={{
              role,
              pendingId: update.isPending ? update.variables.pet.id : undefined,
              canEdit,
              openId,
              onOpen: (pet) => {
                setOpenId(pet.id);
              },
              onStatus: (pet, next) => {
                update.mutate(
                  { pet, patch: { status: next } },
                  {
                    onSuccess: () => {
                      said(`${pet.name} is now ${next}.`);
                    },
                    onError: failed(pet),
                  },
                );
              },
              onDelete: setConfirming,
            }}
          />
        ) : null}
        {opened && canEdit() ? (
          <PetPanel
            pet={opened}
            role={role}
            history={history}
            onClose={closePanel}
            onSaved={said}
          />
        ) : null}
      </div>

      {confirming ? (
        <ConfirmDelete
          pet={confirming}
          onCancel={() => {
            setConfirming(undefined);
          }}
          onConfirm={() => {
            const pet = confirming;
            setConfirming(undefined);
            remove.mutate(pet, {
              onSuccess: () => {
                said(`Deleted ${pet.name} (id ${pet.id}).`);
              },
              onError: failed(pet),
            });
          }}
        />
      ) : null}

      {found.length > 0 ? pager('Pages (bottom)') : null}
    </>
  );
}
