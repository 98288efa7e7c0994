/**
 * What is done to the pets marked in the table: how many are marked (on any page), Clear selection,
 * and the bulk actions, each one request per hundred pets. A status move is offered only where at
 * least one pet marked may make it; moves and category changes take effect at once, with Undo;
 * Delete (staff) asks first, saying how many. What each did, and what it refused and why, is said
 * in the page's outcome; the pets refused stay marked.
 */
import type { Pet } from '@pets/client';
import { moveAllowed, PET_STATUSES, type PetStatus } from '@pets/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useCategories } from '../../../lib/categories.js';
import { isKnown } from '../../../lib/known.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useBatchPets } from '../api/batch-pets.js';
import type { OpenOrders } from '../api/list-open-orders.js';
import type { Outcome } from '../hooks/use-pet-changes.js';
import type { PetSelection } from '../hooks/use-pet-selection.js';
import {
  type BulkAction,
  describeDone,
  describeRefused,
  planBatch,
  type Refusal,
  undoItems,
} from '../utils/pets-batch.js';

const count = (n: number) => (n === 1 ? '1 pet' : `${n} pets`);

export function PetsBulkBar({
  role,
  selection,
  openOrders,
  report,
}: {
  role: 'partner' | 'staff';
  selection: PetSelection;
  openOrders: OpenOrders;
  report: (outcome: Outcome) => void;
}) {
  const batch = useBatchPets();
  const { blocked } = useRateLimit();
  const { inUse } = useCategories();
  const [categoryId, setCategoryId] = useState('');
  const [deleting, setDeleting] = useState(false);
  const marked = selection.pets();
  const busy = batch.isPending || blocked;

  const run = (action: BulkAction) => {
    const plan = planBatch(marked, action, role, openOrders.byPet);
    const finish = (done: Pet[], refused: Refusal[]) => {
      const all = [...plan.skipped, ...refused];
      selection.keepOnly(all.map(({ pet }) => pet));
      const text = [
        done.length > 0 ? describeDone(action, done.length) : 'No pet was changed.',
        all.length > 0 ? describeRefused(all.length) : '',
      ]
        .filter(Boolean)
        .join(' ');
      report({
        text,
        failed: done.length === 0,
        refused: all,
        ...(action.kind !== 'delete' && done.length > 0
          ? {
              undo: {
                label: `Undo: put ${done.length === 1 ? 'it' : `the ${done.length}`} back`,
                run: () => {
                  const items = undoItems(done, action);
                  batch.mutate(
                    { pets: done, items },
                    {
                      onSuccess: (undone) => {
                        report({
                          text: `Put ${count(undone.done.length)} back as ${undone.done.length === 1 ? 'it was' : 'they were'}.${undone.refused.length > 0 ? ` ${describeRefused(undone.refused.length)}` : ''}`,
                          failed: undone.done.length === 0,
                          refused: undone.refused,
                        });
                      },
                    },
                  );
                },
              },
            }
          : {}),
      });
    };
    if (plan.items.length === 0) {
      finish([], []);
      return;
    }
    batch.mutate(
      { pets: plan.pets, items: plan.items },
      {
        onSuccess: ({ done, refused }) => {
          finish(done, refused);
        },
      },
    );
  };

  // A move is offered when at least one pet marked may make it.
  const moves = PET_STATUSES.filter((status: PetStatus) =>
    marked.some(
      (pet) =>
        pet.status !== status &&
        isKnown(PET_STATUSES, pet.status) &&
        moveAllowed(pet.status, status, role) &&
        !openOrders.byPet.has(pet.id),
    ),
  );
  const chosenCategory = inUse.find((category) => String(category.id) === categoryId);

  return (
    // Without a pet marked it takes no room; its count stays, for screen readers, to be said.
    <div
      className={marked.length > 0 ? 'bulk-bar' : 'bulk-bar bulk-bar-empty'}
      role="group"
      aria-label="Selected pets"
    >
      <span className={marked.length > 0 ? 'bulk-count' : 'visually-hidden'} aria-live="polite">
        {marked.length === 0 ? 'No pets selected' : `${marked.length} selected`}
      </span>
      {marked.length > 0 ? (
        <>
          <button type="button" className="link" onClick={selection.clear}>
            Clear selection
          </button>
          {moves.map((status) => (
            <button
              key={status}
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => {
                run({ kind: 'status', status });
              }}
            >
              Mark {status}
            </button>
          ))}
          {role === 'staff' ? (
            <>
              <span className="bulk-category">
                <label htmlFor="bulk-category" className="visually-hidden">
                  Category to move the selected pets to
                </label>
                <select
                  id="bulk-category"
                  value={categoryId}
                  onChange={(event) => {
                    setCategoryId(event.target.value);
                  }}
                >
                  <option value="">Move to category…</option>
                  {inUse.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy || chosenCategory === undefined}
                  onClick={() => {
                    if (chosenCategory)
                      run({
                        kind: 'category',
                        categoryId: chosenCategory.id,
                        categoryName: chosenCategory.name,
                      });
                  }}
                >
                  Move
                </button>
              </span>
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => {
                  setDeleting(true);
                }}
              >
                Delete {marked.length}
              </button>
            </>
          ) : null}
          {batch.isPending ? <span className="hint">Working…</span> : null}
        </>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${count(marked.length)}?`}
          confirmLabel={`Delete ${count(marked.length)}`}
          cancelLabel="Keep them"
          danger
          onCancel={() => {
            setDeleting(false);
          }}
          onConfirm={() => {
            setDeleting(false);
            run({ kind: 'delete' });
          }}
        >
          <p>
            {marked
              .slice(0, 10)
              .map((pet) => `${pet.name} (id ${pet.id})`)
              .join(', ')}
            {marked.length > 10 ? ` and ${marked.length - 10} more` : ''} disappear from the
            catalogue. Their history is kept.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
