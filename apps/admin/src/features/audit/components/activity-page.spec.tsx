/**
 * Proves the Activity page: staff see every change newest first, in words, who did what by name
 * (a pet and an account linked to their pages) in one request per page, filtered by kind, by a pet
 * and by a partner (each found by typing its name) and paged through the address, categories by
 * name; Retry when the API could not be reached; partners are told it is for staff.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  auditEvent,
  auditPage,
  categoriesPage,
  category,
  createFakeClient,
  pet,
  petsPage,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { ActivityPage } from './activity-page.js';

/** Staff signed in. */
function asStaff() {
  const client = createFakeClient();
  signInAs(client, account({ role: 'staff' }));
  return client;
}
/** Each row's what, changes and who (not when, which the tests do not fix). */
const rows = () =>
  [...document.querySelectorAll('tbody tr')].map((row) => {
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent;
    return [row.querySelector('th')?.textContent, cell('Changes'), cell('Who')];
  });
const EXPAND = ['actor', 'target'];

describe('the Activity page', () => {
  it('shows staff every change, newest first, in words', async () => {
    const client = asStaff();
    client.admin.listAudit.mockResolvedValue(
      auditPage([
        auditEvent(3, {
          action: 'account.plan_changed',
          actor: 'cli',
          target: { type: 'account', id: 4 },
          changes: { plan: ['free', 'pro'] },
        }),
        auditEvent(2, { action: 'key.revoked', target: { type: 'key', id: 9 }, changes: {} }),
        auditEvent(1),
      ]),
    );
    renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });

    await screen.findByText('3 events, newest first.');
    expect(client.admin.listAudit).toHaveBeenCalledWith(
      { limit: 50, expand: EXPAND },
      expect.anything(),
    );
    expect(rows()).toEqual([
      ['Account 4 plan changed', 'plan: free → pro', 'the command-line tool'],
      ['Key 9 revoked', '', 'key 2 (account 1)'],
      ['Pet 7 updated', 'status: available → sold', 'key 2 (account 1)'],
    ]);
  });

  it('says who did what by name, each pet and account linked to its page', async () => {
    const client = asStaff();
    client.admin.listAudit.mockResolvedValue(
      auditPage([
        auditEvent(2, {
          actor: { accountId: 4, keyId: 9, accountName: 'Partner Co', name: 'ci' },
          target: { type: 'pet', id: 14, name: 'Biscuit' },
        }),
        auditEvent(1, {
          action: 'account.plan_changed',
          actor: { accountId: 1, personId: 2, accountName: 'Shelter', name: 'Ann' },
          target: { type: 'account', id: 4, name: 'Partner Co' },
          changes: { plan: ['free', 'pro'] },
        }),
      ]),
    );
    renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });

    await screen.findByText('2 events, newest first.');
    expect(client.admin.listAudit).toHaveBeenCalledTimes(1);
    expect(rows()).toEqual([
      ['Biscuit #14 updated', 'status: available → sold', 'key “ci” (Partner Co)'],
      ['Account “Partner Co” plan changed', 'plan: free → pro', 'Ann (Shelter)'],
    ]);
    const links = within(screen.getByRole('table')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Biscuit', '/admin/pets/14'],
      ['Partner Co', '/admin/accounts/4'],
      ['Account “Partner Co”', '/admin/accounts/4'],
      ['Shelter', '/admin/accounts/1'],
    ]);
  });

  it('finds a pet by typing part of its name and shows only its events, in the address', async () => {
    const client = asStaff();
    client.listPets.mockResolvedValue(petsPage([pet(14, { name: 'Biscuit Jr.' })]));
    client.admin.listAudit.mockResolvedValue(
      auditPage([auditEvent(1, { target: { type: 'pet', id: 14, name: 'Biscuit Jr.' } })]),
    );
    const { user } = renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });
    await screen.findByText('1 event, newest first.');

    await user.type(screen.getByLabelText('Pet'), 'jr');
    const found = await screen.findByRole('list', { name: 'Pets found' });
    expect(client.listPets).toHaveBeenCalledTimes(1);
    expect(client.listPets).toHaveBeenCalledWith(
      { q: 'jr', sort: 'name', limit: 8 },
      expect.anything(),
    );
    await user.click(within(found).getByRole('button', { name: /^Biscuit Jr\./ }));
    expect(window.location.search).toBe('?targetType=pet&targetId=14');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'pet', targetId: 14, expand: EXPAND },
        expect.anything(),
      );
    });
    expect(screen.getByRole('group', { name: 'Pet' }).textContent).toContain('Biscuit Jr. #14');
    await user.click(screen.getByRole('button', { name: 'Stop filtering by pet Biscuit Jr.' }));
    expect(window.location.search).toBe('?targetType=pet');
  });

  it('honours a partner in the address and finds one by name, keeping the other filters', async () => {
    const client = asStaff();
    client.admin.listAccounts.mockResolvedValue(
      result([
        account({ id: 4, name: 'Partner Co', role: 'partner' }),
        account({ id: 6, name: 'Zoo Shop', role: 'partner' }),
      ]),
    );
    client.admin.listAudit.mockResolvedValue(auditPage([auditEvent(1)]));
    const { user } = renderWithApp(<ActivityPage />, client, {
      url: '/admin/activity?targetType=key&actorAccountId=4',
    });
    await screen.findByText('1 event, newest first.');
    expect(client.admin.listAudit).toHaveBeenCalledWith(
      { limit: 50, targetType: 'key', actorAccountId: 4, expand: EXPAND },
      expect.anything(),
    );
    const chip = await screen.findByRole('group', { name: 'Partner' });
    await waitFor(() => {
      expect(chip.textContent).toContain('Partner Co #4');
    });

    await user.click(screen.getByRole('button', { name: 'Stop filtering by partner Partner Co' }));
    expect(window.location.search).toBe('?targetType=key');
    await user.type(screen.getByLabelText('Partner'), 'zoo');
    await user.click(
      within(await screen.findByRole('list', { name: 'Partners found' })).getByRole('button', {
        name: /^Zoo Shop/,
      }),
    );
    expect(window.location.search).toBe('?targetType=key&actorAccountId=6');
  });

  it('words sign-ins, failed sign-ins and ended sessions, and filters by people and sessions', async () => {
    const client = asStaff();
    client.admin.listAudit.mockResolvedValue(
      auditPage([
        auditEvent(3, {
          action: 'session.ended',
          actor: { accountId: 2, personId: 3 },
          target: { type: 'session', id: 5 },
          changes: { endedAt: [null, '2030-01-01T10:30:00.000Z'] },
        }),
        auditEvent(2, {
          action: 'person.signed_in',
          actor: { accountId: 2, personId: 3 },
          target: { type: 'session', id: 5 },
          changes: {},
        }),
        auditEvent(1, {
          action: 'person.sign_in_failed',
          actor: 'anonymous',
          target: { type: 'person', id: 3 },
          changes: { email: [null, 'ann@acme.example'] },
        }),
      ]),
    );
    const { user } = renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });

    await screen.findByText('3 events, newest first.');
    expect(rows()).toEqual([
      ['Session 5 ended', 'endedAt: 2030-01-01T10:30:00.000Z', 'person 3 (account 2)'],
      ['Person 3 of account 2 signed in (session 5)', '', 'person 3 (account 2)'],
      [
        'A failed sign-in as person 3 (ann@acme.example)',
        'email: ann@acme.example',
        'someone not signed in',
      ],
    ]);
    const kinds = [...screen.getByLabelText<HTMLSelectElement>('Show').options].map(
      (option) => option.text,
    );
    expect(kinds).toEqual([
      'All changes',
      'Pets',
      'API keys',
      'Accounts',
      'People',
      'Sessions',
      'Categories',
      'Orders',
      'Passkeys',
      'Webhook endpoints',
    ]);

    await user.selectOptions(screen.getByLabelText('Show'), 'People');
    expect(window.location.search).toBe('?targetType=person');
    await user.selectOptions(screen.getByLabelText('Show'), 'Sessions');
    expect(window.location.search).toBe('?targetType=session');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'session', expand: EXPAND },
        expect.anything(),
      );
    });
  });

  it("names categories, in their events and in a pet's changes, never by number alone", async () => {
    const client = asStaff();
    client.listCategories.mockResolvedValue(
      categoriesPage([
        category(1, 'Dogs'),
        category(2, 'Cats'),
        category(7, 'Ferrets', { archived: true }),
      ]),
    );
    client.admin.listAudit.mockResolvedValue(
      auditPage([
        auditEvent(6, { changes: { categoryId: [1, 2] } }),
        auditEvent(5, { changes: { categoryId: [2, 40] } }),
        auditEvent(4, {
          action: 'pet.created',
          changes: { name: [null, 'Rex'], categoryId: [null, 7], status: [null, 'available'] },
        }),
        auditEvent(3, {
          action: 'category.archived',
          target: { type: 'category', id: 7 },
          changes: { archived: [false, true] },
        }),
        auditEvent(2, {
          action: 'category.renamed',
          target: { type: 'category', id: 7 },
          changes: { name: ['Polecats', 'Ferrets'] },
        }),
        auditEvent(1, {
          action: 'category.created',
          target: { type: 'category', id: 9 },
          changes: { name: [null, 'Gone'], archived: [null, false] },
        }),
      ]),
    );
    const { user } = renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });

    await screen.findByText('6 events, newest first.');
    await waitFor(() => {
      expect(rows()[0]?.[1]).toBe('Category: Dogs → Cats');
    });
    expect(rows().map(([what, changes]) => [what, changes])).toEqual([
      ['Pet 7 updated', 'Category: Dogs → Cats'],
      ['Pet 7 updated', 'Category: Cats → Category 40 (unknown)'],
      ['Pet 7 created', 'name: RexCategory: Ferretsstatus: available'],
      ['Category “Ferrets” archived', 'archived: false → true'],
      ['Category “Ferrets” renamed', 'name: Polecats → Ferrets'],
      ['Category 9 (unknown) created', 'name: Gonearchived: false'],
    ]);
    await user.selectOptions(screen.getByLabelText('Show'), 'Categories');
    expect(window.location.search).toBe('?targetType=category');
  });

  it('filters by kind and pages through the cursor, all kept in the address', async () => {
    const client = asStaff();
    client.admin.listAudit.mockImplementation(({ cursor } = {}) =>
      Promise.resolve(
        cursor === undefined ? auditPage([auditEvent(2)], 'older') : auditPage([auditEvent(1)]),
      ),
    );
    const { user } = renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });
    await screen.findByText('1 event, newest first.');

    await user.selectOptions(screen.getByLabelText('Show'), 'Pets');
    expect(window.location.search).toBe('?targetType=pet');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'pet', expand: EXPAND },
        expect.anything(),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(window.location.search).toBe('?targetType=pet&cursor=older');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'pet', expand: EXPAND, cursor: 'older' },
        expect.anything(),
      );
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?targetType=pet');
  });

  it('says when no change matches the filters, or nothing has happened at all', async () => {
    const client = asStaff();
    client.admin.listAudit.mockResolvedValue(auditPage([]));
    renderWithApp(<ActivityPage />, client, {
      url: '/admin/activity?targetType=pet&targetId=14',
    });
    expect(await screen.findByText('No change matches these filters.')).toBeDefined();
    expect(screen.getByRole('group', { name: 'Pet' }).textContent).toContain('Pet #14');
    cleanup();

    renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });
    expect(await screen.findByText('Nothing has happened yet.')).toBeDefined();
  });

  it('offers Retry when the API could not be reached', async () => {
    const client = asStaff();
    client.admin.listAudit
      .mockRejectedValueOnce(
        apiError({ kind: 'network', code: 'network_error', status: undefined, message: 'x' }),
      )
      .mockResolvedValue(auditPage([auditEvent(1)]));
    const { user } = renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });
    await screen.findByText('Could not reach the API. Check your connection, then retry.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('1 event, newest first.');
  });

  it('tells partners it is for staff, and asks nothing of the API', async () => {
    const client = createFakeClient();
    renderWithApp(<ActivityPage />, client, { url: '/admin/activity' });
    await screen.findByText('The activity of all accounts is for staff.');
    expect(client.admin.listAudit).not.toHaveBeenCalled();
  });
});
