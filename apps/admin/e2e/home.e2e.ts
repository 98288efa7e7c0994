/**
 * Browser tests of staff's home page and the app's frame: the whole menu on a phone; which
 * partner adopted most this month, read from the home page (timed); an order approved from it;
 * the page at 1280 and 390 px; and pages and a dialog in the system's dark colours. Each is
 * checked with axe, and nothing scrolls sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { apiJson, newPet } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectAllActionsWithinWidth,
  expectFitsPhone,
  it,
  PHONE,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { staffKey, people } = inject('e2e');

/** Names of this run's own, so that another file's partners and pets never match. */
const RUN = Math.random().toString(36).slice(2, 6);

/** A new partner account and a key of its own. */
async function newPartner(name: string): Promise<{ id: number; name: string; key: string }> {
  const { id } = await apiJson<{ id: number }>(staffKey, '/admin/accounts', {
    method: 'POST',
    body: { name, plan: 'free' },
  });
  const { key } = await apiJson<{ key: string }>(staffKey, `/admin/accounts/${id}/keys`, {
    method: 'POST',
    body: { label: 'Adoptions' },
  });
  return { id, name, key };
}

/** An order of the partner's for a new pet, placed (and, unless `placedOnly`, delivered). */
async function adopt(partner: { key: string }, petName: string, placedOnly = false) {
  const pet = await newPet(petName);
  const order = await apiJson<{ id: number }>(partner.key, '/store/orders', {
    method: 'POST',
    body: { petId: pet.id },
  });
  if (!placedOnly) {
    await apiJson(staffKey, `/store/orders/${order.id}/approve`, { method: 'POST' });
    await apiJson(staffKey, `/store/orders/${order.id}/deliver`, { method: 'POST' });
  }
  return { pet, order };
}

/** Each link of the main menu lies wholly inside the window's width. */
async function expectMenuInView(page: Page): Promise<void> {
  const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').all();
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const box = await link.boundingBox();
    const name = (await link.textContent()) ?? '';
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width);
  }
}

describe('the frame', () => {
  it('shows every section of the menu on a phone 390 px wide', async ({ pages }) => {
    const phone = await pages.phone({ as: people.staff, at: '/admin/pets' });
    await expectMenuInView(phone);
    await expectFitsPhone(phone, []);
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'menu-390px');
    await phone.close();
  });
});

describe("staff's home page", () => {
  const most = `Most Adopting Co ${RUN}`;
  let page: Page;
  let errors: string[] = [];
  let placed: { pet: { id: number; name: string }; order: { id: number } };

  it.beforeAll(async ({ pages }) => {
    // Three partners: 6, 3 and 1 pets adopted this month (more than any other file's partner).
    const partners = await Promise.all(
      [most, `Second Shelter ${RUN}`, `Third Friends ${RUN}`].map(newPartner),
    );
    const counts = [6, 3, 1];
    await Promise.all(
      partners.map(async (partner, index) => {
        for (let i = 0; i < (counts[index] ?? 0); i++)
          await adopt(partner, `Adopted ${RUN} ${index}-${i}`);
      }),
    );
    const [, second] = partners;
    if (!second) throw new Error('no second partner');
    placed = await adopt(second, `Waiting Wanda ${RUN}`, true);
    await newPet(`Patient Pip ${RUN}`);
    page = await pages.desktop({ as: people.staff, at: '/admin/' });
    errors = collectErrors(page);
  });

  it('answers which partner adopted most this month without counting', async () => {
    const started = performance.now();
    await page.goto('/admin/');
    const lead = page.getByText(/^Most this month:/);
    await lead.waitFor();
    const answer = await lead.textContent();
    const elapsed = Math.round(performance.now() - started);
    console.log(`home: "${answer}" read ${elapsed} ms after opening the page`);
    expect(answer).toBe(`Most this month: ${most}, 6`);
    const month = page.getByRole('table', { name: 'This month' });
    expect(await month.getByRole('rowheader').first().textContent()).toBe(most);
    expect(await lead.getByRole('link', { name: most }).getAttribute('href')).toMatch(
      /^\/admin\/accounts\/\d+$/,
    );
    await page.getByRole('link', { name: /^\d+ available$/ }).waitFor();
    const waiting = page.getByRole('region', { name: 'Waiting longest' }).getByRole('listitem');
    expect(await waiting.first().getByRole('link').getAttribute('href')).toMatch(
      /^\/admin\/pets\/\d+$/,
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'home');
    await expectAccessible(page, 'the home page');
  });

  it('fits a phone 390 px wide', async ({ pages }) => {
    const phone = await pages.phone({ as: people.staff, at: '/admin/' });
    await phone.getByText(/^Most this month:/).waitFor();
    await phone.getByRole('link', { name: /^\d+ available$/ }).waitFor();
    await phone.getByRole('rowheader', { name: `Order ${placed.order.id}` }).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectAllActionsWithinWidth(phone);
    await expectMenuInView(phone);
    await screenshot(phone, 'home-390px');
    await expectAccessible(phone, 'the home page on a phone');
    await phone.close();
  });

  it('approves an order waiting for approval, by name, after asking', async () => {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: `Order ${placed.order.id}` }) });
    expect(await row.getByRole('link', { name: placed.pet.name }).getAttribute('href')).toBe(
      `/admin/pets/${placed.pet.id}`,
    );
    await row.getByRole('button', { name: `Approve order ${placed.order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve order ${placed.order.id}?` });
    await dialog.waitFor();
    await expectAccessible(page, 'the Approve dialog on the home page');
    await dialog.getByRole('button', { name: `Approve order ${placed.order.id}` }).click();
    await page.getByText(new RegExp(`^Approved order ${placed.order.id}`)).waitFor();
    expect(await row.count()).toBe(0);
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});

describe('dark mode', () => {
  it('follows the system, and every page checked passes axe in it', async ({ pages }) => {
    const page = await pages.desktop({ as: people.staff, at: '/admin/' });
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(await background()).toBe('rgb(15, 19, 24)');
    const checks: [string, string][] = [
      ['/admin/', 'the home page'],
      ['/admin/pets', 'the pets page'],
      ['/admin/orders', 'the Orders page'],
    ];
    for (const [at, what] of checks) {
      await page.goto(at);
      await page.locator('main table tbody tr').first().waitFor();
      await expectAccessible(page, `${what} in dark mode`);
    }
    await page.goto('/admin/categories');
    await page
      .getByRole('button', { name: /^Archive / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page, 'a dialog in dark mode');
    await screenshot(page, 'dialog-dark');
    await page.goto('/admin/');
    await page.getByText(/^Most this month:/).waitFor();
    await screenshot(page, 'home-dark');

    const signedOut = await pages.phone();
    await signedOut.emulateMedia({ colorScheme: 'dark' });
    await signedOut.goto('/admin/');
    await signedOut.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectAccessible(signedOut, 'the sign-in page on a phone in dark mode');
    await signedOut.close();

    const phone = await pages.phone({ as: people.staff, at: '/admin/' });
    await phone.emulateMedia({ colorScheme: 'dark' });
    await phone.getByText(/^Most this month:/).waitFor();
    await expectAccessible(phone, 'the home page on a phone in dark mode');
    await screenshot(phone, 'home-390px-dark');
    await page.close();
    await phone.close();
  });
});
