/**
 * Proves staff's home page: the inventory linking to the pets of each status, the orders waiting
 * for approval by name with Approve and Cancel after a dialog, adoptions this week and month with
 * the month's leader named, the pets waiting longest linked to their pages; each section failing
 * on its own with Retry; a partner's people sent to the pets.
 */
import type { ListedOrder } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  account,
  adoptionsReport,
  adoptionsRow,
  apiError,
  createFakeClient,
  type FakeClient,
  inventory,
  listPage,
  order,
  ordersPage,
  pet,
  petsPage,
  result,
  signInAs,
} from '../../testing/fake-client.js';
import { renderApp, renderWithApp } from '../../testing/render.js';
import { dialogButton, getRow } from '../../testing/queries.js';
import { HomeRoute } from './home.js';

const MONTH = [adoptionsRow(4, 'Zoo Shop', 3, 1), adoptionsRow(2, 'Partner Co', 7)];
const WEEK = [adoptionsRow(2, 'Partner Co', 2)];

/** Staff on the home page; the fake API answers every section unless `prepare` says otherwise. */
function asStaff(prepare: (client: FakeClient) => void = () => undefined) {
  vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
  const client = createFakeClient();
  signInAs(client, account({ role: 'staff', name: 'Staff' }));
  client.getInventory.mockResolvedValue(result(inventory({ available: 12, pending: 2, sold: 30 })));
  client.getAdoptionsReport.mockImplementation(({ from }) =>
    Promise.resolve(adoptionsReport(from === '2026-11-01' ? MONTH : WEEK)),
  );
  client.listPets.mockResolvedValue(
    petsPage([pet(3, { name: 'Biscuit Jr.' }), pet(8, { name: 'Polly' })]),
  );
  client.listOrders.mockResolvedValue(
    listPage<ListedOrder>(
      [
        {
          ...order(5, { petId: 22, accountId: 2 }),
          pet: { id: 22, name: 'Rex', status: 'pending' },
          account: { id: 2, name: 'Partner Co' },
        },
      ],
      '/v1/store/orders?limit=10',
    ),
  );
  prepare(client);
  return { client, ...renderWithApp(<HomeRoute />, client, { url: '/admin/' }) };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('the home page', () => {
  it('shows the inventory, each count a link to those pets', async () => {
    const { client } = asStaff();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeDefined();
    const link = await section('Inventory').findByRole('link', { name: '12 available' });
    expect(link.getAttribute('href')).toBe('/admin/pets?status=available');
    expect(section('Inventory').getByRole('link', { name: '30 sold' }).getAttribute('href')).toBe(
      '/admin/pets?status=sold',
    );
    expect(client.getInventory).toHaveBeenCalledTimes(1);
  });

  it('names who adopted most this month in one line, and lists both periods most first', async () => {
    const { client } = asStaff();
    const adoptions = section('Adoptions');
    const lead = await adoptions.findByText(/^Most this month:/);
    expect(lead.textContent).toBe('Most this month: Partner Co, 7');
    expect(within(lead).getByRole('link', { name: 'Partner Co' }).getAttribute('href')).toBe(
      '/admin/accounts/2',
    );
    const month = adoptions.getByRole('table', { name: 'This month' });
    expect(
      within(month)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Partner Co', 'Zoo Shop']);
    expect(
      within(getRow('Zoo Shop'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1']);
    expect(adoptions.getByRole('table', { name: 'This week' }).textContent).toContain('Partner Co');
    expect(client.getAdoptionsReport).toHaveBeenCalledWith(
      { from: '2026-11-01', to: '2026-12-01', by: 'account' },
      expect.anything(),
    );
    expect(client.getAdoptionsReport).toHaveBeenCalledWith(
      { from: '2026-11-23', to: '2026-11-30', by: 'account' },
      expect.anything(),
    );
  });

  it('names every partner tied at the top, and says when nobody adopted yet', async () => {
    asStaff((client) => {
      client.getAdoptionsReport.mockImplementation(({ from }) =>
        Promise.resolve(
          adoptionsReport(
            from === '2026-11-01'
              ? [adoptionsRow(2, 'Partner Co', 3), adoptionsRow(4, 'Zoo Shop', 3)]
              : [],
          ),
        ),
      );
    });
    expect((await screen.findByText(/^Most this month:/)).textContent).toBe(
      'Most this month: Partner Co and Zoo Shop, 3 each',
    );
    expect(section('Adoptions').getByRole('table', { name: 'This week' }).textContent).toContain(
      'None yet.',
    );
  });

  it('says so when nobody adopted this month', async () => {
    asStaff((client) => {
      client.getAdoptionsReport.mockResolvedValue(
        adoptionsReport([adoptionsRow(4, 'Zoo Shop', 0, 2)]),
      );
    });
    expect(await screen.findByText('No adoptions yet this month.')).toBeDefined();
  });

  it('lists the pets waiting longest, each linked to its page with its id', async () => {
    const { client } = asStaff();
    const waiting = section('Waiting longest');
    const link = await waiting.findByRole('link', { name: 'Biscuit Jr.' });
    expect(link.getAttribute('href')).toBe('/admin/pets/3');
    expect(link.closest('li')?.textContent).toContain('(id 3)');
    expect(
      waiting.getAllByRole('listitem').map((item) => item.querySelector('a')?.textContent),
    ).toEqual(['Biscuit Jr.', 'Polly']);
    expect(client.listPets).toHaveBeenCalledWith(
      { status: 'available', sort: 'id', limit: 5 },
      expect.anything(),
    );
  });

  it('approves an order waiting, by name, after asking, and says so', async () => {
    const { client, user } = asStaff();
    client.approveOrder.mockResolvedValue(
      result(order(5, { petId: 22, accountId: 2, status: 'approved' })),
    );
    const orders = section('Waiting for approval');
    const row = (await orders.findByRole('rowheader', { name: 'Order 5' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'Rex' }).getAttribute('href')).toBe(
      '/admin/pets/22',
    );
    expect(within(row).getByRole('link', { name: 'Partner Co' }).getAttribute('href')).toBe(
      '/admin/accounts/2',
    );
    expect(client.listOrders).toHaveBeenCalledWith(
      { status: 'placed', expand: ['pet', 'account'], limit: 10 },
      expect.anything(),
    );

    await user.click(within(row).getByRole('button', { name: 'Cancel order 5 for Rex' }));
    await user.click(dialogButton('Keep order 5'));
    expect(client.cancelOrder).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(
      within(row).getByRole('button', { name: 'Cancel order 5 for Rex' }),
    );

    client.listOrders.mockResolvedValue(ordersPage([]));
    await user.click(within(row).getByRole('button', { name: 'Approve order 5 for Rex' }));
    expect(screen.getByRole('dialog', { name: 'Approve order 5?' })).toBeDefined();
    await user.click(dialogButton('Approve order 5'));
    expect(client.approveOrder).toHaveBeenCalledWith(5);
    // The answer is the order alone: the pet is named as the row named it.
    const said = await screen.findByText(
      'Approved order 5: Rex (#22) stays pending until delivery.',
    );
    await waitFor(() => {
      expect(document.activeElement).toBe(said);
    });
    expect(await orders.findByText('No order is waiting for approval.')).toBeDefined();
  });

  it('shows a section that failed with Retry, and the others all the same', async () => {
    const { client, user } = asStaff((fake) => {
      fake.getAdoptionsReport.mockRejectedValue(apiError({ message: 'Internal error.' }));
    });
    const adoptions = section('Adoptions');
    expect(await adoptions.findByText(/^Internal error\./)).toBeDefined();
    expect(await section('Inventory').findByRole('link', { name: '12 available' })).toBeDefined();
    expect(await section('Waiting longest').findByRole('link', { name: 'Polly' })).toBeDefined();
    expect(await section('Waiting for approval').findByRole('link', { name: 'Rex' })).toBeDefined();

    client.getAdoptionsReport.mockImplementation(({ from }) =>
      Promise.resolve(adoptionsReport(from === '2026-11-01' ? MONTH : WEEK)),
    );
    await user.click(adoptions.getByRole('button', { name: 'Retry' }));
    expect((await adoptions.findByText(/^Most this month:/)).textContent).toBe(
      'Most this month: Partner Co, 7',
    );
  });
});

describe('home', () => {
  it('is where staff start, first in the menu', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff', name: 'Staff' }));
    client.getAdoptionsReport.mockResolvedValue(adoptionsReport([]));
    renderApp(client, { url: '/admin/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeDefined();
    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links[0]?.textContent).toBe('Home');
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('aria-current')).toBeNull();
  });

  it("sends a partner's people to the pets", async () => {
    const client = createFakeClient();
    renderApp(client, { url: '/admin/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pets' })).toBeDefined();
    expect(window.location.pathname).toBe('/admin/pets');
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    expect(client.getAdoptionsReport).not.toHaveBeenCalled();
  });
});
