import type { AuditEvent } from '@pets/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, apiError, createFakeClient, result } from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { ActivityPage } from './activity-page.js';

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2030-01-01T10:00:00.000Z',
  actor: { accountId: 1, keyId: 2 },
  action: 'pet.updated',
  target: { type: 'pet', id: 7 },
  changes: { status: ['available', 'sold'] },
  ...overrides,
});
const page = (events: AuditEvent[], nextCursor?: string) => ({
  ...result(events),
  next:
    nextCursor === undefined
      ? undefined
      : `http://localhost:3000/v1/admin/audit?limit=50&cursor=${nextCursor}`,
});
const rows = () =>
  [...document.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent),
  );

describe('the Activity page', () => {
  it('shows staff every change, newest first, in words', async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'staff' })));
    client.admin.listAudit.mockResolvedValue(
      page([
        event(3, {
          action: 'account.plan_changed',
          actor: 'cli',
          target: { type: 'account', id: 4 },
          changes: { plan: ['free', 'pro'] },
        }),
        event(2, { action: 'key.revoked', target: { type: 'key', id: 9 }, changes: {} }),
        event(1),
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

  it('filters by kind and pages through the cursor, all kept in the address', async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'staff' })));
    client.admin.listAudit.mockImplementation(({ cursor } = {}) =>
      Promise.resolve(cursor === undefined ? page([event(2)], 'older') : page([event(1)])),
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
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'staff' })));
    client.admin.listAudit
      .mockRejectedValueOnce(
        apiError({ kind: 'network', code: 'network_error', status: undefined, message: 'x' }),
      )
      .mockResolvedValue(page([event(1)]));
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
