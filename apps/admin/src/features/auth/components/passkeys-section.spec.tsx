/** Your passkeys: the list, adding one with a name, removing one and the password after dialogs. */
import { PROBLEMS } from '@pets/contract';
import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  createFakeClient,
  currentSession,
  type FakeClient,
  passkey,
  passkeysPage,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { AccountRoute } from '../../../app/routes/account.js';
import { ADD_PROMPT_CLOSED } from '../utils/passkey-sentences.js';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Pet store', id: 'localhost' } };
const CREDENTIAL = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: [] },
  clientExtensionResults: {},
};
const LAPTOP = passkey(1, { name: 'Laptop', lastUsedAt: '2030-01-01T08:00:00.000Z' });
const PHONE = passkey(2, { name: 'Phone' });

function setUp(prepare: (client: FakeClient) => void = () => undefined, hasPassword = true) {
  const client = createFakeClient();
  client.session.listPasskeys.mockResolvedValue(passkeysPage([LAPTOP, PHONE]));
  prepare(client);
  return {
    client,
    ...renderWithApp(<AccountRoute />, client, {
      url: '/admin/account',
      session: currentSession({ hasPassword }),
    }),
  };
}

const section = () => screen.getByRole('region', { name: 'Passkeys' });

describe('your passkeys', () => {
  afterEach(() => {
    vi.mocked(startRegistration).mockReset();
  });

  it('lists each passkey’s name, when it was added and last used', async () => {
    setUp();
    const laptop = await screen.findByRole('rowheader', { name: 'Laptop' });
    const row = laptop.closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('time')].map((time) => time.dateTime)).toEqual([
      LAPTOP.createdAt,
      '2030-01-01T08:00:00.000Z',
    ]);
    const phone = (await screen.findByRole('rowheader', { name: 'Phone' })).closest('tr');
    expect(within(phone as HTMLElement).getByText('Never')).toBeDefined();
    expect(
      within(section()).getByRole('button', { name: 'Remove the passkey Phone' }),
    ).toBeDefined();
  });

  it('adds a passkey: the API’s options to the browser, its credential and name to the API', async () => {
    const { client, user } = setUp((fake) => {
      fake.session.startPasskeyRegistration.mockResolvedValue(result(OPTIONS));
      fake.session.addPasskey.mockResolvedValue(
        result(passkey(3, { name: 'Work laptop' }), { status: 201 }),
      );
    });
    vi.mocked(startRegistration).mockResolvedValue(CREDENTIAL);
    await user.type(await screen.findByLabelText(/^Passkey name/), 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Added the passkey Work laptop.')).toBeDefined();
    expect(startRegistration).toHaveBeenCalledExactlyOnceWith({ optionsJSON: OPTIONS });
    expect(client.session.addPasskey).toHaveBeenCalledExactlyOnceWith({
      name: 'Work laptop',
      credential: CREDENTIAL,
    });
    await waitFor(() => {
      expect(client.session.listPasskeys).toHaveBeenCalledTimes(2);
    });
  });

  it('needs a name first, and says calmly when the prompt closes', async () => {
    const { client, user } = setUp((fake) => {
      fake.session.startPasskeyRegistration.mockResolvedValue(result(OPTIONS));
    });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(client.session.startPasskeyRegistration).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Passkey name/));
    vi.mocked(startRegistration).mockRejectedValue(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    await user.type(screen.getByLabelText(/^Passkey name/), 'Laptop 2');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(ADD_PROMPT_CLOSED)).toBeDefined();
    expect(client.session.addPasskey).not.toHaveBeenCalled();
  });

  it('removes a passkey only after the dialog; Keep it changes nothing', async () => {
    const { client, user } = setUp((fake) => {
      fake.session.removePasskey.mockResolvedValue(result(undefined, { status: 204 }));
    });
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the passkey Phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(client.session.removePasskey).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove the passkey Phone' }));
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(client.session.removePasskey).toHaveBeenCalledExactlyOnceWith(PHONE.id);
    expect(await screen.findByText('Removed the passkey Phone.')).toBeDefined();
  });

  it('says the API’s words when the last way in cannot go', async () => {
    const { user } = setUp((fake) => {
      fake.session.removePasskey.mockRejectedValue(
        apiError({ status: 409, ...PROBLEMS.passwordStillNeeded }),
      );
    }, false);
    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(
      await screen.findByText(new RegExp(PROBLEMS.passwordStillNeeded.message.slice(0, 40))),
    ).toBeDefined();
  });

  it('removes the password after a dialog, then hides the password form and the button', async () => {
    const { client, user } = setUp((fake) => {
      fake.session.removePassword.mockResolvedValue(result(undefined, { status: 204 }));
    });
    expect(await screen.findByLabelText(/^Current password/)).toBeDefined();
    client.session.getCurrentSession.mockResolvedValue(
      result(currentSession({ hasPassword: false })),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove your password' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your password?' });
    await user.type(within(dialog).getByLabelText('Current password'), 'my password now');
    await user.click(within(dialog).getByRole('button', { name: 'Remove password' }));
    expect(client.session.removePassword).toHaveBeenCalledTimes(1);
    expect(client.session.removePassword).toHaveBeenCalledWith({
      currentPassword: 'my password now',
    });
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Remove your password' })).toBeNull();
    });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    expect(screen.getByText(/You have no password/)).toBeDefined();
  });

  it('says a wrong password on its field in the dialog, which stays open to try again', async () => {
    const { user } = setUp((fake) => {
      fake.session.removePassword.mockRejectedValue(
        apiError({
          status: 400,
          ...PROBLEMS.wrongCurrentPassword,
          details: [{ field: 'currentPassword', issue: 'is not your password' }],
        }),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Remove your password' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your password?' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove password' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Current password'), 'not my password');
    await user.click(confirm);
    expect(await within(dialog).findByText('Current password is not your password.')).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Remove your password?' })).toBeDefined();
  });

  it('offers no password removal without a passkey, nor to a person with no password', async () => {
    setUp((fake) => {
      fake.session.listPasskeys.mockResolvedValue(passkeysPage([]));
    });
    expect(await screen.findByText('You have no passkeys yet.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Remove your password' })).toBeNull();
  });

  it('a person with no password sees no password form', async () => {
    setUp(undefined, false);
    await screen.findByRole('rowheader', { name: 'Laptop' });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove your password' })).toBeNull();
  });
});
