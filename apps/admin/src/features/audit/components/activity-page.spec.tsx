/**
 * Proves the Activity page: staff see every change newest first, in words, filtered by kind and
 * paged through the address, categories by name; Retry when the API could not be reached;
 * partners are told it is for staff.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  auditEvent,
  auditPage,
  categoriesPage,
  category,
  createFakeClient,
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
const rows = () =>
  [...document.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
  );

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
    expect(client.admin.listAudit).toHaveBeenCalledWith({ limit: 50 }, expect.anything());
    expect(rows()).toEqual([
      ['Account 4 plan changed', 'plan: free → pro', 'the command-line tool'],
      ['Key 9 revoked', '', 'account 1 (key 2)'],
      ['Pet 7 updated', 'status: available → sold', 'account 1 (key 2)'],
    ]);
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
      ['Session 5 ended', 'endedAt: 2030-01-01T10:30:00.000Z', 'account 2 (person 3)'],
      ['Person 3 of account 2 signed in (session 5)', '', 'account 2 (person 3)'],
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
    ]);

    await user.selectOptions(screen.getByLabelText('Show'), 'People');
    expect(window.location.search).toBe('?targetType=person');
    await user.selectOptions(screen.getByLabelText('Show'), 'Sessions');
    expect(window.location.search).toBe('?targetType=session');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'session' },
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
        { limit: 50, targetType: 'pet' },
        expect.anything(),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(window.location.search).toBe('?targetType=pet&cursor=older');
    await waitFor(() => {
      expect(client.admin.listAudit).toHaveBeenLastCalledWith(
        { limit: 50, targetType: 'pet', cursor: 'older' },
        expect.anything(),
      );
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?targetType=pet');
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
