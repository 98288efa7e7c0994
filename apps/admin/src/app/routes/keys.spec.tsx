import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, createFakeClient, result } from '../../testing/fake-client.js';
import { renderWithApp } from '../../testing/render.js';
import { KeysRoute } from './keys.js';

describe('the API keys page', () => {
  it('shows staff the accounts section', async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'staff' })));
    client.admin.listAccounts.mockResolvedValue(
      result([account({ id: 7, name: 'Zoo Shop', plan: 'pro' })]),
    );
    renderWithApp(<KeysRoute />, client, { url: '/admin/keys' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Accounts' })).toBeDefined();
    expect(await screen.findByRole('rowheader', { name: 'Zoo Shop' })).toBeDefined();
  });

  it('hides it from partners, and never asks for the accounts', async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'partner' })));
    renderWithApp(<KeysRoute />, client, { url: '/admin/keys' });

    expect(await screen.findByText('This account has no keys.')).toBeDefined();
    expect(client.getAccount).toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Accounts' })).toBeNull();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
  });
});
