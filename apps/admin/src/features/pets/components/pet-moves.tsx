/**
 * A pet's status on its page and the moves it can make now, each a button. A move the pet cannot
 * make is not offered, and the page says why: while an order holds the pet its status moves with
 * the order (named and linked). A partner sees another account's pet as it is, with Adopt, after
 * asking, while it is available.
 */
import type { Pet } from '@pets/client';
import type { ListedOrder } from '@pets/client';
import { moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { isKnown, petStatusClass } from '../../../lib/known.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import type { usePetChanges } from '../hooks/use-pet-changes.js';
import { petOrdersPath } from '../utils/pet-path.js';

/**
 * The statuses a person of this role may move the pet to now, its own left out; none from a status
 * the app does not know (added since).
 */
export const movesOf = ({ status: from }: Pet, role: 'partner' | 'staff'): PetStatus[] =>
  isKnown(PET_STATUSES, from)
    ? PET_STATUSES.filter((status) => status !== from && moveAllowed(from, status, role))
    : [];

/** Why a pet's status cannot change by itself: the open order that holds it. */
function HeldByOrder({ order }: { order: ListedOrder }) {
  return (
    <p>
      Its status moves with <Link href={petOrdersPath(order.petId)}>order {order.id}</Link>, which
      is {order.status}: approve, deliver or cancel the order instead.
    </p>
  );
}

/** Asks before a partner orders a pet, naming it. */
function ConfirmAdopt({
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
      title={`Adopt ${pet.name}?`}
      confirmLabel={`Adopt ${pet.name}`}
      cancelLabel="Not now"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        This places an order for {pet.name} (id {pet.id}). It is pending until staff deliver it, and
        your account can cancel the order until then.
      </p>
    </ConfirmDialog>
  );
}

export function PetMoves({
  pet,
  role,
  canEdit,
  ordersRead,
  openOrder,
  changes,
}: {
  pet: Pet;
  role: 'partner' | 'staff';
  /** Staff, or a partner on its own account's pet. */
  canEdit: boolean;
  /** Whether the pet's orders were read, so that an open one would be known. */
  ordersRead: boolean;
  openOrder: ListedOrder | undefined;
  changes: ReturnType<typeof usePetChanges>;
}) {
  const { blocked } = useRateLimit();
  const [asking, setAsking] = useState(false);
  const moves = movesOf(pet, canEdit ? role : 'partner');
  const busy = changes.pendingId === pet.id || blocked;

  const offered = () => {
    if (openOrder) return <HeldByOrder order={openOrder} />;
    if (!ordersRead) return <p>Reading its orders…</p>;
    if (moves.length === 0)
      return <p>Only staff put a sold pet back on offer, after it is returned.</p>;
    return (
      <div className="actions">
        {moves.map((status) => (
          <button
            key={status}
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => {
              changes.changeStatus(pet, status);
            }}
          >
            Mark {status}
          </button>
        ))}
      </div>
    );
  };

  const adoptable = pet.status === 'available' && ordersRead && !openOrder;
  return (
    <section aria-labelledby="pet-status-heading" className="pet-section">
      <h2 id="pet-status-heading">Status</h2>
      <p>
        {pet.name} is <span className={petStatusClass(pet.status)}>{pet.status}</span>.
      </p>
      {canEdit ? (
        offered()
      ) : (
        <>
          <p>Another account’s pet: only staff and that account change it.</p>
          {openOrder ? <HeldByOrder order={openOrder} /> : null}
          {adoptable ? (
            <button
              type="button"
              disabled={changes.adoptingId !== undefined || blocked}
              onClick={() => {
                setAsking(true);
              }}
            >
              {changes.adoptingId === pet.id ? 'Adopting…' : 'Adopt'}
              <span className="visually-hidden"> {pet.name}</span>
            </button>
          ) : null}
        </>
      )}
      {asking ? (
        <ConfirmAdopt
          pet={pet}
          onCancel={() => {
            setAsking(false);
          }}
          onConfirm={() => {
            setAsking(false);
            changes.adopt(pet);
          }}
        />
      ) : null}
    </section>
  );
}
