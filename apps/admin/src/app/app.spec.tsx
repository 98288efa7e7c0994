/**
 * Proves the app's frame: addresses lead to their pages, no one signed in is sent to sign in and
 * back, signing in checks its fields and says why it failed, and a session that ends (a 401, Sign
 * out) goes back to the sign-in page.
 */
import { type Account, PetstoreApiError } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COOKIE_NOT_KEPT, SIGNED_OUT_BECAUSE } from '../features/auth/utils/sentences.js';
import {
  account,
  apiError,
  createFakeClient,
  currentSession,
  type FakeClient,
  pet,
  petsPage,
  result,
  sessionEnded,
  wrongPassword,
} from '../testing/fake-client.js';
import { renderApp } from '../testing/render.js';

const ANN = currentSession();
const SESSION_ENDED_NOTICE = SIGNED_OUT_BECAUSE.ended;

/** Signs in on the sign-in page; the API then says Ann is signed in. */
async function signIn(
  client: FakeClient,
  user: ReturnType<typeof renderApp>['user'],
  email = 'ann@acme.example',
  password = 'correct horse battery staple',
) {
  client.session.signIn.mockResolvedValue(result(undefined, { status: 204 }));
  client.session.getCurrentSession.mockResolvedValue(result(ANN));
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The app with a person of `of` signed in: the links of its main navigation, once shown. */
async function openAs(of: Account) {
  const client = createFakeClient();
  client.session.getCurrentSession.mockResolvedValue(result(currentSession({ account: of })));
  renderApp(client);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const links = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { client, links };
}

describe('routing', () => {
  it.each(['/admin', '/admin/'])('sends %s to the pets page', async (url) => {
    renderApp(createFakeClient(), { url });
    // The first test to open the lazily loaded page waits for its module to be transformed.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pets' }, { timeout: 5000 }),
    ).toBeDefined();
    expect(window.location.pathname).toBe('/admin/pets');
  });

  it('asks the API who is signed in, and sends no one to sign in, then back to the page', async () => {
    const client = createFakeClient();
    const { user, createClient } = renderApp(client, { url: '/admin/keys', session: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(window.location.pathname).toBe('/admin/sign-in');
    // No one signed in is no session that ended: nothing to say.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(client.listAccountKeys).not.toHaveBeenCalled();

    await signIn(client, user);

    const heading = await screen.findByRole('heading', { level: 1, name: 'API keys' });
    expect(window.location.pathname).toBe('/admin/keys');
    expect(client.session.signIn).toHaveBeenCalledWith({
      email: 'ann@acme.example',
      password: 'correct horse battery staple',
    });
    // One client, made without a key: the cookie does it.
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith();
    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
  });

  it('shows the person signed in, their account and its role in the layout', async () => {
    const { client, links } = await openAs(account({ name: 'Zoo Shop', plan: 'pro' }));
    expect(links).toEqual(['Pets', 'Orders', 'API keys', 'Webhooks', 'Your account']);
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Ann Lee').parentElement?.textContent).toBe(
      'Signed in as Ann Lee (ann@acme.example) · Zoo Shop, partner',
    );
    expect(client.getAccount).not.toHaveBeenCalled();
  });

  it('offers staff their Home, the Categories, Accounts and Activity pages', async () => {
    const { links } = await openAs(account({ role: 'staff', name: 'Head Office' }));
    expect(links).toEqual([
      'Home',
      'Pets',
      'Categories',
      'Orders',
      'API keys',
      'Webhooks',
      'Accounts',
      'Activity',
      'Your account',
    ]);
    expect(screen.getByText('Ann Lee').parentElement?.textContent).toContain('Head Office, staff');
  });

  it('names the account once when its name is its role', async () => {
    await openAs(account({ role: 'staff', name: 'Staff' }));
    expect(screen.getByText('Ann Lee').parentElement?.textContent).toBe(
      'Signed in as Ann Lee (ann@acme.example) · Staff',
    );
  });

  it("marks a section's link on its inner pages too", async () => {
    const client = createFakeClient();
    client.session.getCurrentSession.mockResolvedValue(
      result(currentSession({ account: account({ role: 'staff' }) })),
    );
    renderApp(client, { url: '/admin/accounts/4' });
    const link = await screen.findByRole('link', { name: 'Accounts' });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Pets' }).getAttribute('aria-current')).toBeNull();
  });

  it('says so for an unknown page', async () => {
    renderApp(createFakeClient(), { url: '/admin/nowhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
  });

  it('says why when the API cannot be asked who is signed in, and retries', async () => {
    const client = createFakeClient();
    client.session.getCurrentSession.mockRejectedValueOnce(
      new PetstoreApiError({ kind: 'network', code: 'network_error', message: 'down' }),
    );
    const { user } = renderApp(client);
    expect(
      await screen.findByText('Could not reach the API. Check your connection, then retry.'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pets' })).toBeDefined();
  });
});

describe('signing in', () => {
  it('asks for an Email and a Password, and keeps nothing in the browser', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', session: null });

    const email = await screen.findByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect([email.getAttribute('type'), email.getAttribute('autocomplete')]).toEqual([
      'email',
      'username',
    ]);
    expect([password.getAttribute('type'), password.getAttribute('autocomplete')]).toEqual([
      'password',
      'current-password',
    ]);
    expect(screen.queryByLabelText(/API key/)).toBeNull();

    await signIn(client, user, '  ann@acme.example ');
    await screen.findByRole('heading', { level: 1, name: 'Pets' });
    expect(client.session.signIn).toHaveBeenCalledWith({
      email: 'ann@acme.example',
      password: 'correct horse battery staple',
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it("shows the API's sentence for a wrong email or password, and asks for the password again", async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', session: null });
    client.session.signIn.mockRejectedValue(wrongPassword());

    await user.type(await screen.findByLabelText('Email'), 'ann@acme.example');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'not it at all');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The email or the password is not right.')).toBeDefined();
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@acme.example');
    expect(window.location.pathname).toBe('/admin/sign-in');
    // Refused at sign-in is not a session that ended.
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();
    expect(client.session.getCurrentSession).toHaveBeenCalledTimes(1);
  });

  it('checks the fields as the API does before calling it', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', session: null });
    await user.type(await screen.findByLabelText('Email'), 'ann');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const message = screen.getByText('Email must be an email address.');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(email);
    expect(client.session.signIn).not.toHaveBeenCalled();
  });

  it('says so when too many sign-ins failed for the email, and holds nothing else back', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', session: null });
    client.session.signIn.mockRejectedValue(
      apiError({
        code: 'rate_limited',
        status: 429,
        message: 'Too many failed sign-ins for this email. Retry after 900 seconds.',
        retryAfter: 900,
      }),
    );
    await user.type(await screen.findByLabelText('Email'), 'ann@acme.example');
    await user.type(screen.getByLabelText('Password'), 'guess number eleven');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The API's words, its wait in minutes and when it ends rather than "after 900 seconds".
    expect(
      await screen.findByText(
        /^Too many failed sign-ins for this email\. Try again in 15 min, at \S.*\.$/,
      ),
    ).toBeDefined();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' }).disabled).toBe(false);
  });

  it('says so when the browser did not keep the session cookie', async () => {
    const client = createFakeClient();
    const { user } = renderApp(client, { url: '/admin/sign-in', session: null });
    client.session.signIn.mockResolvedValue(result(undefined, { status: 204 }));
    await user.type(await screen.findByLabelText('Email'), 'ann@acme.example');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(COOKIE_NOT_KEPT)).toBeDefined();
    expect(client.session.getCurrentSession).toHaveBeenCalledTimes(2);
    expect(window.location.pathname).toBe('/admin/sign-in');
  });
});

describe('the session ending', () => {
  it('goes back to sign in at a 401 from any call, saying the session ended, and back after', async () => {
    const client = createFakeClient();
    client.listPets.mockRejectedValueOnce(sessionEnded());
    const { user } = renderApp(client, { url: '/admin/pets?status=sold' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(SESSION_ENDED_NOTICE);
    expect(SESSION_ENDED_NOTICE).toMatch(/^The session has ended/);
    expect(window.location.pathname).toBe('/admin/sign-in');

    client.listPets.mockResolvedValue(petsPage([pet(1, { name: 'Rex', status: 'sold' })]));
    await signIn(client, user);
    expect(await screen.findByRole('cell', { name: 'Rex' })).toBeDefined();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/admin/pets?status=sold');
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();
  });

  it('signs out from the navigation, forgetting what was shown', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(1, { name: 'Rex' })]));
    client.session.signOut.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderApp(client);

    await screen.findByRole('cell', { name: 'Rex' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(client.session.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('You have signed out.');
    expect(screen.queryByText('Rex')).toBeNull();

    // The next person sees nothing of the last one's: the pets are asked for again.
    const asked = client.listPets.mock.calls.length;
    await signIn(client, user);
    await screen.findByRole('cell', { name: 'Rex' });
    expect(client.listPets.mock.calls.length).toBe(asked + 1);
  });

  it('signs out all the same when the session had ended already', async () => {
    const client = createFakeClient();
    client.session.signOut.mockRejectedValue(sessionEnded());
    const { user } = renderApp(client);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('You have signed out.');
  });

  it('stays signed in, and says so, when signing out could not reach the API', async () => {
    const client = createFakeClient();
    client.session.signOut.mockRejectedValue(
      new PetstoreApiError({ kind: 'network', code: 'network_error', message: 'down' }),
    );
    const { user } = renderApp(client);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByText(
        'Could not sign out. Could not reach the API. Check your connection, then retry.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Pets' })).toBeDefined();
  });
});
