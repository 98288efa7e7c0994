/**
 * Proves staff's Accounts pages: the list of accounts, creating one (a staff one after a dialog),
 * and an account's own page with its plan, keys and people, each changed as staff may.
 */
import type { Account, ApiKey, ApiResult, CreatedApiKey } from '@pets/client';
import { PROBLEMS } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  apiKey,
  createFakeClient,
  invalidBody,
  deferred,
  invitation,
  keysPage,
  peoplePage,
  person,
  result,
  signInAs,
  type FakeClient,
  usage,
} from '../../testing/fake-client.js';
import { renderAccountsRoute } from '../../testing/render-accounts.js';
import { dialogButton, expectLoadingThenError } from '../../testing/queries.js';

const ACCOUNTS = [
  account({ id: 1, name: 'Staff', role: 'staff', plan: 'business' }),
  account({
    id: 2,
    name: 'Big Pets',
    plan: 'enterprise',
    limits: { perMinute: 5000, perDay: 2_000_000 },
  }),
];

function setUp(url: string, prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  signInAs(client, ACCOUNTS[0] ?? account());
  client.admin.listAccounts.mockResolvedValue(result(ACCOUNTS));
  client.admin.getAccountUsage.mockImplementation((id) =>
    Promise.resolve(
      result(
        usage({
          minute: { used: 12, limit: id === 2 ? 5000 : 60 },
          day: { used: 40, limit: id === 2 ? 2_000_000 : 1000 },
        }),
      ),
    ),
  );
  client.admin.listKeysOfAccount.mockResolvedValue(
    keysPage([apiKey(5, { accountId: 2, label: 'Shop', prefix: 'pets_live_Sh5' })]),
  );
  prepare(client);
  return { client, ...renderAccountsRoute(client, url) };
}

const createForm = () => within(screen.getByRole('form', { name: 'Create an account' }));

const creates = (fake: FakeClient) => {
  fake.admin.createAccount.mockImplementation((input) =>
    Promise.resolve(
      result<Account>(
        account({ id: 9, name: input.name, plan: input.plan, role: input.role ?? 'partner' }),
      ),
    ),
  );
};

describe('the Accounts page', () => {
  it('lists name, id, plan, role and limits, each name a link to the account', async () => {
    setUp('/admin/accounts');
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeDefined();
    const name = await screen.findByRole('rowheader', { name: 'Big Pets' });
    const cells = [...(name.closest('tr')?.cells ?? [])].map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Big Pets', '2', 'enterprise', 'partner']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Id',
      'Plan',
      'Role',
      'This minute',
      'Today',
      'Refusals',
    ]);
    // Usage loads on its own (its own tests are in accounts-usage.spec.tsx).
    await waitFor(() => {
      expect(name.closest('tr')?.cells[4]?.textContent).toContain('12 of 5,000 this minute');
    });
    // On a phone each cell shows its column's name.
    expect(name.closest('tr')?.cells[4]?.getAttribute('data-label')).toBe('This minute');
    expect(name.closest('tr')?.cells[1]?.getAttribute('data-label')).toBe('Id');
    expect(within(name).getByRole('link').getAttribute('href')).toBe('/admin/accounts/2');
  });

  it('shows loading, then the error, in a live region', async () => {
    const pending = deferred<ApiResult<Account[]>>();
    setUp('/admin/accounts', (fake) => {
      fake.admin.listAccounts.mockReturnValue(pending.promise);
    });
    await expectLoadingThenError('Loading accounts…', pending);
  });

  it('says when there are no accounts', async () => {
    setUp('/admin/accounts', (fake) => {
      fake.admin.listAccounts.mockResolvedValue(result([]));
    });
    expect(await screen.findByText('There are no accounts yet.')).toBeDefined();
  });

  it('creates a partner account, then links to it as the next step', async () => {
    const { user, client } = setUp('/admin/accounts', creates);
    await screen.findByRole('rowheader', { name: 'Big Pets' });
    const form = createForm();
    expect(form.queryByLabelText('Requests per minute')).toBeNull();
    await user.type(form.getByLabelText('Name'), 'Acme');
    client.admin.listAccounts.mockResolvedValue(
      result([...ACCOUNTS, account({ id: 9, name: 'Acme' })]),
    );
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(client.admin.createAccount).toHaveBeenCalledWith({
      name: 'Acme',
      plan: 'free',
      role: 'partner',
    });
    const message = await screen.findByText('Created the account Acme (id 9).');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(client.admin.listAccounts).toHaveBeenCalledTimes(2);
    });

    const next = screen.getByRole('link', { name: 'Open Acme to give it a key' });
    expect(next.getAttribute('href')).toBe('/admin/accounts/9');
    client.admin.listKeysOfAccount.mockResolvedValue(keysPage([]));
    await user.click(next);
    expect(window.location.pathname).toBe('/admin/accounts/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeDefined();
    expect(client.admin.listKeysOfAccount).toHaveBeenCalledWith(
      9,
      { limit: 50 },
      expect.anything(),
    );
  });

  it('sends limits only for the enterprise plan', async () => {
    const { user, client } = setUp('/admin/accounts', creates);
    const form = createForm();
    await user.type(form.getByLabelText('Name'), 'Acme');
    await user.selectOptions(form.getByLabelText('Plan'), 'enterprise');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    // Empty limits: refused in the browser, on their fields, the first of them focused.
    expect(client.admin.createAccount).not.toHaveBeenCalled();
    expect(form.getByLabelText('Requests per minute').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByLabelText('Requests per day').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.getByLabelText('Requests per minute'));

    await user.type(form.getByLabelText('Requests per minute'), '500');
    await user.type(form.getByLabelText('Requests per day'), '90000');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(client.admin.createAccount).toHaveBeenCalledWith({
      name: 'Acme',
      plan: 'enterprise',
      role: 'partner',
      limits: { perMinute: 500, perDay: 90000 },
    });
  });

  it("sends an enterprise account's own number of open orders when one is given", async () => {
    const { user, client } = setUp('/admin/accounts', creates);
    const form = createForm();
    await user.type(form.getByLabelText('Name'), 'Acme');
    await user.selectOptions(form.getByLabelText('Plan'), 'enterprise');
    await user.type(form.getByLabelText('Requests per minute'), '500');
    await user.type(form.getByLabelText('Requests per day'), '90000');
    await user.type(form.getByLabelText(/^Open orders at once/), 'ten');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    // Not a number: refused on its field in the contract's words.
    expect(client.admin.createAccount).not.toHaveBeenCalled();
    expect(form.getByLabelText(/^Open orders at once/).getAttribute('aria-invalid')).toBe('true');
    await user.clear(form.getByLabelText(/^Open orders at once/));
    await user.type(form.getByLabelText(/^Open orders at once/), '40');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(client.admin.createAccount).toHaveBeenCalledWith({
      name: 'Acme',
      plan: 'enterprise',
      role: 'partner',
      limits: { perMinute: 500, perDay: 90000, openOrders: 40 },
    });
  });

  it('makes an account staff only after a dialog that says what staff can do', async () => {
    const { user, client } = setUp('/admin/accounts', creates);
    const form = createForm();
    await user.type(form.getByLabelText('Name'), 'Night shift');
    await user.selectOptions(form.getByLabelText('Role'), 'staff');
    const submit = form.getByRole('button', { name: 'Create account' });
    await user.click(submit);

    const dialog = screen.getByRole('dialog', { name: 'Make “Night shift” a staff account?' });
    expect(dialog.textContent).toContain('change and remove any pet');
    expect(dialog.textContent).toContain('create and revoke the keys of any account');
    expect(dialog.textContent).toContain('The role cannot be changed once the account exists.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(client.admin.createAccount).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(submit);
    expect(client.admin.createAccount).not.toHaveBeenCalled();
    // What was typed is still there.
    expect(form.getByLabelText<HTMLSelectElement>('Role').value).toBe('staff');

    await user.click(submit);
    await user.click(dialogButton('Create staff account'));
    expect(client.admin.createAccount).toHaveBeenCalledExactlyOnceWith({
      name: 'Night shift',
      plan: 'free',
      role: 'staff',
    });
    expect(await screen.findByText('Created the account Night shift (id 9).')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after the dialog, a refusal on a field focuses that field; any other, the button', async () => {
    const { user, client } = setUp('/admin/accounts');
    client.admin.createAccount
      .mockRejectedValueOnce(
        invalidBody('name', 'must not contain control characters', 'The request is not valid.'),
      )
      .mockRejectedValueOnce(
        invalidBody('owner', 'is not a field of an account', 'The request is not valid.'),
      );
    const form = createForm();
    await user.type(form.getByLabelText('Name'), 'Night shift');
    await user.selectOptions(form.getByLabelText('Role'), 'staff');
    const submit = form.getByRole('button', { name: 'Create account' });
    const confirm = async () => {
      await user.click(submit);
      await user.click(dialogButton('Create staff account'));
    };

    await confirm();
    const name = form.getByLabelText('Name');
    await waitFor(() => {
      expect(name.getAttribute('aria-invalid')).toBe('true');
    });
    expect(document.activeElement).toBe(name);

    // No field of the form to put it on: said for the form, and the button has focus again.
    await confirm();
    expect(await form.findByText(/owner is not a field of an account/)).toBeDefined();
    expect(document.activeElement).toBe(submit);
  });
});

describe("an account's page", () => {
  it('pages its keys with Previous and Next, the page in its address', async () => {
    const { client, user } = setUp('/admin/accounts/2', (fake) => {
      fake.admin.listKeysOfAccount.mockImplementation((_id, { cursor } = {}) =>
        Promise.resolve(
          cursor === undefined
            ? keysPage([apiKey(5, { accountId: 2, label: 'Shop' })], 'after-5')
            : keysPage([apiKey(6, { accountId: 2, label: 'Till' })]),
        ),
      );
    });
    expect(await screen.findByRole('rowheader', { name: 'Shop' })).toBeDefined();
    const pages = screen.getByRole('navigation', { name: 'Pages of keys' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(window.location.pathname).toBe('/admin/accounts/2');
    expect(window.location.search).toBe('?cursor=after-5');
    expect(await screen.findByRole('rowheader', { name: 'Till' })).toBeDefined();
    expect(client.admin.listKeysOfAccount).toHaveBeenLastCalledWith(
      2,
      { limit: 50, cursor: 'after-5' },
      expect.anything(),
    );
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('rowheader', { name: 'Shop' })).toBeDefined();
  });

  it('shows its plan, limits and role, and its keys', async () => {
    const { client } = setUp('/admin/accounts/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Big Pets' })).toBeDefined();
    const facts = screen.getByRole('heading', { name: 'Plan and limits' }).closest('section');
    expect(facts?.textContent).toContain('enterprise');
    expect(facts?.textContent.replace(/\D/g, '')).toContain('50002000000');
    expect(await screen.findByRole('rowheader', { name: 'Shop' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Keys of Big Pets' })).toBeDefined();
    expect(client.admin.listKeysOfAccount).toHaveBeenCalledWith(
      2,
      { limit: 50 },
      expect.anything(),
    );
    expect(client.listAccountKeys).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'All accounts' }).getAttribute('href')).toBe(
      '/admin/accounts',
    );
  });

  it('says so when there is no account with that id', async () => {
    setUp('/admin/accounts/77');
    const said = await screen.findByText(/^No account with id 77\./);
    expect(said.closest('[aria-live]')).not.toBeNull();
    expect(within(said).getByRole('link', { name: 'See all accounts' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Plan and limits' })).toBeNull();
  });

  it('asks nothing of the API for an address that cannot name an account', async () => {
    const { client } = setUp('/admin/accounts/abc');
    expect(await screen.findByText(/^No account with id abc\./)).toBeDefined();
    expect(client.admin.listAccounts).not.toHaveBeenCalled();
  });

  it('shows loading, then the error', async () => {
    const pending = deferred<ApiResult<Account[]>>();
    setUp('/admin/accounts/2', (fake) => {
      fake.admin.listAccounts.mockReturnValue(pending.promise);
    });
    expect(screen.getByText('Loading the account…').closest('[aria-live]')).not.toBeNull();
    pending.reject(apiError({ message: 'Internal error.' }));
    expect(await screen.findByText(/^Internal error\./)).toBeDefined();
  });

  it('changes the plan, with limits for enterprise, and says so', async () => {
    const { user, client } = setUp('/admin/accounts/1', (fake) => {
      fake.admin.changePlan.mockImplementation((id, change) =>
        Promise.resolve(result<Account>(account({ id, name: 'Staff', plan: change.plan }))),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    const form = within(screen.getByRole('form', { name: 'Change the plan of Staff' }));
    const plan = form.getByLabelText<HTMLSelectElement>('Plan');
    expect(plan.value).toBe('business');
    expect(document.activeElement).toBe(plan);

    await user.selectOptions(plan, 'enterprise');
    const perMinute = form.getByLabelText('Requests per minute');
    await user.clear(perMinute);
    await user.type(perMinute, 'many');
    await user.click(form.getByRole('button', { name: 'Save plan' }));
    // Refused in the browser, on the field, which takes focus.
    expect(client.admin.changePlan).not.toHaveBeenCalled();
    expect(perMinute.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(perMinute);

    await user.clear(perMinute);
    await user.type(perMinute, '2000');
    await user.click(form.getByRole('button', { name: 'Save plan' }));
    // The day kept from the plan (1,000) is below the new minute: the API's words, on the day.
    expect(client.admin.changePlan).not.toHaveBeenCalled();
    const perDay = form.getByLabelText('Requests per day');
    expect(perDay.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(perDay);
    expect(
      form.getByText('Requests per day must be at least the per-minute limit (2,000).'),
    ).toBeDefined();

    await user.clear(perDay);
    await user.type(perDay, '2000000');
    await user.click(form.getByRole('button', { name: 'Save plan' }));

    expect(client.admin.changePlan).toHaveBeenCalledWith(1, {
      plan: 'enterprise',
      limits: { perMinute: 2000, perDay: 2_000_000 },
    });
    const message = await screen.findByText('Staff is now on the enterprise plan.');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    expect(screen.queryByRole('form', { name: 'Change the plan of Staff' })).toBeNull();
    await waitFor(() => {
      expect(client.admin.listAccounts).toHaveBeenCalledTimes(2);
    });
  });

  it('puts focus back on Change plan when the change is cancelled', async () => {
    const { user, client } = setUp('/admin/accounts/2');
    const open = await screen.findByRole('button', { name: 'Change plan' });
    await user.click(open);
    const form = within(screen.getByRole('form', { name: 'Change the plan of Big Pets' }));
    await user.selectOptions(form.getByLabelText('Plan'), 'pro');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change plan' }));
    expect(client.admin.changePlan).not.toHaveBeenCalled();
  });

  it("creates a key for the account, shown once, and revokes the account's keys", async () => {
    const { user, client } = setUp('/admin/accounts/2', (fake) => {
      fake.admin.createKeyForAccount.mockImplementation((accountId, label) =>
        Promise.resolve(
          result<CreatedApiKey>({
            ...apiKey(6, { accountId, label, prefix: 'pets_live_Nw6' }),
            key: 'pets_live_Nw6_secret',
          }),
        ),
      );
      fake.admin.revokeKey.mockImplementation((id) =>
        Promise.resolve(result<ApiKey>(apiKey(id, { revokedAt: '2030-01-04T00:00:00.000Z' }))),
      );
    });
    await screen.findByRole('rowheader', { name: 'Shop' });
    expect(screen.getByRole('heading', { name: 'Create a key for Big Pets' })).toBeDefined();
    await user.type(screen.getByLabelText('Label'), 'Till');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByLabelText<HTMLInputElement>('New API key “Till”');
    expect(shown.value).toBe('pets_live_Nw6_secret');
    expect(client.admin.createKeyForAccount).toHaveBeenCalledWith(2, 'Till');
    expect(client.createAccountKey).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done, I have stored it' }));
    expect(document.body.textContent).not.toContain('pets_live_Nw6_secret');

    await user.click(screen.getByRole('button', { name: 'Revoke Shop' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key “Shop” (pets_live_Sh5…)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(client.admin.revokeKey).toHaveBeenCalledExactlyOnceWith(5);
    expect(client.revokeAccountKey).not.toHaveBeenCalled();
    expect(await screen.findByText('Revoked the key “Shop”.')).toBeDefined();
  });

  it('invites a person to the account: the link shown once, with a Copy button', async () => {
    const { client, user } = setUp('/admin/accounts/2', (fake) => {
      fake.admin.createInvitationForAccount.mockImplementation((accountId, { email }) =>
        Promise.resolve(
          result(
            invitation({ accountId, email, link: 'http://localhost:3000/admin/welcome#s3cr3t' }),
            {
              status: 201,
            },
          ),
        ),
      );
    });
    const section = within(
      (await screen.findByRole('heading', { level: 2, name: 'Invite a person' })).closest(
        'section',
      ) ?? document.body,
    );
    expect(section.getByText(/^They join Big Pets with a one-time link/)).toBeDefined();
    await user.type(section.getByLabelText('Email'), 'cy@bigpets.example');
    await user.click(section.getByRole('button', { name: 'Create invitation link' }));

    const link = await section.findByLabelText<HTMLInputElement>(
      'Invitation link for cy@bigpets.example',
    );
    expect(link.value).toBe('http://localhost:3000/admin/welcome#s3cr3t');
    expect(link.readOnly).toBe(true);
    expect(document.activeElement).toBe(link);
    expect(section.getByText('Copy this link now: it is shown once.')).toBeDefined();
    expect(section.getByRole('button', { name: 'Copy link' })).toBeDefined();
    expect(client.admin.createInvitationForAccount).toHaveBeenCalledWith(2, {
      email: 'cy@bigpets.example',
    });
    expect(client.session.createInvitation).not.toHaveBeenCalled();

    await user.click(section.getByRole('button', { name: 'Done, I have sent it' }));
    expect(document.body.textContent).not.toContain('s3cr3t');
    expect(document.activeElement).toBe(section.getByLabelText('Email'));
  });

  it("lists the account's people, which staff deactivate and make reset links for", async () => {
    const { client } = setUp('/admin/accounts/2', (fake) => {
      fake.admin.listPeopleOfAccount.mockResolvedValue(
        peoplePage([person({ id: 7, accountId: 2, name: 'Cy Big', email: 'cy@bigpets.example' })]),
      );
    });
    const section = within(
      (await screen.findByRole('heading', { level: 2, name: 'People of Big Pets' })).closest(
        'section',
      ) ?? document.body,
    );
    const row = (await section.findByRole('rowheader', { name: 'Cy Big' })).closest('tr');
    expect(row?.textContent).toContain('cy@bigpets.example');
    expect(section.getByRole('button', { name: 'Make reset link for Cy Big' })).toBeDefined();
    expect(section.getByRole('button', { name: 'Deactivate Cy Big' })).toBeDefined();
    expect(client.admin.listPeopleOfAccount).toHaveBeenCalledWith(
      2,
      { limit: 50 },
      expect.anything(),
    );
  });

  it("says in the API's words when the email already has a person", async () => {
    const { user } = setUp('/admin/accounts/2', (fake) => {
      fake.admin.createInvitationForAccount.mockRejectedValue(
        apiError({ ...PROBLEMS.emailTaken, status: 409 }),
      );
    });
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'ann@acme.example');
    await user.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(await screen.findByText(PROBLEMS.emailTaken.message)).toBeDefined();
  });
});
