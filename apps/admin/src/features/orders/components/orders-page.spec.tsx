/**
 * Proves the Orders page: staff see every order with its pet and the account that placed it by
 * name (each linked to its page, with its id) and its status, sort them newest first, filter them
 * by status, by a pet and by a partner (each found by typing its name, shown as a chip), all in
 * the address, and approve, deliver or cancel one only after a dialog that says what it does, a
 * refusal said in the API's words and focus back on the row's button; a partner sees its own
 * orders with their pets' names, no account column, and may only cancel an open one.
 */
import type { ListedOrder, Order } from '@pets/client';
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
  pet,
  petsPage,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { dialogButton, findRow, labelledCells } from '../../../testing/queries.js';
import { OrdersPage } from './orders-page.js';

const ZOO = { id: 4, name: 'Zoo Shop' };
/** An order of Zoo Shop's, its pet and account named as `expand=pet,account` names them. */
const named = (id: number, petId: number, petName: string, overrides: Partial<ListedOrder> = {}) =>
  order(id, {
    petId,
    accountId: ZOO.id,
    pet: { id: petId, name: petName, status: 'pending' },
    account: ZOO,
    ...overrides,
  });
const PLACED = named(5, 12, 'Biscuit');
const APPROVED = named(6, 13, 'Pepper', { status: 'approved' });
const DELIVERED = named(7, 14, 'Olive', {
  status: 'delivered',
  pet: { id: 14, name: 'Olive', status: 'sold' },
});
const EXPAND_STAFF = ['pet', 'account'];

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
  it('lists every order with its pet and account by name, and the moves each allows', async () => {
    const { client } = render('staff');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeDefined();
    await screen.findByRole('table', { name: 'Every order' });
    expect(cells(await rowOf(5))).toEqual([
      'Pet: Biscuit #12',
      'Account: Zoo Shop #4',
      'Status: placed',
    ]);
    expect(buttonsOf(await rowOf(5))).toEqual(['Approve order 5', 'Cancel order 5']);
    expect(buttonsOf(await rowOf(6))).toEqual(['Deliver order 6', 'Cancel order 6']);
    expect(buttonsOf(await rowOf(7))).toEqual([]);
    const links = within(await rowOf(5)).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Biscuit', '/admin/pets/12'],
      ['Zoo Shop', '/admin/accounts/4'],
    ]);
    // One request for the page, names and all.
    expect(client.listOrders).toHaveBeenCalledTimes(1);
    expect(client.listOrders).toHaveBeenCalledWith(
      { limit: 20, expand: EXPAND_STAFF },
      expect.anything(),
    );
  });

  it('names a pet and an account by id when the list gives no name', async () => {
    render('staff', (fake) => {
      fake.listOrders.mockResolvedValue(ordersPage([order(5, { petId: 12, accountId: 4 })]));
    });
    expect(cells(await rowOf(5))).toEqual([
      'Pet: Pet 12 #12',
      'Account: Account 4 #4',
      'Status: placed',
    ]);
  });

  it('sorts by order newest first and back, in the address, with aria-sort', async () => {
    const { client, user } = render('staff');
    await rowOf(5);
    const header = screen.getByRole('columnheader', { name: /^Order/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText(/^Oldest first\./)).toBeDefined();
    await user.click(within(header).getByRole('button', { name: 'Order: show newest first' }));
    expect(window.location.search).toBe('?sort=-id');
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenLastCalledWith(
        { limit: 20, expand: EXPAND_STAFF, sort: '-id' },
        expect.anything(),
      );
    });
    const sorted = screen.getByRole('columnheader', { name: /^Order/ });
    expect(sorted.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByText(/^Newest first\./)).toBeDefined();
    await user.click(within(sorted).getByRole('button', { name: 'Order: show oldest first' }));
    expect(window.location.search).toBe('');
  });

  it('honours a pet and a partner in the address, named in chips', async () => {
    const { client } = render(
      'staff',
      (fake) => {
        fake.listOrders.mockResolvedValue(ordersPage([PLACED]));
        fake.admin.listAccounts.mockResolvedValue(
          result([account({ id: 4, name: 'Zoo Shop', role: 'partner' })]),
        );
      },
      '/admin/orders?petId=12&accountId=4',
    );
    await rowOf(5);
    expect(client.listOrders).toHaveBeenCalledWith(
      expect.objectContaining({ petId: 12, accountId: 4 }),
      expect.anything(),
    );
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('group', { name: 'Pet' }).textContent).toContain(
      'Biscuit #12',
    );
    expect((await within(filters).findByRole('group', { name: 'Partner' })).textContent).toContain(
      'Zoo Shop #4',
    );
  });

  it('finds a pet by typing part of its name, once, filters by it, and removes the chip', async () => {
    const { client, user } = render('staff', (fake) => {
      fake.listPets.mockResolvedValue(
        petsPage([pet(12, { name: 'Biscuit Jr.' }), pet(30, { name: 'Jrr', status: 'sold' })]),
      );
    });
    await rowOf(5);
    await user.type(screen.getByLabelText('Pet'), 'jr');
    const found = await screen.findByRole('list', { name: 'Pets found' });
    // Typing paused once: one search, for the whole word.
    expect(client.listPets).toHaveBeenCalledTimes(1);
    expect(client.listPets).toHaveBeenCalledWith(
      { q: 'jr', sort: 'name', limit: 8 },
      expect.anything(),
    );
    expect(screen.getByText('2 pets found: choose one.')).toBeDefined();
    await user.click(within(found).getByRole('button', { name: /^Biscuit Jr\. #12/ }));
    expect(window.location.search).toBe('?petId=12');
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenLastCalledWith(
        { limit: 20, expand: EXPAND_STAFF, petId: 12 },
        expect.anything(),
      );
    });
    const remove = screen.getByRole('button', { name: 'Stop filtering by pet Biscuit' });
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    expect(window.location.search).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Pet'));
  });

  it('says when no pet has the name typed', async () => {
    const { user } = render('staff');
    await rowOf(5);
    await user.type(screen.getByLabelText('Pet'), 'zzz');
    expect(await screen.findByText('No pet is named “zzz”.')).toBeDefined();
  });

  it('finds a partner by name in the accounts, and filters by it', async () => {
    const { client, user } = render('staff', (fake) => {
      fake.admin.listAccounts.mockResolvedValue(
        result([
          account({ id: 1, name: 'Shelter', role: 'staff' }),
          account({ id: 4, name: 'Zoo Shop', role: 'partner' }),
          account({ id: 9, name: 'Zoom Pets', role: 'partner' }),
        ]),
      );
    });
    await rowOf(5);
    await user.type(screen.getByLabelText('Partner'), 'zoo s');
    const found = await screen.findByRole('list', { name: 'Partners found' });
    expect(
      within(found)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Zoo Shop #4, partner']);
    await user.click(within(found).getByRole('button', { name: /^Zoo Shop/ }));
    expect(window.location.search).toBe('?accountId=4');
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenLastCalledWith(
        { limit: 20, expand: EXPAND_STAFF, accountId: 4 },
        expect.anything(),
      );
    });
    expect(screen.getByRole('group', { name: 'Partner' }).textContent).toContain('Zoo Shop #4');
  });

  it('filters by status, in the address', async () => {
    const { client, user } = render('staff');
    await rowOf(5);
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    expect(window.location.search).toBe('?status=approved');
    await waitFor(() => {
      expect(client.listOrders).toHaveBeenCalledWith(
        { limit: 20, expand: EXPAND_STAFF, status: 'approved' },
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
      { limit: 20, expand: EXPAND_STAFF, status: 'cancelled' },
      expect.anything(),
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('cancelled');
  });

  it('says when no order matches a pet, its chip by number until a name is known', async () => {
    render(
      'staff',
      (fake) => {
        fake.listOrders.mockResolvedValue(ordersPage([]));
      },
      '/admin/orders?petId=57',
    );
    expect(await screen.findByText('No order matches these filters.')).toBeDefined();
    expect(screen.getByRole('group', { name: 'Pet' }).textContent).toContain('Pet #57');
    expect(screen.getByRole('button', { name: 'Stop filtering by pet #57' })).toBeDefined();
  });

  it('approves an order after a dialog that says what happens to its pet, and reads the orders again', async () => {
    const { client, user } = render('staff', (fake) => {
      fake.approveOrder.mockResolvedValue(result<Order>({ ...PLACED, status: 'approved' }));
    });
    await user.click(within(await rowOf(5)).getByRole('button', { name: 'Approve order 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve order 5?' });
    expect(dialog.textContent).toContain(
      'Biscuit (#12) stays pending until the order is delivered or cancelled.',
    );
    expect(client.approveOrder).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Approve order 5' }));
    expect(client.approveOrder).toHaveBeenCalledWith(5);
    expect(
      await screen.findByText('Approved order 5: Biscuit (#12) stays pending until delivery.'),
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
    expect(cancelDialog.textContent).toContain('Pepper (#13) becomes available again');
    await user.click(within(cancelDialog).getByRole('button', { name: 'Keep order 6' }));
    expect(client.cancelOrder).not.toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Cancel order 6');

    await user.click(within(await rowOf(6)).getByRole('button', { name: 'Deliver order 6' }));
    const dialog = screen.getByRole('dialog', { name: 'Deliver order 6?' });
    expect(dialog.textContent).toContain(
      'Pepper (#13) becomes sold to Zoo Shop. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deliver order 6' }));
    expect(client.deliverOrder).toHaveBeenCalledWith(6);
    expect(await screen.findByText('Delivered order 6: Pepper (#13) is sold.')).toBeDefined();
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
  it("lists its account's orders with their pets' names, without an account column, and offers only Cancel on open ones", async () => {
    const { client, user } = render(
      'partner',
      (fake) => {
        fake.cancelOrder.mockResolvedValue(
          result<Order>({ ...order(5, { petId: 12, accountId: 4 }), status: 'cancelled' }),
        );
      },
      // An account in the address is staff's filter: a partner's list is its own.
      '/admin/orders?accountId=9',
    );
    await screen.findByRole('table', { name: "Your account's orders" });
    expect(cells(await rowOf(5))).toEqual(['Pet: Biscuit #12', 'Status: placed']);
    expect(within(await rowOf(5)).queryAllByRole('link')).toEqual([]);
    expect(client.listOrders).toHaveBeenCalledWith(
      { limit: 20, expand: ['pet'] },
      expect.anything(),
    );
    expect(screen.queryByLabelText('Partner')).toBeNull();
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
    expect(
      await screen.findByText('Cancelled order 5: Biscuit (#12) is available again.'),
    ).toBeDefined();
  });

  it('says when the account has placed no order', async () => {
    render('partner', (fake) => {
      fake.listOrders.mockResolvedValue(ordersPage([]));
    });
    expect(await screen.findByText('Your account has placed no order yet.')).toBeDefined();
  });
});
