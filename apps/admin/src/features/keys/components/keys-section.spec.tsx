import type { ApiKey, CreatedApiKey } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  apiKey,
  createFakeClient,
  type FakeClient,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp, TEST_API_KEY } from '../../../testing/render.js';
import { KeysSection } from './keys-section.js';

const SECRET = 'pets_live_Zz9_the-whole-secret-key';

function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  client.listKeys.mockResolvedValue(
    result([
      apiKey(1, { label: 'Admin', prefix: TEST_API_KEY.slice(0, 12) }),
      apiKey(2, { label: 'Shop', lastUsedAt: '2030-01-02T10:00:00.000Z' }),
      apiKey(3, { label: 'Old', revokedAt: '2030-01-03T10:00:00.000Z' }),
    ]),
  );
  prepare(client);
  return { client, ...renderWithApp(<KeysSection />, client, { url: '/admin/keys' }) };
}

const rowOf = async (label: string) => {
  const header = await screen.findByRole('rowheader', { name: new RegExp(`^${label}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return row;
};

describe('the keys of the account', () => {
  it('lists label, prefix, use and whether each is revoked', async () => {
    setUp();
    const admin = await rowOf('Admin');
    expect(admin.textContent).toContain(TEST_API_KEY.slice(0, 12));
    expect(admin.textContent).toContain('signed in with it');
    expect(admin.textContent).toContain('Never');
    expect(admin.textContent).toContain('Active');
    const shop = await rowOf('Shop');
    expect(shop.querySelectorAll('time')[1]?.getAttribute('dateTime')).toBe(
      '2030-01-02T10:00:00.000Z',
    );
    const old = await rowOf('Old');
    expect(old.textContent).toContain('Revoked');
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('shows a new key once, focused, with a copy button and a warning, until dismissed', async () => {
    const { user, client } = setUp((fake) => {
      fake.createKey.mockImplementation((label) =>
        Promise.resolve(
          result<CreatedApiKey>({ ...apiKey(9, { label, prefix: 'pets_live_Zz9' }), key: SECRET }),
        ),
      );
    });
    await rowOf('Admin');

    await user.type(screen.getByLabelText('Label'), 'CI server');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText<HTMLInputElement>('New API key “CI server”');
    expect(client.createKey).toHaveBeenCalledWith('CI server');
    expect(shown.value).toBe(SECRET);
    expect(shown.readOnly).toBe(true);
    await waitFor(() => {
      expect(document.activeElement).toBe(shown);
    });
    expect(screen.getByText('Copy this key now: you will not see it again.')).toBeDefined();
    await waitFor(() => {
      expect(client.listKeys).toHaveBeenCalledTimes(2);
    });

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByText('Copied to the clipboard.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Done, I have stored it' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.activeElement).toBe(screen.getByLabelText('Label'));
  });

  it('checks the label with the contract before sending it', async () => {
    const { user, client } = setUp();
    await rowOf('Admin');
    // Only a filler character: it would look like an empty label in every list.
    await user.type(screen.getByLabelText('Label'), '\u3164\u3164');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const input = screen.getByLabelText('Label');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(
      screen.getByText('Label must contain a visible character.').id,
    );
    expect(client.createKey).not.toHaveBeenCalled();
  });

  it('revokes a key only after a confirmation', async () => {
    const { user, client } = setUp((fake) => {
      fake.revokeKey.mockImplementation((id) =>
        Promise.resolve(result<ApiKey>(apiKey(id, { revokedAt: '2030-01-04T00:00:00.000Z' }))),
      );
    });
    const shop = await rowOf('Shop');

    await user.click(within(shop).getByRole('button', { name: 'Revoke Shop' }));
    expect(client.revokeKey).not.toHaveBeenCalled();
    const confirm = within(shop).getByRole('button', { name: 'Confirm revoke Shop' });
    expect(document.activeElement).toBe(confirm);

    await user.click(within(shop).getByRole('button', { name: 'Cancel' }));
    expect(within(shop).queryByRole('button', { name: 'Confirm revoke Shop' })).toBeNull();
    expect(document.activeElement).toBe(within(shop).getByRole('button', { name: 'Revoke Shop' }));
    expect(client.revokeKey).not.toHaveBeenCalled();

    client.listKeys.mockResolvedValue(
      result([apiKey(2, { label: 'Shop', revokedAt: '2030-01-04T00:00:00.000Z' })]),
    );
    await user.click(within(shop).getByRole('button', { name: 'Revoke Shop' }));
    await user.click(within(shop).getByRole('button', { name: 'Confirm revoke Shop' }));

    expect(client.revokeKey).toHaveBeenCalledExactlyOnceWith(2);
    const message = await screen.findByText('Revoked the key “Shop”.');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    await waitFor(async () => {
      expect((await rowOf('Shop')).textContent).toContain('Revoked');
    });
  });

  it('warns before revoking the key of this session', async () => {
    const { user } = setUp();
    const admin = await rowOf('Admin');
    await user.click(within(admin).getByRole('button', { name: 'Revoke Admin' }));
    expect(admin.textContent).toContain('You will be signed out.');
  });

  it('says why a revocation failed', async () => {
    const { user } = setUp((fake) => {
      fake.revokeKey.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No such key.' }),
      );
    });
    const shop = await rowOf('Shop');
    await user.click(within(shop).getByRole('button', { name: 'Revoke Shop' }));
    await user.click(within(shop).getByRole('button', { name: 'Confirm revoke Shop' }));
    expect(await screen.findByText('No such key.')).toBeDefined();
  });
});
