/**
 * Proves how the Accounts pages show each account's use of its limits: named meters, refusals and
 * bans, the nearest its limit first, a failed read said in its row, read again every 5 seconds.
 */
import type { Account, AccountUsage, ApiResult } from '@pets/client';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  deferred,
  keysPage,
  result,
  signInAs,
  type FakeClient,
  usage,
} from '../../testing/fake-client.js';
import { renderAccountsRoute } from '../../testing/render-accounts.js';
import { getRow } from '../../testing/queries.js';

const ACCOUNTS: Account[] = [
  account({ id: 1, name: 'Staff', role: 'staff', plan: 'enterprise' }),
  account({ id: 2, name: 'Acme Pets' }),
  account({ id: 3, name: 'Big Pets', plan: 'pro', limits: { perMinute: 300, perDay: 10_000 } }),
];

const USAGE: Record<number, AccountUsage> = {
  1: usage({ minute: { used: 3, limit: 100_000 }, day: { used: 90, limit: 1_000_000 } }),
  // Near its daily limit (81%), not its minute's.
  2: usage({ minute: { used: 1 }, day: { used: 812 } }),
  // Its whole minute used (100%), one request refused, a key banned.
  3: usage({
    minute: { used: 300, limit: 300 },
    day: { used: 900, limit: 10_000 },
    refusedToday: 1,
    bannedUntil: '2030-01-01T19:46:00.000Z',
  }),
};

function setUp(
  prepare: (client: FakeClient) => void = () => undefined,
  { url = '/admin/accounts' } = {},
) {
  const client = createFakeClient();
  signInAs(client, ACCOUNTS[0] ?? account());
  client.admin.listAccounts.mockResolvedValue(result(ACCOUNTS));
  client.admin.getAccountUsage.mockImplementation((id) => {
    const found = USAGE[id];
    return found ? Promise.resolve(result(found)) : Promise.reject(apiError());
  });
  client.admin.listKeysOfAccount.mockResolvedValue(keysPage([]));
  prepare(client);
  return { client, ...renderAccountsRoute(client, url) };
}

const cellOf = (name: string, label: string) => {
  const cell = getRow(name).querySelector(`td[data-label="${label}"]`);
  if (!cell) throw new Error(`no ${label} cell for ${name}`);
  return cell;
};

const rowNames = () =>
  screen
    .getAllByRole('rowheader')
    .map((header) => header.textContent)
    .filter(Boolean);

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe("the Accounts page's usage", () => {
  it('shows this minute and today as named meters with their texts', async () => {
    setUp();
    const minute = await screen.findByRole('meter', { name: 'Big Pets: requests this minute' });
    expect(minute.getAttribute('value')).toBe('300');
    expect(minute.getAttribute('max')).toBe('300');
    const described = document.getElementById(minute.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('300 of 300 this minute');

    const today = screen.getByRole('meter', { name: 'Acme Pets: requests today' });
    expect(today.getAttribute('value')).toBe('812');
    expect(today.getAttribute('max')).toBe('1000');
    expect(cellOf('Acme Pets', 'Today').textContent).toContain('812 of 1,000 today');
    expect(cellOf('Acme Pets', 'This minute').textContent).toContain('1 of 60 this minute');
    expect(cellOf('Staff', 'Today').textContent).toContain('90 of 1,000,000 today');
  });

  it('shows the refusals of the day, and a ban with its full time', async () => {
    setUp();
    await screen.findByRole('meter', { name: 'Big Pets: requests this minute' });
    const refusals = cellOf('Big Pets', 'Refusals');
    expect(refusals.textContent).toMatch(/^1 refused todayBanned until /);
    const until = refusals.querySelector('time');
    expect(until?.getAttribute('dateTime')).toBe('2030-01-01T19:46:00.000Z');
    // The full date and time on hover; the text is the time (with the date on another day).
    expect(until?.getAttribute('title')).toMatch(/2030/);
    expect(until?.textContent).toMatch(/\d{1,2}:46/);

    expect(cellOf('Acme Pets', 'Refusals').textContent).toBe('None');
    expect(cellOf('Acme Pets', 'Refusals').querySelector('time')).toBeNull();
  });

  it('sorts the accounts by how near each is to its limit, unread ones last', async () => {
    const pending = deferred<ApiResult<AccountUsage>>();
    const { client } = setUp((fake) => {
      fake.admin.listAccounts.mockResolvedValue(
        result([...ACCOUNTS, account({ id: 4, name: 'Aardvark Supplies' })]),
      );
      const usageOf = fake.admin.getAccountUsage.getMockImplementation();
      fake.admin.getAccountUsage.mockImplementation((id, options) =>
        id === 4 ? pending.promise : (usageOf?.(id, options) ?? Promise.reject(new Error())),
      );
    });
    await screen.findByRole('meter', { name: 'Big Pets: requests this minute' });
    // Big Pets at 100% of its minute, Acme Pets at 81% of its day, Staff at 0.009% of its day.
    expect(rowNames()).toEqual(['Big Pets', 'Acme Pets', 'Staff', 'Aardvark Supplies']);
    expect(cellOf('Aardvark Supplies', 'Usage').textContent).toBe('Loading usage…');

    // Once read, it takes its place; an equal share goes by name.
    pending.resolve(result(usage({ minute: { used: 1 }, day: { used: 812 } })));
    await waitFor(() => {
      expect(rowNames()).toEqual(['Big Pets', 'Aardvark Supplies', 'Acme Pets', 'Staff']);
    });
    expect(client.admin.getAccountUsage).toHaveBeenCalledWith(4, expect.anything());
  });

  it('says a failed read shortly in its row, with the request id, and keeps the table', async () => {
    setUp((fake) => {
      const usageOf = fake.admin.getAccountUsage.getMockImplementation();
      fake.admin.getAccountUsage.mockImplementation((id, options) =>
        id === 2
          ? Promise.reject(apiError({ requestId: 'req-usage-2' }))
          : (usageOf?.(id, options) ?? Promise.reject(new Error())),
      );
    });
    const cell = await waitFor(() => {
      const found = cellOf('Acme Pets', 'Usage');
      expect(found.textContent).toContain('Usage unavailable');
      return found;
    });
    expect(cell.getAttribute('colSpan')).toBe('3');
    const copy = within(getRow('Acme Pets')).getByRole('button', { name: 'Copy request id' });
    expect(copy.getAttribute('title')).toBe('req-usage-2');
    // The other accounts, and the list itself, are as before; the failed one goes last.
    expect(screen.getByRole('meter', { name: 'Big Pets: requests this minute' })).toBeDefined();
    expect(rowNames()).toEqual(['Big Pets', 'Staff', 'Acme Pets']);
    expect(screen.queryByText(/^Internal error/)).toBeNull();
  });

  it('reads the usage again every 5 seconds, not while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { client } = setUp();
    await screen.findByRole('meter', { name: 'Big Pets: requests this minute' });
    const callsOf = (id: number) =>
      client.admin.getAccountUsage.mock.calls.filter(([account]) => account === id).length;
    expect(callsOf(3)).toBe(1);

    client.admin.getAccountUsage.mockImplementation((id) =>
      Promise.resolve(result(id === 3 ? usage({ minute: { used: 0, limit: 300 } }) : USAGE[id]!)),
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(callsOf(3)).toBe(2);
    await waitFor(() => {
      expect(cellOf('Big Pets', 'This minute').textContent).toContain('0 of 300 this minute');
    });
    // Read again, Big Pets is no longer the nearest its limit.
    expect(rowNames()).toEqual(['Acme Pets', 'Staff', 'Big Pets']);

    // A hidden tab asks nothing; shown again, the reads go on.
    act(() => {
      focusManager.setFocused(false);
    });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(callsOf(3)).toBe(2);
    act(() => {
      focusManager.setFocused(true);
    });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(callsOf(3)).toBe(3);
  });
});

describe("an account's page", () => {
  it('shows the same usage: both meters, the refusals and the ban', async () => {
    setUp(undefined, { url: '/admin/accounts/3' });
    const section = await screen.findByRole('region', { name: 'Usage' });
    const minute = await within(section).findByRole('meter', { name: 'Requests this minute' });
    expect(minute.getAttribute('value')).toBe('300');
    expect(section.textContent).toContain('300 of 300 this minute');
    expect(within(section).getByRole('meter', { name: 'Requests today' })).toBeDefined();
    expect(section.textContent).toContain('900 of 10,000 today');
    expect(section.textContent).toContain('1 refused today');
    expect(section.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2030-01-01T19:46:00.000Z',
    );
  });
});
