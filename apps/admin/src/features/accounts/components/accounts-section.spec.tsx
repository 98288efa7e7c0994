import type { Account } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  createFakeClient,
  type FakeClient,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { AccountsSection } from './accounts-section.js';

function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  client.admin.listAccounts.mockResolvedValue(
    result([
      account({ id: 1, name: 'Staff', role: 'staff', plan: 'business' }),
      account({
        id: 2,
        name: 'Big Pets',
        plan: 'enterprise',
        limits: { perMinute: 5000, perDay: 2_000_000 },
      }),
    ]),
  );
  prepare(client);
  return { client, ...renderWithApp(<AccountsSection />, client, { url: '/admin/keys' }) };
}

const createForm = () => screen.getByRole('form', { name: 'Create an account' });

describe('accounts (staff)', () => {
  it('lists name, plan, role and limits', async () => {
    setUp();
    const row = (await screen.findByRole('rowheader', { name: 'Big Pets' })).closest('tr');
    const cells = [...(row?.cells ?? [])].map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Big Pets', 'enterprise', 'partner']);
    expect(cells[3]?.replace(/\D/g, '')).toBe('5000');
    expect(cells[4]?.replace(/\D/g, '')).toBe('2000000');
  });

  it('asks for limits only for the enterprise plan, and sends them only then', async () => {
    const { user, client } = setUp((fake) => {
      fake.admin.createAccount.mockImplementation((input) =>
        Promise.resolve(
          result<Account>(
            account({ id: 9, name: input.name, plan: input.plan, role: input.role ?? 'partner' }),
          ),
        ),
      );
    });
    await screen.findByRole('rowheader', { name: 'Big Pets' });
    const form = within(createForm());
    expect(form.queryByLabelText('Requests per minute')).toBeNull();

    await user.type(form.getByLabelText('Name'), 'Acme');
    await user.selectOptions(form.getByLabelText('Plan'), 'enterprise');
    await user.selectOptions(form.getByLabelText('Role'), 'staff');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    // Empty limits: refused in the browser, on their fields.
    expect(client.admin.createAccount).not.toHaveBeenCalled();
    expect(form.getByLabelText('Requests per minute').getAttribute('aria-invalid')).toBe('true');

    await user.type(form.getByLabelText('Requests per minute'), '500');
    await user.type(form.getByLabelText('Requests per day'), '90000');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(client.admin.createAccount).toHaveBeenCalledWith({
      name: 'Acme',
      plan: 'enterprise',
      role: 'staff',
      limits: { perMinute: 500, perDay: 90000 },
    });
    expect(await screen.findByText('Created the account Acme (id 9).')).toBeDefined();
    await waitFor(() => {
      expect(client.admin.listAccounts).toHaveBeenCalledTimes(2);
    });

    await user.type(form.getByLabelText('Name'), 'Small');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(client.admin.createAccount).toHaveBeenLastCalledWith({
      name: 'Small',
      plan: 'free',
      role: 'partner',
    });
  });

  it('changes a plan, with limits for enterprise', async () => {
    const { user, client } = setUp((fake) => {
      fake.admin.changePlan.mockImplementation((id, change) =>
        Promise.resolve(result<Account>(account({ id, name: 'Staff', plan: change.plan }))),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Change plan of Staff' }));

    const form = within(screen.getByRole('form', { name: 'Change the plan of Staff' }));
    const plan = form.getByLabelText<HTMLSelectElement>('Plan');
    expect(plan.value).toBe('business');
    expect(document.activeElement).toBe(plan);

    await user.selectOptions(plan, 'enterprise');
    const perMinute = form.getByLabelText('Requests per minute');
    await user.clear(perMinute);
    await user.type(perMinute, '2000');
    await user.click(form.getByRole('button', { name: 'Save plan' }));

    expect(client.admin.changePlan).toHaveBeenCalledWith(1, {
      plan: 'enterprise',
      limits: { perMinute: 2000, perDay: 1000 },
    });
    const message = await screen.findByText('Staff is now on the enterprise plan.');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    expect(screen.queryByRole('form', { name: 'Change the plan of Staff' })).toBeNull();
  });

  it('puts focus back on the row when a change is cancelled', async () => {
    const { user, client } = setUp();
    const open = await screen.findByRole('button', { name: 'Change plan of Big Pets' });
    await user.click(open);
    const form = within(screen.getByRole('form', { name: 'Change the plan of Big Pets' }));
    await user.selectOptions(form.getByLabelText('Plan'), 'pro');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(open);
    expect(client.admin.changePlan).not.toHaveBeenCalled();
  });
});
