/**
 * A pet's own page (/admin/pets/:id): its name as the heading, its id, category (linking to the
 * pets of that category) and owner, its status and the moves it can make, its edit form, its
 * photos and profile (to change, for those who may change the pet), its orders, for staff its
 * history and Delete (asked first, naming it). A partner sees another account's pet to read and
 * adopt. A pet that does not exist, or was removed, has a page that says so, with the way back
 * to the pets.
 */
import { type Pet, PetstoreApiError } from '@pets/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { CategoryName } from '../../../components/category-name.js';
import { ErrorMessage } from '../../../components/error-message.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { useClient } from '../../../lib/client.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSignedIn } from '../../../lib/session.js';
import { actingRole } from '../../../lib/known.js';
import { listedPet, petQueryKey, petQueryOptions } from '../api/get-pet.js';
import { ownPetQueryOptions, petCreatorQueryOptions } from '../api/get-pet-owner.js';
import { petOrdersQueryOptions } from '../api/list-pet-orders.js';
import { petProfileQueryOptions } from '../api/pet-profile.js';
import { useDeletePet } from '../api/update-pet.js';
import { usePetChanges } from '../hooks/use-pet-changes.js';
import { PAGE_SIZES, petsPath } from '../utils/pets-search.js';
import { BackToPets } from './back-to-pets.js';
import { EditPetForm } from './edit-pet-form.js';
import { ConfirmDelete } from './pet-actions.js';
import { PetMoves } from './pet-moves.js';
import { openOrderOf, PetOrders } from './pet-orders.js';
import { PetOutcome } from './pet-outcome.js';
import { PetPhotos } from './pet-photos.js';
import { PetProfileForm } from './pet-profile-form.js';

/** A pet's history, for staff: given by the app, which composes features (they import no other). */
export type PetHistorySlot = (petId: number) => ReactNode;

/** The pets of one category, as the pets page lists them. */
const categoryPath = (categoryId: number) =>
  petsPath({ status: undefined, categoryId, limit: PAGE_SIZES[0], cursor: undefined });

/** The page of an id no pet has (or had: a removed pet is gone). */
function PetNotFound({ id }: { id: number | undefined }) {
  return (
    <>
      <p className="back-link">
        <BackToPets />
      </p>
      <PageHeading>Pet not found</PageHeading>
      <p>
        {id === undefined
          ? 'This address names no pet.'
          : `No pet has id ${String(id)}: it was removed, or never existed.`}
      </p>
    </>
  );
}

/** Staff: the account that created the pet, by name, linked to its page. */
function StaffOwner({ petId }: { petId: number }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const creator = useQuery({ ...petCreatorQueryOptions(client, petId), enabled: !blocked });
  if (creator.isError) return <span className="muted">Could not be read</span>;
  const found = creator.data?.creator;
  if (found === undefined) return <span className="muted">Reading…</span>;
  if (found === 'unrecorded') return <>Staff (added before owners were recorded)</>;
  return (
    <Link href={`/accounts/${String(found.accountId)}`}>
      {found.accountName ?? `Account ${String(found.accountId)}`}
    </Link>
  );
}

/** The pet's page once it is read. */
function PetDetails({
  pet,
  role,
  history,
}: {
  pet: Pet;
  role: 'partner' | 'staff';
  history: PetHistorySlot | undefined;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const changes = usePetChanges();
  const remove = useDeletePet();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const orders = useQuery({ ...petOrdersQueryOptions(client, pet.id), enabled: !blocked });
  const own = useQuery({
    ...ownPetQueryOptions(client, pet),
    enabled: role === 'partner' && !blocked,
  });
  const canEdit = role === 'staff' || own.data?.own === true;
  // A partner's form waits until it is known whether the pet is theirs to change.
  const ownKnown = role === 'staff' || own.data !== undefined || own.isError;
  const profile = useQuery({ ...petProfileQueryOptions(client, pet.id), enabled: !blocked });
  const openOrder = openOrderOf(orders.data?.data);

  if (deleted) {
    return (
      <>
        <p className="back-link">
          <BackToPets />
        </p>
        <PageHeading>{pet.name}</PageHeading>
        <StatusMessage message={`Deleted ${pet.name} (id ${String(pet.id)}).`} />
      </>
    );
  }

  return (
    <div className="pet-page">
      <p className="back-link">
        <BackToPets />
      </p>
      <PageHeading>{pet.name}</PageHeading>
      <dl className="pet-facts">
        <div>
          <dt>Id</dt>
          <dd>{pet.id}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>
            <Link href={categoryPath(pet.categoryId)}>
              <CategoryName id={pet.categoryId} />
            </Link>
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>
            {role === 'staff' ? (
              <StaffOwner petId={pet.id} />
            ) : own.data ? (
              own.data.own ? (
                'Your account'
              ) : (
                'Another account'
              )
            ) : (
              <span className="muted">Reading…</span>
            )}
          </dd>
        </div>
      </dl>
      <PetOutcome outcome={changes.outcome} limit={PAGE_SIZES[0]} />

      <PetMoves
        pet={pet}
        role={role}
        canEdit={canEdit}
        ordersRead={orders.isSuccess || orders.isError}
        openOrder={openOrder}
        changes={changes}
      />

      {canEdit ? (
        <section aria-labelledby="pet-edit-heading" className="pet-section">
          <h2 id="pet-edit-heading">Name and category</h2>
          <EditPetForm key={pet.id} pet={pet} onSaved={changes.said} />
        </section>
      ) : null}

      <section aria-labelledby="pet-photos-heading" className="pet-section">
        <h2 id="pet-photos-heading">Photos</h2>
        <PetPhotos
          petId={pet.id}
          petName={pet.name}
          breed={profile.data?.data.breed}
          canEdit={canEdit && ownKnown}
        />
      </section>

      <section aria-labelledby="pet-profile-heading" className="pet-section">
        <h2 id="pet-profile-heading">Profile</h2>
        {profile.data && ownKnown ? (
          <PetProfileForm
            pet={pet}
            profile={profile.data.data}
            canEdit={canEdit}
            onSaved={changes.said}
          />
        ) : profile.isError && !isRateLimited(profile.error) ? (
          <ErrorMessage
            error={profile.error}
            onRetry={() => {
              void profile.refetch();
            }}
          />
        ) : (
          <p className="loading">Loading the profile…</p>
        )}
      </section>

      <PetOrders petId={pet.id} role={role} orders={orders} />

      {role === 'staff' ? history?.(pet.id) : null}

      {role === 'staff' ? (
        <section aria-labelledby="pet-delete-heading" className="pet-section">
          <h2 id="pet-delete-heading">Delete</h2>
          {openOrder ? (
            <p>
              It cannot be deleted while order {openOrder.id} is open. Once the order is delivered
              or cancelled, it can.
            </p>
          ) : (
            <>
              <p>It disappears from the catalogue; its history is kept.</p>
              <button
                type="button"
                className="danger"
                disabled={remove.isPending || blocked}
                onClick={() => {
                  setDeleting(true);
                }}
              >
                {remove.isPending ? 'Deleting…' : 'Delete'}
                <span className="visually-hidden"> {pet.name}</span>
              </button>
              <div aria-live="polite">
                {failure === undefined ? null : (
                  <ErrorMessage
                    error={failure}
                    message={`${pet.name} was not deleted. ${describeError(failure)}`}
                  />
                )}
              </div>
            </>
          )}
        </section>
      ) : null}

      {deleting ? (
        <ConfirmDelete
          pet={pet}
          onCancel={() => {
            setDeleting(false);
          }}
          onConfirm={() => {
            setDeleting(false);
            setFailure(undefined);
            remove.mutate(pet, {
              onSuccess: () => {
                // Read again, the pet would now be "not found": the page says it was deleted.
                queryClient.removeQueries({ queryKey: petQueryKey(pet.id) });
                setDeleted(true);
              },
              onError: setFailure,
            });
          }}
        />
      ) : null}
    </div>
  );
}

/** Whether the API said there is no such pet (or no longer). */
const isNotFound = (error: unknown) =>
  error instanceof PetstoreApiError && error.kind === 'api' && error.status === 404;

export function PetPage({
  id,
  history,
}: {
  /** The id in the address; undefined when it cannot be one. */
  id: number | undefined;
  history?: PetHistorySlot | undefined;
}) {
  const role = actingRole(useSignedIn().account.role);
  const client = useClient();
  const queryClient = useQueryClient();
  const { blocked } = useRateLimit();
  const read = useQuery({
    ...petQueryOptions(client, id ?? 0),
    enabled: id !== undefined && !blocked,
  });
  if (id === undefined) return <PetNotFound id={undefined} />;
  const pet = read.data?.data ?? (read.isError ? undefined : listedPet(queryClient, id));
  if (pet) return <PetDetails key={pet.id} pet={pet} role={role} history={history} />;
  if (read.isError && isNotFound(read.error)) return <PetNotFound id={id} />;
  return (
    <>
      <p className="back-link">
        <BackToPets />
      </p>
      <div aria-live="polite">
        {read.isError && !isRateLimited(read.error) ? (
          <ErrorMessage
            error={read.error}
            onRetry={() => {
              void read.refetch();
            }}
          />
        ) : (
          <p className="loading">Loading the pet…</p>
        )}
      </div>
    </>
  );
}
