/**
 * Proves the store on the pets page: a partner adopts an available pet with Adopt, after a
 * confirmation naming it (one Idempotency-Key per pet until the API answers, a new one after), is
 * told the order with a link
 * to the orders, or why the API refused it (a 409 in its words); staff see no Adopt, and the
 * inventory's three counts above the pets, read again after a pet changes.
 */
import type { PlacedOrder } from '@pets/client';
import { PetstoreApiError } from '@pets/client';
import { PROBLEMS } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  inventory,
  order,
  pet,
  petsPage,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { findRow } from '../../../testing/queries.js';
import { PetsPage } from './pets-page.js';

const REX = pet(12, { name: 'Rex' });
const SOLD = pet(13, { name: 'Sold Sid', status: 'sold' });

const placed = (idempotencyKey: string): PlacedOrder => ({
  ...result(order(5, { petId: 12 })),
  status: 201,
  idempotencyKey,
  location: 'http://localhost:3000/v1/store/orders/5',
});

/** The row of a pet, by the cell of its name. */
const rowOf = (name: string) => findRow(name, 'cell');

/** Adopt in the pet's row, then Adopt in the confirmation that names it. */
async function adopt(user: ReturnType<typeof renderWithApp>['user'], name: string) {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `Adopt ${name}` }));
  const dialog = screen.getByRole('dialog', {
    name: new RegExp(`^Adopt ${name} \\(id \\d+\\)\\?$`),
  });
  await user.click(within(dialog).getByRole('button', { name: `Adopt ${name}` }));
}

describe('adopting from the pets list', () => {
  it('offers a partner Adopt on available pets only, and says the order placed with a link to the orders', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([REX, SOLD]));
    client.placeOrder.mockImplementation((_order, options) =>
      Promise.resolve(placed(options?.idempotencyKey ?? '')),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    expect(within(await rowOf('Sold Sid')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Inventory' })).toBeNull();
    await adopt(user, 'Rex');
    const [sent, options] = client.placeOrder.mock.calls[0] ?? [];
    expect(sent).toEqual({ petId: 12 });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(
      await screen.findByText(
        /^Ordered Rex \(id 12\): order 5 is placed, and Rex is pending until staff deliver it\./,
      ),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe(
      '/admin/orders',
    );
    await waitFor(() => {
      expect(client.listPets).toHaveBeenCalledTimes(2);
    });
  });

  it("says a 409 in the API's words, and the next Adopt of that pet sends a new key", async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([REX]));
    const refusal = apiError({ ...PROBLEMS.petAlreadyOrdered, status: 409 });
    client.placeOrder.mockRejectedValue(refusal);
    const { user } = renderWithApp(<PetsPage />, client);
    await adopt(user, 'Rex');
    expect(
      await screen.findByText(`Rex was not ordered. ${PROBLEMS.petAlreadyOrdered.message}`),
    ).toBeDefined();
    await adopt(user, 'Rex');
    await waitFor(() => {
      expect(client.placeOrder).toHaveBeenCalledTimes(2);
    });
    const [first, second] = client.placeOrder.mock.calls.map(
      ([, options]) => options?.idempotencyKey,
    );
    expect(second).not.toBe(first);
  });

  it('keeps the key after a failure on the way, so Adopt again cannot place a second order', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([REX]));
    client.placeOrder
      .mockRejectedValueOnce(
        new PetstoreApiError({ kind: 'network', code: 'network_error', message: 'socket hang up' }),
      )
      .mockImplementation((_order, options) =>
        Promise.resolve(placed(options?.idempotencyKey ?? '')),
      );
    const { user } = renderWithApp(<PetsPage />, client);
    await adopt(user, 'Rex');
    expect(await screen.findByText(/^Rex was not ordered\. Could not reach the API/)).toBeDefined();
    await adopt(user, 'Rex');
    await screen.findByText(/^Ordered Rex/);
    const [first, second] = client.placeOrder.mock.calls.map(
      ([, options]) => options?.idempotencyKey,
    );
    expect(second).toBe(first);
  });
});

describe('asking before an order', () => {
  it('asks before adopting, naming the pet, and places no order until confirmed', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([REX]));
    client.placeOrder.mockImplementation((_order, options) =>
      Promise.resolve(placed(options?.idempotencyKey ?? '')),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    await user.click(within(await rowOf('Rex')).getByRole('button', { name: 'Adopt Rex' }));
    const dialog = screen.getByRole('dialog', { name: 'Adopt Rex (id 12)?' });
    expect(client.placeOrder).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(client.placeOrder).not.toHaveBeenCalled();

    await adopt(user, 'Rex');
    expect(client.placeOrder).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/^Ordered Rex/)).toBeDefined();
  });
});

describe('the inventory, for staff', () => {
  it('shows how many pets are available, pending and sold above the pets, and no Adopt', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([REX]));
    client.getInventory.mockResolvedValue(
      result(inventory({ available: 7, pending: 2, sold: 40 })),
    );
    renderWithApp(<PetsPage />, client);
    const counts = await screen.findByRole('region', { name: 'Inventory' });
    await waitFor(() => {
      expect(
        [...counts.querySelectorAll('.inventory-count')].map((count) => count.textContent),
      ).toEqual(['Available7', 'Pending2', 'Sold40']);
    });
    expect(within(await rowOf('Rex')).queryByRole('button', { name: /Adopt/ })).toBeNull();
  });
});
