/**
 * Proves the Orders page: staff see every order with its pet (linked to its history), the account
 * that placed it and its status, filter them by status in the address, and approve, deliver or
 * cancel one only after a dialog that says what it does, a refusal said in the API's words and
 * focus back on the row's button; a partner sees its own orders, no account column, and may only
 * cancel an open one.
 */
import type { Order } from '@pets/client';
import { PROBLEMS } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  type FakeClient,
  order,
  ordersPage,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { dialogButton, findRow, labelledCells } from '../../../testing/queries.js';
import { OrdersPage } from './orders-page.js';

const PLACED = order(5, { petId: 12, accountId: 4 });
const APPROVED = order(6, { petId: 13, accountId: 4, status: 'approved' });
const DELIVERED = order(7, { petId: 14, accountId: 4, status: 'delivered' });

function render(
  role: 'staff' | 'partner',
  prepare: (client: FakeClient) => void = () => undefined,
  url = '/admin/orders',
) {
  const client = createFakeClient();
  signInAs(client, account({ role, id: role === 'staff' ? 1 : 4 }));
  client.listOrders.mockResolvedValue(ordersPage([PLACED, APPROVED, DELIVERED]));
  prepare(client);
  return { client, ...renderWithApp(<OrdersPage />, client, { url }) };
}

/** The row of an order, by its header. */
const rowOf = (id: number) => findRow(`Order ${id}`);

/** A row's cells but its dates, which the tests do not fix. */
const cells = (row: HTMLElement) => labelledCells(row, ['Placed', 'Last change']);

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the Orders page, for staff', () => {
  it('lists every order with its pet, account and status, and the moves each allows', async () => {
    const { client } = render('staff');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeDefined();
    await screen.findByRole('table', { name: 'Every order' });
    expect(cells(await rowOf(5))).toEqual([
      'Pet: Pet 12: its history',
      'Account: Account 4',
      'Status: placed',
    ]);
    expect(buttonsOf(await rowOf(5))).toEqual(['Approve order 5', 'Cancel order 5']);
    expect(buttonsOf(await rowOf(6))).toEqual(['Deliver order 6', 'Cancel order 6']);
    expect(buttonsOf(await rowOf(7))).toEqual([]);
    expect(
      within(await rowOf(5))
        .getByRole('link', { name: /^Pet 12/ })
        .getAttribute('href'),
    ).toBe('/admin/activity?targetType=pet&targetId=12');
    expect(client.listOrders).toHaveBeenCalledWith({ limit: 20 }, expect.anything());
  });

  it('filters by status, in the address', async () => {
    const { client, user } = render('staff');
    await rowOf(5);
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    expect(window.location.search).toBe('?status=approved');
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenCalledWith(
        { limit: 20, status: 'approved' },
        expect.anything(),
      );
    });
  });

  it('says when no order has the status filtered by, or none at all', async () => {
    const { client } = render(
      'staff',
      (fake) => {
        fake.listOrders.mockResolvedValue(ordersPage([]));
      },
      '/admin/orders?status=cancelled',
    );
    expect(await screen.findByText('No order is cancelled.')).toBeDefined();
    expect(client.listOrders).toHaveBeenCalledWith(
      { limit: 20, status: 'cancelled' },
      expect.anything(),
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('cancelled');
  });

  it('approves an order after a dialog that says what happens to its pet, and reads the orders again', async () => {
    const { client, user } = render('staff', (fake) => {
      fake.approveOrder.mockResolvedValue(result<Order>({ ...PLACED, status: 'approved' }));
    });
    await user.click(within(await rowOf(5)).getByRole('button', { name: 'Approve order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve order 5?' });
    expect(dialog.textContent).toContain(
      'Pet 12 stays pending until the order is delivered or cancelled.',
    );
    expect(client.approveOrder).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Approve order 5' }));
    expect(client.approveOrder).toHaveBeenCalledWith(5);
    expect(
      await screen.findByText('Approved order 5: pet 12 stays pending until delivery.'),
    ).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenCalledTimes(2);
    });
  });

  it('delivers and cancels after their dialogs; Not now and Keep change nothing', async () => {
    const { client, user } = render('staff', (fake) => {
      fake.deliverOrder.mockResolvedValue(result<Order>({ ...APPROVED, status: 'delivered' }));
    });
    await user.click(within(await rowOf(6)).getByRole('button', { name: 'Cancel order 6' }));
    const cancelDialog = screen.getByRole('dialog', { name: 'Cancel order 6?' });
    expect(cancelDialog.textContent).toContain('Pet 13 becomes available again');
    await user.click(within(cancelDialog).getByRole('button', { name: 'Keep order 6' }));
    expect(client.cancelOrder).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Cancel order 6');

    await user.click(within(await rowOf(6)).getByRole('button', { name: 'Deliver order 6' }));
    const dialog = screen.getByRole('dialog', { name: 'Deliver order 6?' });
    expect(dialog.textContent).toContain(
      'Pet 13 becomes sold to account 4. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deliver order 6' }));
    expect(client.deliverOrder).toHaveBeenCalledWith(6);
    expect(await screen.findByText('Delivered order 6: pet 13 is sold.')).toBeDefined();
  });

  it("says a refused move in the API's words and gives focus back to the row's button", async () => {
    const { user } = render('staff', (fake) => {
      fake.approveOrder.mockRejectedValue(
        apiError({ ...PROBLEMS.orderMoveRefused('cancelled', 'approve'), status: 409 }),
      );
    });
    await user.click(within(await rowOf(5)).getByRole('button', { name: 'Approve order 5' }));
    await user.click(dialogButton('Approve order 5'));
    expect(
      await screen.findByText(
        `Order 5 was not changed. ${PROBLEMS.orderMoveRefused('cancelled', 'approve').message}`,
      ),
    ).toBeDefined();
    expect(document.activeElement?.textContent).toBe('Approve order 5');
  });
});

describe('the Orders page, for a partner', () => {
  it("lists its account's orders without an account column, and offers only Cancel on open ones", async () => {
    const { client, user } = render('partner', (fake) => {
      fake.cancelOrder.mockResolvedValue(result<Order>({ ...PLACED, status: 'cancelled' }));
    });
    await screen.findByRole('table', { name: "Your account's orders" });
    expect(cells(await rowOf(5))).toEqual(['Pet: Pet 12', 'Status: placed']);
    expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
    expect(buttonsOf(await rowOf(5))).toEqual(['Cancel order 5']);
    expect(buttonsOf(await rowOf(6))).toEqual(['Cancel order 6']);
    expect(buttonsOf(await rowOf(7))).toEqual([]);

    await user.click(within(await rowOf(5)).getByRole('button', { name: 'Cancel order 5' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order 5?' })).getByRole('button', {
        name: 'Cancel order 5',
      }),
    );
    expect(client.cancelOrder).toHaveBeenCalledWith(5);
    expect(await screen.findByText('Cancelled order 5: pet 12 is available again.')).toBeDefined();
  });

  it('says when the account has placed no order', async () => {
    render('partner', (fake) => {
      fake.listOrders.mockResolvedValue(ordersPage([]));
    });
    expect(await screen.findByText('Your account has placed no order yet.')).toBeDefined();
  });
});
