/** Signing in with a passkey on the sign-in page: the button, the prompt, and each way it ends. */
import { PROBLEMS } from '@pets/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  createFakeClient,
  currentSession,
  result,
} from '../../../testing/fake-client.js';
import { renderApp } from '../../../testing/render.js';
import { SIGN_IN_PROMPT_CLOSED } from '../utils/passkey-sentences.js';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

function signedOut() {
  const client = createFakeClient();
  client.session.startPasskeySignIn.mockResolvedValue(result(OPTIONS));
  return { client, ...renderApp(client, { url: '/admin/sign-in', session: null }) };
}

describe('signing in with a passkey', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {
      return undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(startAuthentication).mockReset();
  });

  it('asks the browser for a passkey with the API’s options, signs in and leaves the sign-in page', async () => {
    const { client, user } = signedOut();
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    client.session.signInWithPasskey.mockResolvedValue(result(undefined, { status: 204 }));
    client.session.getCurrentSession.mockResolvedValue(result(currentSession()));
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    });
    expect(startAuthentication).toHaveBeenCalledExactlyOnceWith({ optionsJSON: OPTIONS });
    expect(client.session.signInWithPasskey).toHaveBeenCalledExactlyOnceWith({
      credential: ANSWER,
    });
    expect(client.session.signIn).not.toHaveBeenCalled();
  });

  it('says calmly that the prompt closed, and asks the API nothing more', async () => {
    const { client, user } = signedOut();
    vi.mocked(startAuthentication).mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(SIGN_IN_PROMPT_CLOSED)).toBeDefined();
    expect(client.session.signInWithPasskey).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('shows the API’s sentence when it refuses the passkey', async () => {
    const { client, user } = signedOut();
    vi.mocked(startAuthentication).mockResolvedValue(ANSWER);
    client.session.signInWithPasskey.mockRejectedValue(
      apiError({ status: 401, ...PROBLEMS.passkeyRefused }),
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(PROBLEMS.passkeyRefused.message)).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined();
  });

  it('offers no passkey where the browser has no WebAuthn', async () => {
    vi.unstubAllGlobals();
    signedOut();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
