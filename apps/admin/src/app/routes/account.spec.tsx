import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  createFakeClient,
  invitation,
  result,
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
});
