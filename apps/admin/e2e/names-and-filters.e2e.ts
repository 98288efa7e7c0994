/**
 * Browser tests of names and filters on Orders, Activity and Accounts, at 1280 and 390 px: each
 * pet and account by name and linked; Orders sorted newest first and filtered by a pet found by
 * typing part of its name; Activity filtered the same way, saying who made a change by name;
 * Accounts with their ids; no page scrolls sideways on a phone, nor any table inside its frame,
 * and each passes axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { callApi, type CallOptions } from './api.js';
import {
  collectErrors,
  expectAccessible,
  it,
  screenshot,
  sidewaysScroll,
  sidewaysScrollInside,
} from './browser.js';

const { staffKey, partnerKey, people } = inject('e2e');

/** Calls the API with a key, as a program would: the body of its answer, which must be a success. */
async function api<T>(key: string, path: string, init: CallOptions = {}): Promise<T> {
  const response = await callApi(key, path, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A pet of this file's own, made by staff, and an order the partner placed for it. */
async function orderedPet(name: string): Promise<{ petId: number; orderId: number }> {
  const pet = await api<{ id: number }>(staffKey, '/pets', {
    method: 'POST',
    body: { name, categoryId: 1 },
  });
  const order = await api<{ id: number }>(partnerKey, '/store/orders', {
    method: 'POST',
    body: { petId: pet.id },
    idempotencyKey: `names-e2e-${String(pet.id)}`,
  });
  return { petId: pet.id, orderId: order.id };
}

/** The row of an order in the orders table. */
const orderRow = (page: Page, orderId: number) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Order ${orderId}` }) });

/** Fits a phone: nothing sideways, the page nor a table in its frame. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await sidewaysScroll(page)).toBe(0);
  expect(await sidewaysScrollInside(page)).toBe(0);
}

describe('staff', () => {
  let page: Page;
  let errors: string[] = [];
  let biscuit = { petId: 0, orderId: 0 };
  let pepper = { petId: 0, orderId: 0 };

  it.beforeAll(async ({ pages }) => {
    biscuit = await orderedPet('Biscuit Namely');
    // Renamed since: every list names it as it is now.
    await api(staffKey, `/pets/${String(biscuit.petId)}`, {
      method: 'PATCH',
      body: { name: 'Biscuit Namely Jr.' },
      contentType: 'application/merge-patch+json',
    });
    pepper = await orderedPet('Pepper Namely');
    page = await pages.desktop({ as: people.staff, at: '/admin/orders' });
    errors = collectErrors(page);
  });

  it('sees orders by pet and partner name, newest first, and finds a pet by typing part of its name', async () => {
    await page.getByRole('table', { name: 'Every order' }).waitFor();
    await page.getByRole('button', { name: 'Order: show newest first' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-id');
    expect(await page.getByRole('columnheader', { name: /^Order/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await expect
      .poll(() => page.getByRole('rowheader').first().textContent())
      .toBe(`Order ${pepper.orderId}`);

    const row = orderRow(page, biscuit.orderId);
    expect(await row.locator('td[data-label="Pet"]').textContent()).toBe(
      `Biscuit Namely Jr. #${biscuit.petId}`,
    );
    expect(await row.getByRole('link', { name: 'Biscuit Namely Jr.' }).getAttribute('href')).toBe(
      `/admin/pets/${biscuit.petId}`,
    );
    expect(await row.getByRole('link', { name: 'Zoo Shop' }).getAttribute('href')).toBe(
      `/admin/accounts/${people.partner.accountId}`,
    );

    await page.getByLabel('Pet', { exact: true }).fill('namely jr');
    const found = page.getByRole('list', { name: 'Pets found' });
    await found.getByRole('button', { name: /^Biscuit Namely Jr\./ }).click();
    await page.waitForURL((url) => url.searchParams.get('petId') === String(biscuit.petId));
    await expect
      .poll(() => page.getByRole('rowheader').allTextContents())
      .toEqual([`Order ${biscuit.orderId}`]);
    expect(await page.getByRole('group', { name: 'Pet', exact: true }).textContent()).toContain(
      `Biscuit Namely Jr. #${biscuit.petId}`,
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'orders-staff-filtered');
    await expectAccessible(page, 'the Orders page filtered by a pet');
  });

  it('filters orders by a partner found by name, and the chip removes it', async () => {
    await page.getByLabel('Partner', { exact: true }).fill('zoo');
    await page
      .getByRole('list', { name: 'Partners found' })
      .getByRole('button', { name: /^Zoo Shop/ })
      .click();
    await page.waitForURL(
      (url) => url.searchParams.get('accountId') === String(people.partner.accountId),
    );
    await page.getByRole('button', { name: 'Stop filtering by pet Biscuit Namely Jr.' }).click();
    await page.waitForURL((url) => !url.searchParams.has('petId'));
    await orderRow(page, pepper.orderId).waitFor();
    expect(new Set(await page.locator('td[data-label="Account"] a').allTextContents())).toEqual(
      new Set(['Zoo Shop']),
    );
  });

  it('has Orders with its filters at 390 px wide: nothing sideways, axe clean', async ({
    pages,
  }) => {
    const phone = await pages.phone({
      as: people.staff,
      at: `/admin/orders?petId=${biscuit.petId}&accountId=${people.partner.accountId}&sort=-id`,
    });
    await orderRow(phone, biscuit.orderId).waitFor();
    await phone.getByRole('button', { name: 'Stop filtering by partner Zoo Shop' }).waitFor();
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'orders-staff-filtered-390px');
    await expectAccessible(phone, 'the filtered Orders page on a phone');
    await phone.close();
  });

  it('sees on Activity who changed a pet, by name, finding the pet by typing', async () => {
    await page.goto('/admin/activity');
    await page.getByLabel('Pet', { exact: true }).fill('biscuit namely');
    await page
      .getByRole('list', { name: 'Pets found' })
      .getByRole('button', { name: /^Biscuit Namely Jr\./ })
      .click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('targetType') === 'pet' &&
        url.searchParams.get('targetId') === String(biscuit.petId),
    );
    // Every event shown is the pet's, once the filtered page has replaced the one before it.
    await expect
      .poll(async () => {
        const shown = await page.getByRole('rowheader').allTextContents();
        return shown.length > 0 && shown.every((what) => what.startsWith('Biscuit Namely Jr. #'));
      })
      .toBe(true);
    const renamed = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: /^Biscuit Namely Jr\. #\d+ updated$/ }) })
      .filter({ hasText: 'name: Biscuit Namely → Biscuit Namely Jr.' });
    // Renamed with the staff account's key: the key by its label, the account by name, linked.
    expect(await renamed.locator('td[data-label="Who"]').textContent()).toMatch(
      /^key “.+” \(Staff\)$/,
    );
    expect(await renamed.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe(
      `/admin/accounts/${people.staff.accountId}`,
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'activity-pet');
    await expectAccessible(page, 'the Activity page filtered by a pet');
  });

  it('has Activity at 390 px wide: rows as cards, nothing sideways, axe clean', async ({
    pages,
  }) => {
    const phone = await pages.phone({
      as: people.staff,
      at: `/admin/activity?actorAccountId=${people.partner.accountId}`,
    });
    await phone.getByRole('button', { name: 'Stop filtering by partner Zoo Shop' }).waitFor();
    await phone.locator('tbody tr').first().waitFor();
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'activity-390px');
    await expectAccessible(phone, 'the Activity page on a phone');
    await phone.close();
  });

  it('has Accounts with their ids at 1280 and 390 px wide: nothing sideways, axe clean', async ({
    pages,
  }) => {
    for (const open of [pages.desktop, pages.phone]) {
      const shown = await open({ as: people.staff, at: '/admin/accounts' });
      const row = shown
        .getByRole('row')
        .filter({ has: shown.getByRole('rowheader', { name: 'Zoo Shop' }) });
      expect(await row.locator('td[data-label="Id"]').textContent()).toBe(
        String(people.partner.accountId),
      );
      await expectNoSidewaysScroll(shown);
      await expectAccessible(shown, 'the Accounts page');
      await shown.close();
    }
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});
