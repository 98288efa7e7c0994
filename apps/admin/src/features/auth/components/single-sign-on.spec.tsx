/** Single sign-on on the sign-in page: the provider's button, and why a sign-in came back. */
import { type SignInMethods, SINGLE_SIGN_ON_FAILURES } from '@pets/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeClient, result } from '../../../testing/fake-client.js';
import { renderApp } from '../../../testing/render.js';

const ACME: SignInMethods = {
  singleSignOn: { name: 'Acme SSO', start: '/v1/session/oidc' },
  passkeys: false,
};

function signedOut(url = '/admin/sign-in', methods: SignInMethods | null = ACME) {
  const client = createFakeClient();
  if (methods) client.session.getSignInMethods.mockResolvedValue(result(methods));
  return { client, ...renderApp(client, { url, session: null }) };
}

describe('single sign-on on the sign-in page', () => {
  it('offers "Sign in with <provider>" as a link the browser follows to the API', async () => {
    const { client } = signedOut();
    const link = await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    // A plain link: the whole page goes to the API, which sends it on to the provider.
    expect(link.getAttribute('href')).toBe('/v1/session/oidc');
    expect(link.getAttribute('target')).toBeNull();
    expect(screen.getByText('Or sign in with your company’s account.')).toBeDefined();
    expect(client.session.getSignInMethods).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers nothing more when no provider is configured', async () => {
    const { client } = signedOut('/admin/sign-in', { singleSignOn: null, passkeys: false });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => {
      expect(client.session.getSignInMethods).toHaveBeenCalled();
    });
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).toBeNull();
  });

  it('offers nothing more when the API cannot say, and signing in with a password still works', async () => {
    const client = createFakeClient();
    client.session.getSignInMethods.mockRejectedValue(apiError({ status: 503 }));
    renderApp(client, { url: '/admin/sign-in', session: null });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => {
      expect(client.session.getSignInMethods).toHaveBeenCalled();
    });
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).toBeNull();
    expect(screen.getByLabelText('Email')).toBeDefined();
  });

  it.each(Object.entries(SINGLE_SIGN_ON_FAILURES))(
    'says why a sign-in came back (%s) once, and takes it out of the address',
    async (reason, sentence) => {
      signedOut(`/admin/sign-in?sso_error=${reason}`);
      expect((await screen.findByRole('alert')).textContent).toBe(sentence);
      await waitFor(() => {
        expect(window.location.search).toBe('');
      });
      expect(window.location.pathname).toBe('/admin/sign-in');
      // Still there to read, and the button to try again.
      expect(screen.getByRole('alert').textContent).toBe(sentence);
      expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toBeDefined();
    },
  );

  it('says nothing of a reason it does not know, and still takes it out of the address', async () => {
    signedOut('/admin/sign-in?sso_error=%3Cscript%3E&keep=1');
    await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => {
      expect(window.location.search).toBe('?keep=1');
    });
  });
});
