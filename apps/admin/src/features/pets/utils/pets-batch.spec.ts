/**
 * Proves the planning of a bulk action: the items sent, the pets left out and why, batches of at
 * most a hundred, the items that undo a move, and the results read back in the items' order.
 */
import type { Pet } from '@pets/client';
import { describe, expect, it } from 'vitest';
import { inBatches, planBatch, splitResults, undoItems } from './pets-batch.js';

const pet = (id: number, overrides: Partial<Pet> = {}): Pet => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  status: 'available',
  ...overrides,
});

describe('planBatch', () => {
  it('sends a move only for the pets that may make it', () => {
    const plan = planBatch(
      [pet(1), pet(2, { status: 'sold' }), pet(3, { status: 'pending' }), pet(4)],
      { kind: 'status', status: 'available' },
      'partner',
      new Map([[4, 40]]),
    );
    expect(plan.items).toEqual([{ petId: 3, patch: { status: 'available' } }]);
    expect(plan.skipped.map(({ pet: { id }, reason }) => [id, reason])).toEqual([
      [1, 'already available'],
      [2, 'a sold pet cannot be moved to available'],
      [4, 'its open order 40 holds it'],
    ]);
    expect(
      planBatch(
        [pet(2, { status: 'sold' })],
        { kind: 'status', status: 'available' },
        'staff',
        new Map(),
      ).items,
    ).toEqual([{ petId: 2, patch: { status: 'available' } }]);
  });

  it('moves a pet with an open order to another category, and deletes only pets without one', () => {
    const held = new Map([[2, 9]]);
    expect(
      planBatch(
        [pet(1), pet(2)],
        { kind: 'category', categoryId: 3, categoryName: 'Birds' },
        'staff',
        held,
      ).items,
    ).toEqual([
      { petId: 1, patch: { categoryId: 3 } },
      { petId: 2, patch: { categoryId: 3 } },
    ]);
    const removal = planBatch([pet(1), pet(2)], { kind: 'delete' }, 'staff', held);
    expect(removal.items).toEqual([{ petId: 1, delete: true }]);
    expect(removal.pets.map(({ id }) => id)).toEqual([1]);
  });
});

describe('inBatches', () => {
  it('splits beyond a hundred items, keeping their order', () => {
    const items = Array.from({ length: 201 }, (_, index) => index);
    expect(inBatches(items).map((batch) => batch.length)).toEqual([100, 100, 1]);
    expect(inBatches(items).flat()).toEqual(items);
    expect(inBatches([])).toEqual([]);
  });
});

describe('undoItems and splitResults', () => {
  it('puts each pet back as it was, and reads each result against its pet', () => {
    const before = [pet(1, { status: 'pending' }), pet(2, { categoryId: 4 })];
    expect(undoItems(before, { kind: 'status', status: 'sold' })).toEqual([
      { petId: 1, patch: { status: 'pending' } },
      { petId: 2, patch: { status: 'available' } },
    ]);
    expect(undoItems(before, { kind: 'category', categoryId: 1, categoryName: 'Dogs' })).toEqual([
      { petId: 1, patch: { categoryId: 1 } },
      { petId: 2, patch: { categoryId: 4 } },
    ]);
    const split = splitResults(
      [pet(1), pet(2), pet(3)],
      [
        { status: 200, pet: pet(1) },
        { status: 404, error: { status: 404, code: 'not_found', message: 'No pet 2.' } },
      ],
      'not sent: the rate limit',
    );
    expect(split.done.map(({ id }) => id)).toEqual([1]);
    expect(split.refused.map(({ pet: { id }, reason }) => [id, reason])).toEqual([
      [2, 'No pet 2.'],
      [3, 'not sent: the rate limit'],
    ]);
  });
});
