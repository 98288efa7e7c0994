/** Changing one's password on Your account: checked as the API checks, the API's words on a field. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pets/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  createFakeClient,
  invalidBody,
  deferred,
  type FakeClient,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { ChangePasswordForm, PASSWORD_CHANGED } from './change-password-form.js';

/** The start of the new password's hint: the contract's lengths. */
const PASSWORD_HINT_START = new RegExp(
  `^${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
);
const OLD = 'the old pass phrase';
const NEW = 'a brand new pass phrase';

function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  prepare(client);
  return { client, ...renderWithApp(<ChangePasswordForm />, client, { url: '/admin/account' }) };
}

const current = () => screen.getByLabelText<HTMLInputElement>('Current password');
const next = () => screen.getByLabelText<HTMLInputElement>('New password');

describe('changing your password', () => {
  it('asks for the current password and a new one the browser may suggest', () => {
    setUp();
    expect(current().type).toBe('password');
    expect(current().autocomplete).toBe('current-password');
    expect(next().type).toBe('password');
    expect(next().autocomplete).toBe('new-password');
    expect(screen.getByText(PASSWORD_HINT_START).id).toBe(next().getAttribute('aria-describedby'));
    // Password managers learn whose password it is.
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe(
      'ann@acme.example',
    );
  });

  it('checks both passwords with the contract before sending', async () => {
    const { user, client } = setUp();
    await user.type(next(), 'too short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Current password is required.')).toBeDefined();
    expect(screen.getByText('New password must be at least 12 characters.')).toBeDefined();
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current());
    expect(client.session.changePassword).not.toHaveBeenCalled();
  });

  it('shows the API’s words for a wrong current password on its field', async () => {
    const { user, client } = setUp((fake) => {
      fake.session.changePassword.mockRejectedValue(
        invalidBody(
          'currentPassword',
          'is not your password',
          'The request body is invalid: currentPassword is not your password.',
        ),
      );
    });
    await user.type(current(), 'not my password at all');
    await user.type(next(), NEW);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const said = await screen.findByText('Current password is not your password.');
    expect(current().getAttribute('aria-describedby')).toContain(said.id);
    expect(document.activeElement).toBe(current());
    expect(client.session.changePassword).toHaveBeenCalledExactlyOnceWith({
      currentPassword: 'not my password at all',
      newPassword: NEW,
    });
    expect(screen.queryByText(PASSWORD_CHANGED)).toBeNull();
  });

  it('shows a common new password refused by the API on the new password', async () => {
    const { user } = setUp((fake) => {
      fake.session.changePassword.mockRejectedValue(
        invalidBody(
          'newPassword',
          'is one of the most common passwords',
          'The request body is invalid: newPassword is one of the most common passwords.',
        ),
      );
    });
    await user.type(current(), OLD);
    await user.type(next(), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('New password is one of the most common passwords.'),
    ).toBeDefined();
    expect(document.activeElement).toBe(next());
  });

  it('changes it, says the other sessions ended, and empties the fields', async () => {
    const answer = deferred<Awaited<ReturnType<FakeClient['session']['changePassword']>>>();
    const { user, client } = setUp((fake) => {
      fake.session.changePassword.mockReturnValue(answer.promise);
    });
    await user.type(current(), OLD);
    await user.type(next(), NEW);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Changing…' }).disabled).toBe(
      true,
    );
    answer.resolve(result(undefined, { status: 204 }));
    const said = await screen.findByText(PASSWORD_CHANGED);
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(() => {
      expect(document.activeElement).toBe(said);
    });
    expect(client.session.changePassword).toHaveBeenCalledExactlyOnceWith({
      currentPassword: OLD,
      newPassword: NEW,
    });
    expect(current().value).toBe('');
    expect(next().value).toBe('');
  });

  it('says in a sentence when the API cannot be reached', async () => {
    const { user } = setUp((fake) => {
      fake.session.changePassword.mockRejectedValue(
        apiError({ kind: 'network', status: undefined, message: 'fetch failed' }),
      );
    });
    await user.type(current(), OLD);
    await user.type(next(), NEW);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Could not reach the API. Check your connection, then retry.'),
    ).toBeDefined();
    expect(current().value).toBe(OLD);
  });
});
