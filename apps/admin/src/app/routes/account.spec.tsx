/**
 * Proves the Your account page: who is signed in and their role, inviting a colleague with a link
 * shown once, and the password, sessions and (read-only) people of the account on one page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  createFakeClient,
  invitation,
  peoplePage,
  person,
  personSession,
  result,
  sentInvitation,
  sessionsPage,
  signInAs,
} from '../../testing/fake-client.js';
import { renderWithApp } from '../../testing/render.js';
import { AccountRoute } from './account.js';

describe('your account', () => {
  it('says who is signed in, to which account with which role', async () => {
    const client = createFakeClient();
    signInAs(client, account({ name: 'Zoo Shop', role: 'partner', plan: 'pro' }), {
      name: 'Dee Roy',
      email: 'dee@zoo.example',
    });
    renderWithApp(<AccountRoute />, client, { url: '/admin/account' });
    const you = (await screen.findByRole('heading', { level: 2, name: 'You' })).closest('section');
    expect(
      [...(you?.querySelectorAll('dt') ?? [])].map(
        (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
      ),
    ).toEqual([
      'Name: Dee Roy',
      'Email: dee@zoo.example',
      'Account: Zoo Shop',
      'Role: partner',
      'Plan: pro',
      expect.stringMatching(/^Signed in: /),
      expect.stringMatching(/^Session ends at the latest: /),
    ]);
  });

  it('invites a colleague to their own account, the link shown once', async () => {
    const client = createFakeClient();
    client.session.createInvitation.mockImplementation(({ email }) =>
      Promise.resolve(result(invitation({ email }), { status: 201 })),
    );
    const { user } = renderWithApp(<AccountRoute />, client, { url: '/admin/account' });
    const section = within(
      screen.getByRole('heading', { level: 2, name: 'Invite a colleague' }).closest('section') ??
        document.body,
    );
    expect(section.getByText(/^They join your account with a one-time link/)).toBeDefined();
    await user.type(section.getByLabelText('Email'), 'nope');
    await user.click(section.getByRole('button', { name: 'Create invitation link' }));
    expect(section.getByText('Email must be an email address.')).toBeDefined();
    expect(client.session.createInvitation).not.toHaveBeenCalled();

    await user.clear(section.getByLabelText('Email'));
    await user.type(section.getByLabelText('Email'), 'bo@acme.example');
    await user.click(section.getByRole('button', { name: 'Create invitation link' }));
    expect(
      (await section.findByLabelText<HTMLInputElement>('Invitation link for bo@acme.example'))
        .value,
    ).toBe(invitation().link);
    expect(client.session.createInvitation).toHaveBeenCalledWith({ email: 'bo@acme.example' });
    expect(client.admin.createInvitationForAccount).not.toHaveBeenCalled();
  });

  it('says where the invitation went when the API e-mailed it, with no link to copy', async () => {
    const client = createFakeClient();
    client.session.createInvitation.mockImplementation(({ email }) =>
      Promise.resolve(result(sentInvitation({ email, sentTo: email }), { status: 201 })),
    );
    const { user } = renderWithApp(<AccountRoute />, client, { url: '/admin/account' });
    const section = within(
      screen.getByRole('heading', { level: 2, name: 'Invite a colleague' }).closest('section') ??
        document.body,
    );
    await user.type(section.getByLabelText('Email'), 'bo@acme.example');
    await user.click(section.getByRole('button', { name: 'Create invitation link' }));
    expect((await section.findByRole('status')).textContent).toMatch(
      /^Invitation sent to bo@acme\.example\. The link works once, until /,
    );
    expect(section.queryByLabelText(/^Invitation link for/)).toBeNull();
    expect(section.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(document.body.textContent).not.toContain('/admin/welcome');
    await user.click(section.getByRole('button', { name: 'Done' }));
    expect(section.queryByRole('status')).toBeNull();
  });

  it('changes the password, sessions and people of the account on one page, people read-only', async () => {
    const client = createFakeClient();
    signInAs(client, account({ name: 'Zoo Shop', role: 'partner' }), { id: 3 });
    client.listPeople.mockResolvedValue(
      peoplePage([person({ id: 3 }), person({ id: 5, name: 'Bo Roe', email: 'bo@zoo.example' })]),
    );
    client.session.listSessions.mockResolvedValue(
      sessionsPage([personSession(1, { current: true }), personSession(2)]),
    );
    client.session.changePassword.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderWithApp(<AccountRoute />, client, { url: '/admin/account' });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'You',
      'Change your password',
      'Passkeys',
      'Where you are signed in',
      'People of your account',
      'Invite a colleague',
    ]);
    const people = within(
      screen.getByRole('heading', { name: 'People of your account' }).closest('section') ??
        document.body,
    );
    expect(await people.findByRole('rowheader', { name: 'Bo Roe' })).toBeDefined();
    expect(people.queryAllByRole('button')).toEqual([]);
    expect(client.admin.listPeopleOfAccount).not.toHaveBeenCalled();
    expect(await screen.findAllByRole('button', { name: /^Sign out/ })).toHaveLength(3);
    expect(client.session.listSessions).toHaveBeenCalledTimes(1);

    // The other sessions end with a password change: the list is read again.
    await user.type(screen.getByLabelText('Current password'), 'the old pass phrase');
    await user.type(screen.getByLabelText('New password'), 'a brand new pass phrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/^Your password is changed\./)).toBeDefined();
    await waitFor(() => {
      expect(client.session.listSessions).toHaveBeenCalledTimes(2);
    });
  });
});
