/** Proves the API keys page shows the signed-in account's own keys only, for staff and partners. */
import type { Account } from '@pets/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, createFakeClient, signInAs } from '../../testing/fake-client.js';
import { renderWithApp } from '../../testing/render.js';
import { KeysRoute } from './keys.js';

/** The API keys page of a person of a `role` account with no keys, once it says so. */
async function openAs(role: Account['role']) {
  const client = createFakeClient();
  signInAs(client, account({ role }));
  renderWithApp(<KeysRoute />, client, { url: '/admin/keys' });
  expect(await screen.findByText('This account has no keys.')).toBeDefined();
  return client;
}

describe('the API keys page', () => {
  it("shows staff their own keys only: other accounts' are on the Accounts pages", async () => {
    const client = await openAs('staff');
    expect(screen.getByRole('heading', { level: 2, name: 'Your keys' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
    expect(client.admin.listKeysOfAccount).not.toHaveBeenCalled();
  });

  it('shows partners their keys, and never asks for the accounts', async () => {
    const client = await openAs('partner');
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
  });
});
