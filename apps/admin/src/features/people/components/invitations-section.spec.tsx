/**
 * Staff's list of an account's open invitations: each with when it was made and until when it is
 * good, revoked only after a dialog that names its email, failures said in the API's words.
 */
import type { OpenInvitation } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  type FakeClient,
  listPage,
  person,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { dialogButton } from '../../../testing/queries.js';
import { InvitationsSection } from './invitations-section.js';

const invitation = (id: number, email: string): OpenInvitation => ({
  id,
  accountId: 2,
  email,
  createdAt: '2030-01-01T00:00:00.000Z',
  expiresAt: '2030-01-08T00:00:00.000Z',
  createdByPersonId: 3,
});
const DEE = invitation(7, 'dee@acme.example');
const EVE = invitation(8, 'eve@acme.example');

function asStaff(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  signInAs(client, account({ id: 1, role: 'staff' }), person({ id: 1, accountId: 1 }));
  client.admin.listInvitationsOfAccount.mockResolvedValue(
    listPage([DEE, EVE], '/v1/admin/accounts/2/invitations?limit=50'),
  );
  prepare(client);
  return {
    client,
    ...renderWithApp(<InvitationsSection accountId={2} owner="Acme Pets" />, client, {
      url: '/admin/accounts/2',
    }),
  };
}

describe("an account's open invitations", () => {
  it('lists each email with when it was made and until when it is good', async () => {
    const { client } = asStaff();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Open invitations to Acme Pets' }),
    ).toBeDefined();
    const dee = (await screen.findByRole('rowheader', { name: 'dee@acme.example' })).closest('tr');
    expect(dee?.querySelector('td[data-label="Good until"] time')?.getAttribute('dateTime')).toBe(
      DEE.expiresAt,
    );
    expect(client.admin.listInvitationsOfAccount).toHaveBeenCalledWith(
      2,
      { limit: 50 },
      expect.anything(),
    );
  });

  it('revokes one only after a dialog that names its email', async () => {
    const { user, client } = asStaff((fake) => {
      fake.admin.revokeInvitation.mockResolvedValue(result(undefined, { status: 204 }));
    });
    const revoke = await screen.findByRole('button', {
      name: 'Revoke the invitation for dee@acme.example',
    });
    await user.click(revoke);
    const dialog = screen.getByRole('dialog', {
      name: 'Revoke the invitation for dee@acme.example?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Keep invitation' }));
    expect(client.admin.revokeInvitation).not.toHaveBeenCalled();

    client.admin.listInvitationsOfAccount.mockResolvedValue(
      listPage([EVE], '/v1/admin/accounts/2/invitations?limit=50'),
    );
    await user.click(revoke);
    await user.click(dialogButton('Revoke invitation'));
    expect(client.admin.revokeInvitation).toHaveBeenCalledExactlyOnceWith(7);
    expect(await screen.findByText('Revoked the invitation for dee@acme.example.')).toBeDefined();
    await waitFor(() => {
      expect(screen.queryByRole('rowheader', { name: 'dee@acme.example' })).toBeNull();
    });
  });

  it("says why a revocation failed, in the API's words", async () => {
    const { user } = asStaff((fake) => {
      fake.admin.revokeInvitation.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No open invitation has this id.' }),
      );
    });
    await user.click(
      await screen.findByRole('button', { name: 'Revoke the invitation for eve@acme.example' }),
    );
    await user.click(dialogButton('Revoke invitation'));
    expect(await screen.findByText('No open invitation has this id.')).toBeDefined();
  });
});
