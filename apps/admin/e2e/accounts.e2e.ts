/**
 * Browser tests of the Accounts pages and the keys tables, at 1280×800 and on a 390×844 phone:
 * staff create a partner account, follow the link to it, give it a key, revoke the key after a
 * dialog that names it and change its plan; nothing scrolls sideways and every action is in reach.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { awayFromMinuteEdge } from '@pets/services';
import { callApi, statusOnceRevoked } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectAllActionsWithinWidth,
  expectWithinWidth,
  forwardedFor,
  it,
  screenshot,
  sidewaysScroll,
  signIn,
} from './browser.js';
import { acceptInvitation } from './global-setup.js';

const { baseUrl, staffKey, people } = inject('e2e');
const LONG_LABEL = `Nightly-export-${'x'.repeat(85)}`;

/** The roles Chromium gives a table's rows and cells, as assistive technology gets them. */
async function tableRolesInChromium(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const { nodes } = await session.send('Accessibility.getFullAXTree');
  await session.detach();
  return nodes
    .map((node) => (typeof node.role?.value === 'string' ? node.role.value : ''))
    .filter((role) => /^(table|row|rowheader|columnheader|cell)$/i.test(role));
}

describe('a member of staff on a desktop', () => {
  let page: Page;
  let accountPath = '';
  let key = '';
  let errors: string[] = [];

  it.beforeAll(async ({ pages }) => {
    page = await pages.desktop({ as: people.staff });
    errors = collectErrors(page);
  });

  it('sees only its own keys on the API keys page, in a table that fits', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(/\/admin\/keys$/);
    const table = page.getByRole('table', { name: 'Your keys' });
    await table.waitFor();
    expect(await page.getByRole('heading', { name: 'Accounts' }).count()).toBe(0);
    // A label of 100 characters without a space breaks in its cell rather than widen the table.
    await page.getByLabel('Label').fill(LONG_LABEL);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    await table.getByRole('rowheader', { name: LONG_LABEL }).waitFor();
    for (const revoke of await table.getByRole('button', { name: /^Revoke / }).all()) {
      await expectWithinWidth(page, revoke);
      // One line: the button's text is not broken inside a word.
      expect((await revoke.boundingBox())?.height).toBeLessThan(48);
    }
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'keys-own-1280');
  });

  it('opens Accounts and sees every account with its id, plan, role and limits', async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(/\/admin\/accounts$/);
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    const staff = page.getByRole('row', { name: /^Staff \d+ enterprise staff/ });
    await staff.waitFor();
    expect(await page.getByRole('rowheader', { name: 'Zoo Shop' }).count()).toBe(1);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'accounts');
    await expectAccessible(page, 'the Accounts page');
  });

  it('asks before making an account staff, saying what staff can do', async () => {
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Night Shift');
    await form.getByLabel('Role').selectOption('staff');
    await form.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make “Night Shift” a staff account?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('change and remove any pet');
    await screenshot(page, 'account-staff-confirm');
    await expectAccessible(page, 'the staff confirmation');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    const accounts = await fetch(`${baseUrl}/v1/admin/accounts`, {
      headers: { authorization: `Bearer ${staffKey}` },
    });
    const names = ((await accounts.json()) as { name: string }[]).map(({ name }) => name);
    expect(names).not.toContain('Night Shift');
    await form.getByLabel('Role').selectOption('partner');
    await form.getByLabel('Name').fill('');
  });

  it('creates a partner account, and follows the link to it', async () => {
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Harbour Pets');
    await form.getByLabel('Plan').selectOption('pro');
    await form.getByRole('button', { name: 'Create account' }).click();
    const created = page
      .getByRole('status')
      .filter({ hasText: /^Created the account Harbour Pets \(id \d+\)\. Open Harbour Pets/ });
    await created.waitFor();
    expect(await created.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('rowheader', { name: 'Harbour Pets' }).waitFor();
    await screenshot(page, 'account-created');

    await page.getByRole('link', { name: 'Open Harbour Pets to give it a key' }).click();
    await page.waitForURL(/\/admin\/accounts\/\d+$/);
    accountPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Harbour Pets' }).waitFor();
    const plan = page.getByRole('region', { name: 'Plan and limits' });
    expect(await plan.textContent()).toMatch(/Planpro.*Requests per minute300/);
    await page.getByText('This account has no keys.').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'account');
    await expectAccessible(page, "an account's page");
  });

  it('creates a key for it, shown once', async () => {
    await page.getByLabel('Label').fill('Reporting script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByLabel('New API key “Reporting script”');
    await shown.waitFor();
    key = await shown.inputValue();
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
    const owner = await fetch(`${baseUrl}/v1/account`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await owner.json()) as { name: string }).name).toBe('Harbour Pets');
    await screenshot(page, 'account-key-created');
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    expect(await page.getByText(key).count()).toBe(0);
    await page.getByRole('rowheader', { name: 'Reporting script' }).waitFor();
  });

  it('invites a person to it: the link shown once, with a Copy button, and it works', async () => {
    const invite = page.getByRole('region', { name: 'Invite a person' });
    await invite.getByText(/^They join Harbour Pets with a one-time link/).waitFor();
    await invite.getByLabel('Email').fill('hal@harbour.example');
    await invite.getByRole('button', { name: 'Create invitation link' }).click();
    const shown = invite.getByLabel('Invitation link for hal@harbour.example');
    await shown.waitFor();
    const link = await shown.inputValue();
    expect(new URL(link).pathname).toBe('/admin/welcome');
    await invite.getByText('Copy this link now: it is shown once.').waitFor();
    expect(await invite.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
    await screenshot(page, 'account-invitation');
    await expectAccessible(page, 'an invitation shown once');
    await invite.getByRole('button', { name: 'Done, I have sent it' }).click();
    expect(await page.getByText(link).count()).toBe(0);

    const joined = await acceptInvitation(
      baseUrl,
      link,
      { name: 'Hal', password: 'harbour pass phrase' },
      forwardedFor(),
    );
    expect(joined.status).toBe(204);
    const signedIn = await fetch(`${baseUrl}/v1/session`, {
      method: 'POST',
      headers: { ...forwardedFor(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hal@harbour.example', password: 'harbour pass phrase' }),
    });
    expect(signedIn.status).toBe(204);
  });

  it('revokes the key after a dialog that names it', async () => {
    const revoke = page.getByRole('button', { name: 'Revoke Reporting script' });
    await revoke.click();
    const dialog = page.getByRole('dialog', {
      name: /^Revoke the key “Reporting script” \(pets_test_[A-Za-z0-9]{6}…\)\?$/,
    });
    await dialog.waitFor();
    expect(
      await dialog
        .getByRole('button', { name: 'Keep key' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'account-revoke-confirm');
    await expectAccessible(page, 'the revoke dialog');
    // Escape keeps the key, and puts focus back where it was.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await revoke.evaluate((button) => button === document.activeElement)).toBe(true);

    await revoke.click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Revoked the key “Reporting script”.').waitFor();
    const row = page.getByRole('row', { name: /^Reporting script/ });
    await row.getByText(/^Revoked /).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await statusOnceRevoked(key)).toBe(401);
    await screenshot(page, 'account-key-revoked');
  });

  it('changes its plan', async () => {
    await page.getByRole('button', { name: 'Change plan' }).click();
    const form = page.getByRole('form', { name: 'Change the plan of Harbour Pets' });
    await form.getByLabel('Plan').selectOption('enterprise');
    await form.getByLabel('Requests per minute').fill('1200');
    await form.getByLabel('Requests per day').fill('250000');
    await screenshot(page, 'account-change-plan');
    await expectAccessible(page, 'the change of plan');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await page.getByText('Harbour Pets is now on the enterprise plan.').waitFor();
    const plan = page.getByRole('region', { name: 'Plan and limits' });
    await expect
      .poll(() => plan.textContent())
      .toMatch(/Planenterprise.*Requests per minute1,200.*Requests per day250,000/);
  });

  it('is told plainly when an account does not exist', async () => {
    await page.goto('/admin/accounts/999999');
    await page.getByText('No account with id 999999.').waitFor();
    await page.getByRole('link', { name: 'See all accounts' }).click();
    await page.waitForURL(/\/admin\/accounts$/);
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
  });

  it('shows the current page in the navigation', async () => {
    await page.goto(accountPath);
    await page.getByRole('heading', { level: 1, name: 'Harbour Pets' }).waitFor();
    const current = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('[aria-current="page"]')
      .allTextContents();
    // Recorded for the report: the layout marks a link current only on its exact address.
    console.info(`aria-current on ${accountPath}: ${JSON.stringify(current)}`);
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});

describe('a member of staff on a phone (390×844)', () => {
  let page: Page;

  it.beforeAll(async ({ pages }) => {
    page = await pages.phone({ as: people.staff });
  });

  it('reaches every action on the API keys page, rows stacked as cards, nothing sideways', async () => {
    await page.goto('/admin/keys');
    await page.getByLabel('Label').fill('Phone key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('New API key “Phone key”').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAllActionsWithinWidth(page);
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    await page.getByRole('rowheader', { name: 'Phone key' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAllActionsWithinWidth(page);
    // Stacked, the rows and cells are still a table's to a screen reader.
    const roles = await tableRolesInChromium(page);
    expect(roles.filter((role) => /^cell$/i.test(role)).length).toBeGreaterThan(0);
    expect(roles.filter((role) => /^rowheader$/i.test(role)).length).toBeGreaterThan(0);
    await screenshot(page, 'keys-own-phone');
    await expectAccessible(page, 'the API keys page on a phone');

    await page.getByRole('button', { name: 'Revoke Phone key' }).click();
    const dialog = page.getByRole('dialog', { name: /^Revoke the key “Phone key”/ });
    await dialog.waitFor();
    await expectAllActionsWithinWidth(page);
    await screenshot(page, 'keys-revoke-confirm-phone');
    await expectAccessible(page, 'the revoke dialog on a phone');
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Revoked the key “Phone key”.').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    // The date of the revocation stands beside the Status label, not below it.
    const status = page.getByRole('row', { name: /^Phone key/ }).locator('td[data-label="Status"]');
    const cell = await status.boundingBox();
    const when = await status.locator('time').boundingBox();
    expect((when?.x ?? 0) - (cell?.x ?? 0)).toBeGreaterThan(80);

    // The longest label still fits the dialog that names it.
    await page.getByRole('button', { name: `Revoke ${LONG_LABEL}` }).click();
    const long = page.getByRole('dialog', { name: new RegExp(`^Revoke the key “${LONG_LABEL}”`) });
    await long.waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAllActionsWithinWidth(page);
    const box = await long.getByRole('heading').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await screenshot(page, 'keys-revoke-long-label-phone');
    await long.getByRole('button', { name: 'Keep key' }).click();
  });

  it('reaches every action on the Accounts page and on an account', async () => {
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('rowheader', { name: 'Zoo Shop' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAllActionsWithinWidth(page);
    await screenshot(page, 'accounts-phone');
    await expectAccessible(page, 'the Accounts page on a phone');

    await page.getByRole('link', { name: 'Zoo Shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Zoo Shop' }).waitFor();
    await page.getByRole('table', { name: 'Keys of Zoo Shop' }).waitFor();
    await page.getByLabel('Label').fill('Till 2');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    await page.getByRole('rowheader', { name: 'Till 2' }).waitFor();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('form', { name: 'Change the plan of Zoo Shop' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAllActionsWithinWidth(page);
    await screenshot(page, 'account-phone');
    await expectAccessible(page, "an account's page on a phone");
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Revoke Till 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Revoked the key “Till 2”.').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

/** Sends `count` requests with a partner's key, one after the other; their statuses. */
async function sendRequests(key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/v1/pets`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

/** A call to the API as staff, its answer's body. */
async function asStaff<T>(path: string, body: object): Promise<T> {
  const response = await callApi(staffKey, path, { method: 'POST', body });
  expect(response.status, `POST /v1${path}`).toBe(201);
  return (await response.json()) as T;
}

describe("a member of staff watching a partner's use of its limits", () => {
  const NAME = 'Busy Free Partner';
  let partner = '';
  let page: Page;

  it.beforeAll(async ({ pages }) => {
    const { id } = await asStaff<{ id: number }>('/admin/accounts', {
      name: NAME,
      plan: 'free',
    });
    ({ key: partner } = await asStaff<{ key: string }>(`/admin/accounts/${id}/keys`, {
      label: 'Busy script',
    }));
    page = await pages.desktop({ as: people.staff });
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('rowheader', { name: NAME }).waitFor();
  });

  it('sees 60 of 60 this minute and 1 refused, then the ban, without reloading the page', async () => {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: NAME }) });
    // Both bursts and what staff see of them fall in one UTC minute.
    await awayFromMinuteEdge();
    const first = await sendRequests(partner, 61);
    expect(first.filter((status) => status === 200)).toHaveLength(60);
    expect(first.at(-1)).toBe(429);

    // The page reads the usage again every 5 s.
    await row.getByText('60 of 60 this minute').waitFor({ timeout: 12_000 });
    await row.getByText('1 refused today').waitFor();
    expect(await row.getByText(/^60 of 1,000 today$/).count()).toBe(1);
    const meter = row.getByRole('meter', { name: `${NAME}: requests this minute` });
    expect(await meter.getAttribute('value')).toBe('60');
    // The nearest its limit: first.
    expect(await page.getByRole('rowheader').first().textContent()).toBe(NAME);
    expect(await row.getByText(/^Banned until/).count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'accounts-usage');
    await expectAccessible(page, 'the Accounts page with usage');

    // The 61st refusal in the minute bans the key.
    const second = await sendRequests(partner, 60);
    expect(second.every((status) => status === 429)).toBe(true);
    const banned = row.getByText(/^Banned until/);
    await banned.waitFor({ timeout: 12_000 });
    await row.getByText('61 refused today').waitFor();
    const until = await banned.locator('time').getAttribute('datetime');
    const minutes = (Date.parse(until ?? '') - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(13);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'accounts-usage-banned');
    await expectAccessible(page, 'the Accounts page with a ban');
  }, 120_000);

  it('sees the same on the account, and on a phone, nothing sideways', async ({ phone }) => {
    await page.getByRole('link', { name: NAME }).click();
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage.getByText(/^Banned until/).waitFor();
    expect(await usage.textContent()).toContain('61 refused today');
    await screenshot(page, 'account-usage');
    await expectAccessible(page, "an account's usage");

    // The phone's clock a day after the ban's end, so the end is never on the phone's today and
    // shows with its date, its longest form (as it does for real when a ban runs past midnight).
    // A day ahead of now was not enough: a ban begun just before midnight ends on that day.
    const until = await usage
      .getByText(/^Banned until/)
      .locator('time')
      .getAttribute('datetime');
    await phone.clock.setFixedTime(Date.parse(until ?? '') + 86_400_000);
    await signIn(phone, people.staff, '/admin/');
    await phone.getByRole('link', { name: 'Accounts' }).click();
    const row = phone
      .getByRole('row')
      .filter({ has: phone.getByRole('rowheader', { name: NAME }) });
    await row.getByText(/^Banned until/).waitFor();
    expect(await row.locator('.banned time').textContent()).toMatch(/\d{4}/);
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectAllActionsWithinWidth(phone);
    await screenshot(phone, 'accounts-usage-phone');
    await expectAccessible(phone, 'the Accounts page with usage on a phone');
  });
});

describe('a partner', () => {
  it('has no Accounts link, and the Accounts address says it is not allowed', async ({ pages }) => {
    const page = await pages.desktop({ as: people.partner });
    await page.getByRole('link', { name: 'API keys' }).waitFor();
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
    await page.goto('/admin/accounts');
    await page.getByText(/not allowed/).waitFor();
  });
});
