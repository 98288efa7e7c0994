/**
 * Browser tests of store orders: a partner adopts an available pet from the pets list, sees the
 * order on the Orders page, cancels it after a dialog, and the pet is available again; staff see a
 * partner's order among every order, approve and deliver it, the pet is sold and the inventory
 * above the pets counts it; the Orders page passes axe at 1280 and 390 px wide, for both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { callApi, type CallOptions } from './api.js';
import { collectErrors, expectAccessible, it, screenshot, sidewaysScroll } from './browser.js';

const { staffKey, partnerKey, people } = inject('e2e');

/** Calls the API with a key, as a program would: the body of its answer, which must be a success. */
async function api<T>(key: string, path: string, init: CallOptions = {}): Promise<T> {
  const response = await callApi(key, path, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new available pet of this file's own, made by staff. */
const newPet = (name: string) =>
  api<{ id: number; name: string }>(staffKey, '/pets', {
    method: 'POST',
    body: { name, categoryId: 1 },
  });

/** The row of an order in the orders table. */
const orderRow = (page: Page, orderId: number) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Order ${orderId}` }) });

/** The status an order's row shows. */
const orderStatus = (page: Page, orderId: number) =>
  orderRow(page, orderId).locator('td[data-label="Status"]').textContent();

/** The pets page searched for `name`, as a person searches it. */
async function findPet(page: Page, name: string): Promise<void> {
  await page.goto('/admin/pets');
  await page.getByLabel('Search', { exact: true }).fill(name);
  await page.waitForURL((url) => url.searchParams.get('q') === name);
  await page.getByRole('row').filter({ hasText: name }).first().waitFor();
}

/** The status a pet's row shows (as text, or on the button that opens its moves). */
const petStatus = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ hasText: name })
    .locator('td[data-label="Status"] .pet-status')
    .evaluate((status) => status.firstChild?.textContent?.trim());

/** The inventory's three counts above the pets, for staff. */
async function inventoryOf(page: Page): Promise<Record<string, number>> {
  const region = page.getByRole('region', { name: 'Inventory' });
  await region.locator('dd').first().waitFor();
  const counts: Record<string, number> = {};
  for (const item of await region.locator('.inventory-count').all()) {
    const label = (await item.locator('dt').textContent()) ?? '';
    counts[label] = Number((await item.locator('dd').textContent())?.replace(/\D/g, ''));
  }
  return counts;
}

describe('a partner', () => {
  let page: Page;
  let errors: string[] = [];
  let orderId = 0;
  let pet: { id: number; name: string };

  it.beforeAll(async ({ pages }) => {
    pet = await newPet('Olive Orderly');
    page = await pages.desktop({ as: people.partner });
    errors = collectErrors(page);
  });

  it('adopts an available pet from the pets list, and is told the order', async () => {
    await findPet(page, 'Olive Orderly');
    await screenshot(page, 'orders-partner-adopt');
    await page.getByRole('button', { name: 'Adopt Olive Orderly' }).click();
    await page
      .getByRole('dialog', { name: /^Adopt Olive Orderly \(id \d+\)\?$/ })
      .getByRole('button', { name: 'Adopt Olive Orderly' })
      .click();
    const said = page.getByText(/^Ordered Olive Orderly \(id \d+\): order (\d+) is placed/);
    await said.waitFor();
    orderId = Number((await said.textContent())?.match(/order (\d+)/)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    await expect.poll(() => petStatus(page, 'Olive Orderly')).toBe('pending');
    // Pending, it has no Adopt any more.
    expect(await page.getByRole('button', { name: 'Adopt Olive Orderly' }).count()).toBe(0);
    await screenshot(page, 'orders-partner-adopted');
  });

  it('sees the order on the Orders page, which passes axe', async () => {
    await page.getByRole('link', { name: 'See your orders' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await page.getByRole('table', { name: "Your account's orders" }).waitFor();
    const row = orderRow(page, orderId);
    await row.waitFor();
    expect(await row.locator('td[data-label="Pet"]').textContent()).toBe(
      `Olive Orderly #${pet.id}`,
    );
    expect(await orderStatus(page, orderId)).toBe('placed');
    expect(await page.getByRole('columnheader', { name: 'Account' }).count()).toBe(0);
    expect(await row.getByRole('button').allTextContents()).toEqual([`Cancel order ${orderId}`]);
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Orders' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'orders-partner');
    await expectAccessible(page, "the Orders page, a partner's");
  });

  it('cancels it after a dialog, and the pet is available again', async () => {
    await orderRow(page, orderId)
      .getByRole('button', { name: `Cancel order ${orderId}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderId}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `Olive Orderly (#${pet.id}) becomes available again`,
    );
    await screenshot(page, 'orders-partner-cancel-confirm');
    await expectAccessible(page, 'the Cancel dialog');
    await dialog.getByRole('button', { name: `Cancel order ${orderId}` }).click();
    await page
      .getByText(`Cancelled order ${orderId}: Olive Orderly (#${pet.id}) is available again.`)
      .waitFor();
    await expect.poll(() => orderStatus(page, orderId)).toBe('cancelled');
    expect(await orderRow(page, orderId).getByRole('button').count()).toBe(0);

    await findPet(page, 'Olive Orderly');
    await expect.poll(() => petStatus(page, 'Olive Orderly')).toBe('available');
    await page.getByRole('button', { name: 'Adopt Olive Orderly' }).waitFor();
  });

  it('has the Orders page at 390 px wide: no sideways scroll, axe clean', async ({ pages }) => {
    const phone = await pages.phone({ as: people.partner, at: '/admin/orders' });
    await orderRow(phone, orderId).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'orders-partner-390px');
    await expectAccessible(phone, "the Orders page on a phone, a partner's");
    await phone.close();
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});

describe('a member of staff', () => {
  let page: Page;
  let errors: string[] = [];
  let order: { id: number; petId: number; accountId: number };
  let before: Record<string, number> = {};

  it.beforeAll(async ({ pages }) => {
    const pet = await newPet('Dora Delivered');
    // The partner orders it as a program would: with its key and an Idempotency-Key.
    order = await api(partnerKey, '/store/orders', {
      method: 'POST',
      body: { petId: pet.id },
      idempotencyKey: `orders-e2e-${pet.id}`,
    });
    page = await pages.desktop({ as: people.staff });
    errors = collectErrors(page);
  });

  it('sees the inventory above the pets', async () => {
    before = await inventoryOf(page);
    expect(Object.keys(before)).toEqual(['Available', 'Pending', 'Sold']);
    expect(before['Pending']).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'pets-staff-inventory');
  });

  it("sees the partner's order among every order, filtered by status, and the page passes axe", async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await page.getByRole('table', { name: 'Every order' }).waitFor();
    await page.getByLabel('Status').selectOption('placed');
    await page.waitForURL((url) => url.search === '?status=placed');
    const row = orderRow(page, order.id);
    await row.waitFor();
    expect(await row.locator('td[data-label="Account"]').textContent()).toBe(
      `Zoo Shop #${people.partner.accountId}`,
    );
    expect(await row.locator('td[data-label="Pet"]').textContent()).toBe(
      `Dora Delivered #${order.petId}`,
    );
    expect(await row.getByRole('button').allTextContents()).toEqual([
      `Approve order ${order.id}`,
      `Cancel order ${order.id}`,
    ]);
    // Every row of the filtered list is placed.
    expect(new Set(await page.locator('td[data-label="Status"]').allTextContents())).toEqual(
      new Set(['placed']),
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'orders-staff');
    await expectAccessible(page, "the Orders page, staff's");
  });

  it('approves it, then delivers it, each after a dialog', async () => {
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL((url) => url.search === '');
    await orderRow(page, order.id)
      .getByRole('button', { name: `Approve order ${order.id}` })
      .click();
    const approve = page.getByRole('dialog', { name: `Approve order ${order.id}?` });
    await approve.waitFor();
    await approve.getByRole('button', { name: `Approve order ${order.id}` }).click();
    await page
      .getByText(
        `Approved order ${order.id}: Dora Delivered (#${order.petId}) stays pending until delivery.`,
      )
      .waitFor();
    await expect.poll(() => orderStatus(page, order.id)).toBe('approved');

    await orderRow(page, order.id)
      .getByRole('button', { name: `Deliver order ${order.id}` })
      .click();
    const deliver = page.getByRole('dialog', { name: `Deliver order ${order.id}?` });
    await deliver.waitFor();
    expect(await deliver.textContent()).toContain('This cannot be undone.');
    await screenshot(page, 'orders-staff-deliver-confirm');
    await expectAccessible(page, 'the Deliver dialog');
    await deliver.getByRole('button', { name: `Deliver order ${order.id}` }).click();
    await page
      .getByText(`Delivered order ${order.id}: Dora Delivered (#${order.petId}) is sold.`)
      .waitFor();
    await expect.poll(() => orderStatus(page, order.id)).toBe('delivered');
    expect(await orderRow(page, order.id).getByRole('button').count()).toBe(0);
    await screenshot(page, 'orders-staff-delivered');
  });

  it("links the pet to its page, and its history says its order's moves sold it", async () => {
    expect(
      await orderRow(page, order.id)
        .getByRole('link', { name: 'Dora Delivered' })
        .getAttribute('href'),
    ).toBe(`/admin/pets/${order.petId}`);
    await page.goto(`/admin/activity?targetType=pet&targetId=${order.petId}`);
    await page.getByRole('button', { name: 'Stop filtering by pet Dora Delivered' }).waitFor();
    await page.getByText('status: pending → sold').waitFor();
    await page.getByText('name: Dora Delivered').waitFor();
  });

  it('finds the pet sold, and the inventory counting it', async () => {
    await findPet(page, 'Dora Delivered');
    await expect.poll(() => petStatus(page, 'Dora Delivered')).toBe('sold');
    await expect
      .poll(() => inventoryOf(page))
      .toEqual({
        Available: before['Available'],
        Pending: (before['Pending'] ?? 0) - 1,
        Sold: (before['Sold'] ?? 0) + 1,
      });
    await screenshot(page, 'pets-staff-inventory-after');
  });

  it('has the Orders page at 390 px wide: no sideways scroll, axe clean', async ({ pages }) => {
    const phone = await pages.phone({ as: people.staff, at: '/admin/orders' });
    await orderRow(phone, order.id).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'orders-staff-390px');
    await expectAccessible(phone, "the Orders page on a phone, staff's");
    await phone.close();
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});
