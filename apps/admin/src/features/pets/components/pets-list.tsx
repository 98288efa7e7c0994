/**
 * The pets page: the catalogue one page at a time, searched, filtered, sorted and paged through the
 * address, with Add pet, each pet's status to move, (staff) Delete and the inventory's counts,
 * (partners) Adopt on an available pet after asking, pets marked across pages for bulk actions,
 * and each pet's name linking to its own page.
 */
import type { Pet } from '@pets/client';
import { useEffect, useRef, useState } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { CursorPager } from '../../../components/cursor-pager.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSignedIn } from '../../../lib/session.js';
import { actingRole } from '../../../lib/known.js';
import { useOpenOrders } from '../api/list-open-orders.js';
import { usePetChanges } from '../hooks/use-pet-changes.js';
import { usePetSelection } from '../hooks/use-pet-selection.js';
import { usePetsFilters } from '../hooks/use-pets-filters.js';
import { usePetsPage } from '../hooks/use-pets-page.js';
import { usePetsView } from '../hooks/use-pets-view.js';
import { openedPetIdOf, petLinkId } from '../utils/pet-path.js';
import { AddPetForm } from './add-pet-form.js';
import { InventoryCounts } from './inventory-counts.js';
import { ConfirmAdopt, ConfirmDelete } from './pet-actions.js';
import { PetOutcome } from './pet-outcome.js';
import { PetsBulkBar } from './pets-bulk-bar.js';
import { PetsExport } from './pets-export.js';
import { PetsFilters } from './pets-filters.js';
import { PetsListStatus } from './pets-list-status.js';
import { PageCheckbox, PetsTable } from './pets-table.js';

/** The catalogue, one page at a time, filtered and paged through the URL. */
export function PetsList() {
  const role = actingRole(useSignedIn().account.role);
  const { blocked } = useRateLimit();
  const { view, paging, change } = usePetsView();
  const filters = usePetsFilters({ view, change });
  const list = usePetsPage(view);
  const changes = usePetChanges();
  const status = useRef<HTMLDivElement>(null);
  const openOrders = useOpenOrders(list.found);
  const selection = usePetSelection(list.found);
  const [confirming, setConfirming] = useState<Pet>();
  const [adopting, setAdopting] = useState<Pet>();
  const [adding, setAdding] = useState(false);

  // Partners change only their own pets, which the "My pets" view lists.
  const canEdit = () => role === 'staff' || view.owner === 'me';

  // Back from a pet's page: focus returns to its link, once, when its row is shown.
  const opened = openedPetIdOf(useHistoryState<unknown>());
  const refocused = useRef(false);
  const shown = list.found.some((pet) => pet.id === opened);
  useEffect(() => {
    if (opened === undefined || !shown || refocused.current) return;
    refocused.current = true;
    document.getElementById(petLinkId(opened))?.focus();
  }, [opened, shown]);

  const pager = (label: string) => (
    <CursorPager
      paging={paging}
      nextCursor={list.nextCursor}
      label={label}
      waiting={list.pets.isPlaceholderData}
      fallback={() => status.current}
    />
  );

  return (
    <>
      <div className="page-head">
        <PageHeading>Pets</PageHeading>
        {/* Beside the heading, so the list keeps its place on the screen. */}
        {role === 'staff' ? <InventoryCounts /> : null}
        <PetsExport view={view} />
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
              changes.added(pet);
            }}
          />
        </Dialog>
      ) : null}
      <PetsFilters view={view} change={change} filters={filters} role={role} />

      <div className="list-head">
        <div ref={status} className="list-status" aria-live="polite" tabIndex={-1}>
          <PetsListStatus
            list={list}
            view={view}
            page={paging.page}
            filtered={filters.filtered}
            onFirstPage={paging.first}
          />
        </div>
        {list.found.some(canEdit) ? (
          // On a phone the table's header, with its checkbox, is not shown.
          <span className="select-page phone-only">
            <PageCheckbox
              pets={list.found.filter(canEdit)}
              selection={selection}
              id="pets-select-page-phone"
              shownLabel
            />
          </span>
        ) : null}
        {pager('Pages')}
      </div>

      {role === 'partner' && view.owner === undefined && list.found.length > 0 ? (
        <p className="hint">To change the pets your account added, show My pets.</p>
      ) : null}
      <PetOutcome outcome={changes.outcome} limit={view.limit} />
      {list.found.some(canEdit) || selection.selected.size > 0 ? (
        <PetsBulkBar
          role={role}
          selection={selection}
          openOrders={openOrders}
          report={changes.report}
        />
      ) : null}

      {list.found.length > 0 ? (
        <PetsTable
          pets={list.found}
          busy={list.waiting}
          caption={paging.page === undefined ? 'Pets' : `Pets, page ${paging.page}`}
          actions={{
            role,
            pendingId: changes.pendingId,
            canEdit,
            onStatus: changes.changeStatus,
            onDelete: setConfirming,
            onAdopt: setAdopting,
            adoptingId: changes.adoptingId,
            openOrders,
            selection,
          }}
          order={{
            sort: view.sort,
            onSort: (sort) => {
              change({ sort });
            },
          }}
        />
      ) : null}

      {confirming ? (
        <ConfirmDelete
          pet={confirming}
          onCancel={() => {
            setConfirming(undefined);
          }}
          onConfirm={() => {
            const pet = confirming;
            setConfirming(undefined);
            changes.remove(pet);
          }}
        />
      ) : null}

      {adopting ? (
        <ConfirmAdopt
          pet={adopting}
          onCancel={() => {
            setAdopting(undefined);
          }}
          onConfirm={() => {
            const pet = adopting;
            setAdopting(undefined);
            changes.adopt(pet);
          }}
        />
      ) : null}

      {list.found.length > 0 ? pager('Pages (bottom)') : null}
    </>
  );
}
