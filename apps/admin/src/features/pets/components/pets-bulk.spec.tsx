/**
 * Proves many pets at once on the pets page: pets marked with a row's checkbox, a Shift-click run
 * and the page's checkbox, kept across pages and counted; a bulk move, category move or delete sent
 * as one batch; what was done and what was refused and why, the refused left marked; Undo for a
 * move instead of a confirmation, a confirmation naming how many for a delete; and only the moves
 * the pets marked may make.
 */
import type { PetBatchItemInput } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  applyBatch,
  categoriesPage,
  category,
  createFakeClient,
  order,
  ordersPage,
  pet,
  petsPage,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { PetsPage } from './pets-page.js';

const OPEN_ORDER = {
  status: 409,
  error: {
    status: 409,
    code: 'invalid_transition' as const,
    message: 'The pet has an open order: cancel or deliver the order before changing its status.',
  },
};

const sentItems = (client: ReturnType<typeof createFakeClient>, call = 0) =>
  client.batchPets.mock.calls[call]?.[0] as PetBatchItemInput[] | undefined;
const bar = () => screen.getByRole('group', { name: 'Selected pets' });
const select = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

/** Staff, with two pages: pets 1 to 4, then 5 and 6. */
function twoPages() {
  const client = createFakeClient();
  signInAs(client, account({ role: 'staff' }));
  const all = [1, 2, 3, 4, 5, 6].map((id) => pet(id));
  client.listPets.mockImplementation(({ cursor } = {}) =>
    Promise.resolve(cursor === 'c2' ? petsPage(all.slice(4)) : petsPage(all.slice(0, 4), 'c2')),
  );
  client.batchPets.mockImplementation(applyBatch(all));
  return { client, all };
}

describe('marking pets', () => {
  it('marks a Shift-click run and a whole page, across pages, then marks them sold in one batch with Undo', async () => {
    const { client } = twoPages();
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Pet 1' });
    expect(within(bar()).getByText('No pets selected')).toBeDefined();

    await user.click(select('Pet 1'));
    await user.keyboard('{Shift>}');
    await user.click(select('Pet 3'));
    await user.keyboard('{/Shift}');
    expect(within(bar()).getByText('3 selected')).toBeDefined();
    expect(select('Pet 2')).toHaveProperty('checked', true);
    expect(select('Pet 4')).toHaveProperty('checked', false);
    const [page] = screen.getAllByRole('checkbox', { name: /^Select all/ });
    expect(page).toHaveProperty('indeterminate', true);

    const [next] = screen.getAllByRole('button', { name: 'Next' });
    await user.click(next!);
    await screen.findByRole('cell', { name: 'Pet 5' });
    await user.click(screen.getAllByRole('checkbox', { name: /^Select all/ })[0]!);
    expect(within(bar()).getByText('5 selected')).toBeDefined();

    await user.click(within(bar()).getByRole('button', { name: 'Mark sold' }));
    expect(client.batchPets).toHaveBeenCalledTimes(1);
    expect(sentItems(client)).toEqual(
      [1, 2, 3, 5, 6].map((petId) => ({ petId, patch: { status: 'sold' } })),
    );
    const said = await screen.findByText(/^Marked 5 pets sold\./);
    expect(said.getAttribute('role')).toBe('status');
    expect(within(bar()).getByText('No pets selected')).toBeDefined();

    // Undo, instead of a confirmation: each pet back where it was.
    await user.click(within(said).getByRole('button', { name: 'Undo: put the 5 back' }));
    expect(sentItems(client, 1)).toEqual(
      [1, 2, 3, 5, 6].map((petId) => ({ petId, patch: { status: 'available' } })),
    );
    expect(await screen.findByText('Put 5 pets back as they were.')).toBeDefined();
  });

  it('says what was refused and why, and leaves those pets marked', async () => {
    const { client, all } = twoPages();
    client.batchPets.mockImplementation(applyBatch(all, { 2: OPEN_ORDER }));
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Pet 1' });
    await user.click(select('Pet 1'));
    await user.click(select('Pet 2'));
    await user.click(within(bar()).getByRole('button', { name: 'Mark pending' }));
    const said = await screen.findByText(/^Marked 1 pet pending\. 1 pet not changed:/);
    expect(said.textContent).toContain(
      'Pet 2 (id 2): The pet has an open order: cancel or deliver the order before changing its status.',
    );
    expect(within(bar()).getByText('1 selected')).toBeDefined();
    expect(select('Pet 2')).toHaveProperty('checked', true);
    expect(within(said).getByRole('button', { name: 'Undo: put it back' })).toBeDefined();
  });

  it('offers only the moves the pets marked may make, and leaves out a pet its open order holds', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'partner' }));
    const mine = [pet(1, { status: 'sold' }), pet(2, { status: 'pending' })];
    client.listPets.mockResolvedValue(petsPage(mine));
    client.listOrders.mockImplementation(({ status } = {}) =>
      Promise.resolve(ordersPage(status === 'placed' ? [order(9, { petId: 2 })] : [])),
    );
    client.batchPets.mockImplementation(applyBatch(mine));
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?owner=me' });
    await screen.findByRole('cell', { name: 'Pet 1' });
    await user.click(select('Pet 1'));
    // A partner cannot put a sold pet back on offer.
    expect(within(bar()).queryByRole('button', { name: /^Mark/ })).toBeNull();
    expect(within(bar()).queryByRole('button', { name: /^Delete/ })).toBeNull();
    await user.click(select('Pet 1'));
    await waitFor(() => {
      expect(screen.getByRole('link', { name: /^held by order 9/ })).toBeDefined();
    });
    await user.click(select('Pet 2'));
    // Pet 2 is held by its order: no move is offered for it either.
    expect(within(bar()).queryByRole('button', { name: /^Mark/ })).toBeNull();
  });

  it('skips before sending what would be refused, and says why', async () => {
    const { client } = twoPages();
    client.listPets.mockResolvedValue(
      petsPage([pet(1), pet(2, { status: 'sold' }), pet(3, { status: 'pending' })]),
    );
    client.listOrders.mockImplementation(({ status } = {}) =>
      Promise.resolve(ordersPage(status === 'placed' ? [order(9, { petId: 3 })] : [])),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('link', { name: /^held by order 9/ });
    await user.click(screen.getAllByRole('checkbox', { name: /^Select all/ })[0]!);
    await user.click(within(bar()).getByRole('button', { name: 'Mark sold' }));
    expect(sentItems(client)).toEqual([{ petId: 1, patch: { status: 'sold' } }]);
    const said = await screen.findByText(/^Marked 1 pet sold\. 2 pets not changed:/);
    expect(said.textContent).toContain('Pet 2 (id 2): already sold.');
    expect(said.textContent).toContain('Pet 3 (id 3): its open order 9 holds it.');
  });

  it("moves the pets marked to a category in use, with Undo back to each one's own", async () => {
    const { client, all } = twoPages();
    all[1] = pet(2, { categoryId: 2 });
    client.listCategories.mockResolvedValue(
      categoriesPage([
        category(1, 'Dogs'),
        category(2, 'Cats'),
        category(3, 'Old', { archived: true }),
      ]),
    );
    client.listPets.mockResolvedValue(petsPage(all.slice(0, 3)));
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Pet 1' });
    await user.click(select('Pet 1'));
    await user.click(select('Pet 2'));
    const choice = within(bar()).getByLabelText<HTMLSelectElement>(
      'Category to move the selected pets to',
    );
    await waitFor(() => {
      expect([...choice.options].map((option) => option.text)).toEqual([
        'Move to category…',
        'Dogs',
        'Cats',
      ]);
    });
    await user.selectOptions(choice, 'Cats');
    await user.click(within(bar()).getByRole('button', { name: 'Move' }));
    expect(sentItems(client)).toEqual([{ petId: 1, patch: { categoryId: 2 } }]);
    const said = await screen.findByText(/^Moved 1 pet to Cats\. 1 pet not changed:/);
    expect(said.textContent).toContain('Pet 2 (id 2): already in Cats.');
    await user.click(within(said).getByRole('button', { name: 'Undo: put it back' }));
    expect(sentItems(client, 1)).toEqual([{ petId: 1, patch: { categoryId: 1 } }]);
  });

  it('deletes the pets marked only after a confirmation saying how many', async () => {
    const { client } = twoPages();
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Pet 1' });
    await user.click(select('Pet 1'));
    await user.click(select('Pet 4'));
    await user.click(within(bar()).getByRole('button', { name: 'Delete 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 pets?' });
    expect(dialog.textContent).toContain(
      'Pet 1 (id 1), Pet 4 (id 4) disappear from the catalogue.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(client.batchPets).not.toHaveBeenCalled();

    await user.click(within(bar()).getByRole('button', { name: 'Delete 2' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete 2 pets' }),
    );
    expect(sentItems(client)).toEqual([
      { petId: 1, delete: true },
      { petId: 4, delete: true },
    ]);
    const said = await screen.findByText('Deleted 2 pets.');
    expect(within(said).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('clears the selection', async () => {
    const { client } = twoPages();
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Pet 1' });
    await user.click(select('Pet 1'));
    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(within(bar()).getByText('No pets selected')).toBeDefined();
    expect(select('Pet 1')).toHaveProperty('checked', false);
  });
});
