/**
 * Proves the welcome page an invitation's link opens: the secret leaves the address at once, a
 * name and password join the account, checked as the API checks them, and a used, old or missing
 * link, a taken email or a cookie not kept are each said plainly.
 */
import {
  LINK_ISSUE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROBLEMS,
  SINGLE_SIGN_ON_LINK,
} from '@pets/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeClient,
  invalidBody,
  currentSession,
  type FakeClient,
  refusedToken,
  result,
} from '../../../testing/fake-client.js';
import { renderApp } from '../../../testing/render.js';
import {
  COOKIE_NOT_KEPT,
  INVITATION_FOR_SINGLE_SIGN_ON,
  LINK_MISSING,
  linkDead,
} from '../utils/sentences.js';

/** The start of the new password's hint: the contract's lengths. */
const PASSWORD_HINT_START = new RegExp(
  `^${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
);
const TOKEN = 'Ab3_'.repeat(10) + 'xyz';
const PASSWORD = 'a walk along the river';

/** The welcome page as the invitation's link opens it, no one signed in. */
function open(url = `/admin/welcome#${TOKEN}`) {
  const client = createFakeClient();
  const rendered = renderApp(client, { url, session: null });
  return { client, ...rendered };
}

async function join(client: FakeClient, user: ReturnType<typeof open>['user'], name = 'Bo Park') {
  await user.type(await screen.findByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
}

describe('the welcome page (accepting an invitation)', () => {
  it('takes the secret out of the address bar at once, without a history entry', async () => {
    const before = window.history.length;
    open();
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/admin/welcome');
    expect(window.history.length).toBe(before);
  });

  it('joins with a name and a password, is signed in, and lands on the pets', async () => {
    const { client, user } = open();
    client.session.acceptInvitation.mockImplementation(() => {
      // Signed in now: the API says who.
      client.session.getCurrentSession.mockResolvedValue(
        result(currentSession({ person: { name: 'Bo Park', email: 'bo@acme.example' } })),
      );
      return Promise.resolve(result(undefined, { status: 204 }));
    });
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(PASSWORD_HINT_START)).toBeDefined();
    await join(client, user);

    expect(client.session.acceptInvitation).toHaveBeenCalledWith({
      token: TOKEN,
      name: 'Bo Park',
      password: PASSWORD,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pets' })).toBeDefined();
    expect(window.location.pathname).toBe('/admin/pets');
    expect(screen.getByText('Bo Park').parentElement?.textContent).toContain('bo@acme.example');
  });

  it('checks the name and password as the API does before sending them', async () => {
    const { client, user } = open();
    await user.type(await screen.findByLabelText('Password'), 'too short');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(screen.getByText('Name must not be empty.')).toBeDefined();
    expect(screen.getByText('Password must be at least 12 characters.')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(client.session.acceptInvitation).not.toHaveBeenCalled();
  });

  it("shows the API's issue with the password on its field", async () => {
    const { client, user } = open();
    client.session.acceptInvitation.mockRejectedValue(
      invalidBody('password', 'is one of the most common passwords'),
    );
    await join(client, user);
    expect(await screen.findByText('Password is one of the most common passwords.')).toBeDefined();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('says plainly when the link was used or is too old, and offers sign-in', async () => {
    const { client, user } = open();
    client.session.acceptInvitation.mockRejectedValue(
      refusedToken(PROBLEMS.invalidLink, LINK_ISSUE),
    );
    await join(client, user);
    expect((await screen.findByRole('alert')).textContent).toBe(linkDead('invitation'));
    expect(linkDead('invitation')).toContain('more than 7 days old');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe(
      '/admin/sign-in',
    );
  });

  it('sends a person of single sign-on to sign in with their company instead', async () => {
    const { client, user } = open();
    client.session.acceptInvitation.mockRejectedValue(
      refusedToken(PROBLEMS.singleSignOnInvitation, SINGLE_SIGN_ON_LINK),
    );
    await join(client, user);
    expect((await screen.findByRole('alert')).textContent).toBe(INVITATION_FOR_SINGLE_SIGN_ON);
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe(
      '/admin/sign-in',
    );
  });

  it('says so when the browser did not keep the cookie', async () => {
    const { client, user } = open();
    client.session.acceptInvitation.mockResolvedValue(result(undefined, { status: 204 }));
    await join(client, user);
    expect(await screen.findByText(COOKIE_NOT_KEPT)).toBeDefined();
    expect(window.location.pathname).toBe('/admin/welcome');
  });

  it.each(['/admin/welcome', '/admin/welcome#not-a-token'])(
    'asks for the whole link at %s, and sends nothing',
    async (url) => {
      const { client } = open(url);
      expect((await screen.findByRole('alert')).textContent).toBe(LINK_MISSING);
      expect(screen.queryByRole('form')).toBeNull();
      expect(screen.queryByLabelText('Password')).toBeNull();
      await waitFor(() => {
        expect(window.location.hash).toBe('');
      });
      expect(client.session.acceptInvitation).not.toHaveBeenCalled();
    },
  );
});
