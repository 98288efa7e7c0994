/**
 * Proves the keys section: keys listed with their use, a new key shown once, the label checked
 * before sending, revocation after a dialog that names the key, failures said, and paging kept
 * in the address.
 */
import type { ApiKey, CreatedApiKey, KeysPage } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  apiKey,
  createFakeClient,
  deferred,
  type FakeClient,
  result,
  keysPage,
} from '../../../testing/fake-client.js';
import { renderApp, renderWithApp } from '../../../testing/render.js';
import { dialogButton, expectLoadingThenError, findRow } from '../../../testing/queries.js';
import { KeysSection } from './keys-section.js';

const SECRET = 'pets_live_Zz9_the-whole-secret-key';

function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  client.listAccountKeys.mockResolvedValue(
    keysPage([
      apiKey(1, { label: 'Admin', prefix: 'pets_live_K1' }),
      apiKey(2, {
        label: 'Shop',
        lastUsedAt: '2030-01-02T10:00:00.000Z',
        createdBy: { type: 'person', personId: 7, name: 'Ann Lee' },
      }),
      apiKey(3, {
        label: 'Old',
        revokedAt: '2030-01-03T10:00:00.000Z',
        createdBy: { type: 'key', keyId: 1 },
      }),
    ]),
  );
  prepare(client);
  return { client, ...renderWithApp(<KeysSection of="own" />, client, { url: '/admin/keys' }) };
}

/** The row of a key, by the start of its label. */
const rowOf = (label: string) => findRow(new RegExp(`^${label}`));

describe('the keys of the account', () => {
  it('lists label, prefix, use and whether each is revoked', async () => {
    setUp();
    const admin = await rowOf('Admin');
    expect(admin.textContent).toContain('pets_live_K1');
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

  it('says who made each key: a person by name, another key, or the command-line tool', async () => {
    setUp();
    const madeBy = async (label: string) =>
      (await rowOf(label)).querySelector('td[data-label="Made by"]')?.textContent;
    expect(await madeBy('Admin')).toBe('Command-line tool');
    expect(await madeBy('Shop')).toBe('Ann Lee');
    expect(await madeBy('Old')).toBe('Another key (id 1)');
  });

  it('shows a new key once, focused, with a copy button and a warning, until dismissed', async () => {
    const { user, client } = setUp((fake) => {
      fake.createAccountKey.mockImplementation((label) =>
        Promise.resolve(
          result<CreatedApiKey>({ ...apiKey(9, { label, prefix: 'pets_live_Zz9' }), key: SECRET }),
        ),
      );
    });
    await rowOf('Admin');

    await user.type(screen.getByLabelText('Label'), 'CI server');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText<HTMLInputElement>('New API key “CI server”');
    expect(client.createAccountKey).toHaveBeenCalledWith('CI server');
    expect(shown.value).toBe(SECRET);
    expect(shown.readOnly).toBe(true);
    await waitFor(() => {
      expect(document.activeElement).toBe(shown);
    });
    expect(screen.getByText('Copy this key now: you will not see it again.')).toBeDefined();
    await waitFor(() => {
      expect(client.listAccountKeys).toHaveBeenCalledTimes(2);
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
    expect(client.createAccountKey).not.toHaveBeenCalled();
  });

  it('revokes a key only after a dialog that names it; Keep key changes nothing', async () => {
    const { user, client } = setUp((fake) => {
      fake.revokeAccountKey.mockImplementation((id) =>
        Promise.resolve(result<ApiKey>(apiKey(id, { revokedAt: '2030-01-04T00:00:00.000Z' }))),
      );
    });
    const shop = await rowOf('Shop');
    const revoke = within(shop).getByRole('button', { name: 'Revoke Shop' });

    await user.click(revoke);
    const dialog = screen.getByRole('dialog', {
      name: 'Revoke the key “Shop” (pets_live_K2…)?',
    });
    expect(dialog.textContent).not.toContain('signed out');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep key' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep key' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(revoke);
    expect(client.revokeAccountKey).not.toHaveBeenCalled();

    client.listAccountKeys.mockResolvedValue(
      keysPage([apiKey(2, { label: 'Shop', revokedAt: '2030-01-04T00:00:00.000Z' })]),
    );
    await user.click(revoke);
    await user.click(dialogButton('Revoke key'));

    expect(client.revokeAccountKey).toHaveBeenCalledExactlyOnceWith(2);
    const message = await screen.findByText('Revoked the key “Shop”.');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    expect(message.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => {
      expect((await rowOf('Shop')).textContent).toContain('Revoked');
    });
  });

  it('names a key without a label by its prefix', async () => {
    const { user } = setUp((fake) => {
      fake.listAccountKeys.mockResolvedValue(
        keysPage([apiKey(4, { label: '', prefix: 'pets_live_Q4' })]),
      );
    });
    const row = (await screen.findByRole('rowheader', { name: 'No label' })).closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: 'Revoke pets_live_Q4…' }));
    expect(screen.getByRole('dialog', { name: 'Revoke the key pets_live_Q4…?' })).toBeDefined();
  });

  it('revokes any key and stays signed in: people sign in, keys are for programs', async () => {
    const client = createFakeClient();
    client.listAccountKeys.mockResolvedValue(keysPage([apiKey(1, { label: 'Admin' })]));
    client.revokeAccountKey.mockImplementation((id) =>
      Promise.resolve(result<ApiKey>(apiKey(id, { revokedAt: '2030-01-04T00:00:00.000Z' }))),
    );
    const { user } = renderApp(client, { url: '/admin/keys' });
    const admin = await rowOf('Admin');
    await user.click(within(admin).getByRole('button', { name: 'Revoke Admin' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).not.toContain('signed in');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(client.revokeAccountKey).toHaveBeenCalledWith(1);
    expect(await screen.findByText('Revoked the key “Admin”.')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeDefined();
    expect(client.session.signOut).not.toHaveBeenCalled();
  });

  it('says why a revocation failed, and gives focus back to the row', async () => {
    const { user } = setUp((fake) => {
      fake.revokeAccountKey.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No such key.' }),
      );
    });
    const shop = await rowOf('Shop');
    const revoke = within(shop).getByRole('button', { name: 'Revoke Shop' });
    await user.click(revoke);
    await user.click(dialogButton('Revoke key'));
    expect(await screen.findByText('No such key.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(revoke);
  });

  it('shows loading, then the error, in a live region', async () => {
    const pending = deferred<KeysPage>();
    setUp((fake) => {
      fake.listAccountKeys.mockReturnValue(pending.promise);
    });
    await expectLoadingThenError('Loading keys…', pending);
  });

  it('says when the account has no keys', async () => {
    setUp((fake) => {
      fake.listAccountKeys.mockResolvedValue(keysPage([]));
    });
    expect(await screen.findByText('This account has no keys.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages the keys with Previous and Next, the page kept in the address', async () => {
    const { user, client } = setUp((fake) => {
      fake.listAccountKeys.mockImplementation(({ cursor } = {}) =>
        Promise.resolve(
          cursor === undefined
            ? keysPage([apiKey(1, { label: 'First' })], 'after-1')
            : keysPage([apiKey(2, { label: 'Second' })]),
        ),
      );
    });
    await rowOf('First');
    expect(client.listAccountKeys).toHaveBeenCalledWith({ limit: 50 }, expect.anything());
    const pages = screen.getByRole('navigation', { name: 'Pages of keys' });
    expect(
      within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled,
    ).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(window.location.pathname).toBe('/admin/keys');
    expect(window.location.search).toBe('?cursor=after-1');
    await rowOf('Second');
    expect(client.listAccountKeys).toHaveBeenLastCalledWith(
      { limit: 50, cursor: 'after-1' },
      expect.anything(),
    );
    expect(screen.queryByRole('rowheader', { name: /^First/ })).toBeNull();
    await waitFor(() => {
      expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(
        true,
      );
    });
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('');
    await rowOf('First');
  });

  it('shows no pager when every key fits on one page', async () => {
    setUp();
    await rowOf('Admin');
    expect(screen.queryByRole('navigation', { name: 'Pages of keys' })).toBeNull();
  });

  it('offers the first page when a page from the address is refused', async () => {
    window.history.replaceState(null, '', '/admin/keys?cursor=stale');
    const client = createFakeClient();
    client.listAccountKeys.mockImplementation(({ cursor } = {}) =>
      cursor === undefined
        ? Promise.resolve(keysPage([apiKey(1, { label: 'First' })]))
        : Promise.reject(
            apiError({
              code: 'invalid_query',
              status: 400,
              message: 'The query string is invalid: cursor is not a valid cursor.',
            }),
          ),
    );
    const { user } = renderWithApp(<KeysSection of="own" />, client, {
      url: '/admin/keys?cursor=stale',
    });
    await user.click(await screen.findByRole('button', { name: 'Back to the first page' }));
    expect(window.location.search).toBe('');
    await rowOf('First');
  });
});
