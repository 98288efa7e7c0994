import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_KEY_STORAGE_KEY } from '../lib/session.js';
import {
  account,
  createFakeClient,
  pet,
  petsPage,
  result,
  unauthorized,
} from '../testing/fake-client.js';
import { renderApp, TEST_API_KEY } from '../testing/render.js';

describe('routing', () => {
  it.each(['/admin', '/admin/'])('sends %s to the pets page', async (url) => {
    renderApp(createFakeClient(), { url });
    // The first test to open the lazily loaded page waits for its module to be transformed.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pets' }, { timeout: 5000 }),
    ).toBeDefined();
    expect(window.location.pathname).toBe('/admin/pets');
  });

  it('sends a visitor without a key to sign in, and back to the page after', async () => {
    const client = createFakeClient();
    const { user, createClient } = renderApp(client, { url: '/admin/keys', apiKey: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(window.location.pathname).toBe('/admin/sign-in');
    expect(client.listKeys).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('API key'), TEST_API_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'API keys' });
    expect(window.location.pathname).toBe('/admin/keys');
    expect(createClient).toHaveBeenCalledWith(TEST_API_KEY);
    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
  });

  it('shows the signed-in account in the navigation', async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ name: 'Zoo Shop', plan: 'pro' })));
    renderApp(client);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.textContent).toContain('Pets');
    expect(nav.textContent).toContain('API keys');
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByText('Zoo Shop')).parentElement?.textContent).toBe(
      'Signed in as Zoo Shop · pro plan',
    );
  });

  it("marks a section's link on its inner pages too", async () => {
    const client = createFakeClient();
    client.getAccount.mockResolvedValue(result(account({ role: 'staff' })));
    renderApp(client, { url: '/admin/accounts/4' });
    const link = await screen.findByRole('link', { name: 'Accounts' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('aria-current')).toBeNull();
  });

  it('says so for an unknown page', async () => {
    renderApp(createFakeClient(), { url: '/admin/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
  });
});

describe('sign-in', () => {
  it('keeps the key in sessionStorage, never in localStorage', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', apiKey: null });

    const input = await screen.findByLabelText('API key');
    expect(input.getAttribute('type')).toBe('password');
    await user.type(input, `  ${TEST_API_KEY} `);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { level: 1, name: 'Pets' });
    expect(client.getAccount).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBe(TEST_API_KEY);
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  it('refuses a key the API does not accept, and stores nothing', async () => {
    const client = createFakeClient();
    client.getAccount.mockRejectedValue(unauthorized());
    const { user } = renderApp(client, { url: '/admin/sign-in', apiKey: null });

    const input = await screen.findByLabelText('API key');
    await user.type(input, 'pets_live_wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const message = await screen.findByText(
      'This API key was not accepted. Check it and try again.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(input);
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/admin/sign-in');
  });

  it('asks for a key before calling the API', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', apiKey: null });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an API key.')).toBeDefined();
    expect(client.getAccount).not.toHaveBeenCalled();
  });

  it('signs out on a 401 from any call, with a message on the sign-in page', async () => {
    const client = createFakeClient();
    client.listPets.mockRejectedValue(unauthorized());
    renderApp(client, { url: '/admin/pets?status=sold' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your API key was not accepted. Sign in again.',
    );
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/admin/sign-in');
  });

  it('signs out from the navigation, forgetting the key', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(1, { name: 'Rex' })]));
    const { user } = renderApp(client);

    await screen.findByRole('cell', { name: 'Rex' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(sessionStorage.getItem(API_KEY_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('You have signed out.');
    expect(screen.queryByText('Rex')).toBeNull();
  });
});
