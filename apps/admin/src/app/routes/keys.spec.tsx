/** Proves the API keys page shows the signed-in account's own keys only, for staff and partners. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, createFakeClient, signInAs } from '../../testing/fake-client.js';
import { renderWithApp } from '../../testing/render.js';
import { KeysRoute } from './keys.js';

describe('the API keys page', () => {
  it("shows staff their own keys only: other accounts' are on the Accounts pages", async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    renderWithApp(<KeysRoute />, client, { url: '/admin/keys' });

    expect(await screen.findByText('This account has no keys.')).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Your keys' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
    expect(client.admin.listKeysOfAccount).not.toHaveBeenCalled();
  });

  it('shows partners their keys, and never asks for the accounts', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'partner' }));
    renderWithApp(<KeysRoute />, client, { url: '/admin/keys' });

    expect(await screen.findByText('This account has no keys.')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
  });
});
