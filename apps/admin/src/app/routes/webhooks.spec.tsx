/** Proves the Webhooks page shows the signed-in account's own endpoints, for staff and partners. */
import type { Account } from '@pets/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, createFakeClient, signInAs } from '../../testing/fake-client.js';
import { renderApp, renderWithApp } from '../../testing/render.js';
import { WebhooksRoute } from './webhooks.js';

/** The Webhooks page of a person of a `role` account with no endpoints, once it says so. */
async function openAs(role: Account['role']) {
  const client = createFakeClient();
  signInAs(client, account({ role }));
  renderWithApp(<WebhooksRoute />, client, { url: '/admin/webhooks' });
  expect(await screen.findByText('This account has no webhook endpoints.')).toBeDefined();
  return client;
}

describe('the Webhooks page', () => {
  it("shows staff their own endpoints only: other accounts' are on the Accounts pages", async () => {
    const client = await openAs('staff');
    expect(screen.getByRole('heading', { level: 2, name: 'Your webhook endpoints' })).toBeDefined();
    expect(client.listWebhookEndpoints).toHaveBeenCalled();
    expect(client.admin.listWebhookEndpointsOfAccount).not.toHaveBeenCalled();
  });

  it('shows partners theirs, under its heading', async () => {
    const client = await openAs('partner');
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeDefined();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
  });

  it('is in the navigation, after API keys', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/keys' });
    await user.click(await screen.findByRole('link', { name: 'Webhooks' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeDefined();
    expect(window.location.pathname).toBe('/admin/webhooks');
  });
});
