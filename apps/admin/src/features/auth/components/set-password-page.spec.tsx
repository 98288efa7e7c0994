/**
 * Proves the set-password page a reset link opens: the secret leaves the address, the password is
 * checked before it is sent and set, and a used, old or missing link is said plainly.
 */
import { LINK_ISSUE, PROBLEMS } from '@pets/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createFakeClient,
  currentSession,
  refusedToken,
  result,
} from '../../../testing/fake-client.js';
import { renderApp } from '../../../testing/render.js';
import { LINK_MISSING, linkDead } from '../utils/sentences.js';

const TOKEN = 'Zz9-'.repeat(10) + 'abc';
const PASSWORD = 'another long pass phrase';

function open(url = `/admin/set-password#${TOKEN}`) {
  const client = createFakeClient();
  return { client, ...renderApp(client, { url, session: null }) };
}

describe('the set-password page (a reset link, or the first run’s)', () => {
  it('takes the secret out of the address, sets the password and signs in', async () => {
    const { client, user } = open();
    client.session.resetPassword.mockImplementation(() => {
      client.session.getCurrentSession.mockResolvedValue(result(currentSession()));
      return Promise.resolve(result(undefined, { status: 204 }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(window.location.href).not.toContain(TOKEN);
    await user.type(screen.getByLabelText('New password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pets' })).toBeDefined();
    expect(client.session.resetPassword).toHaveBeenCalledWith({ token: TOKEN, password: PASSWORD });
    expect(window.location.pathname).toBe('/admin/pets');
  });

  it('speaks to a person with no password yet too (the first run’s link): no “old” password', async () => {
    open();
    const main = await screen.findByRole('main');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(main.textContent).not.toMatch(/\bold\b/i);
    expect(main.textContent).toContain('Any password you had before stops working');
  });

  it('checks the password before sending it', async () => {
    const { client, user } = open();
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(screen.getByText('New password must be at least 12 characters.')).toBeDefined();
    expect(client.session.resetPassword).not.toHaveBeenCalled();
  });

  it('says plainly when the link was used or is too old', async () => {
    const { client, user } = open();
    client.session.resetPassword.mockRejectedValue(refusedToken(PROBLEMS.invalidLink, LINK_ISSUE));
    await user.type(await screen.findByLabelText('New password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(linkDead('reset'));
    expect(linkDead('reset')).toContain('more than 60 minutes old');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('asks for the whole link when the address holds none', async () => {
    const { client } = open('/admin/set-password');
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_MISSING);
    expect(client.session.resetPassword).not.toHaveBeenCalled();
  });
});
