/**
 * Browser tests of a pet's own page (/admin/pets/:id): opened from the list on a phone's first
 * screen, left with Back or the Pets link to the list as it was; for staff its facts, moves,
 * history, edit and Delete, and, while an order holds it, why no move or Delete is offered; a
 * removed pet's page; a partner's view of another account's pet, with Adopt after asking. Each at
 * 1280 or 390 px, axe clean, never scrolling sideways.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { apiJson, newPet } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectOnFirstScreen,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { staffKey, partnerKey, people } = inject('e2e');

/** Enough pets of one name that a phone lists them over several screens. */
const LISTED = 8;
const LIST = '/admin/pets?name=Pagelist';

/** Opens a pet from the list by its name, as a person does. */
async function openFromList(page: Page, name: string): Promise<void> {
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .locator('td[data-label="Name"]')
    .getByText(name, { exact: true })
    .click();
}

/** The list at `LIST`, its filter in the address. */
const isList = (url: URL) => url.pathname === '/admin/pets' && url.search === '?name=Pagelist';

/** The text of the element that has focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe("a pet's page", () => {
  it.beforeAll(async () => {
    for (let i = 1; i <= LISTED; i++) await newPet(`Pagelist ${i}`);
  });

  it('opens on the first screen of a phone, and Back returns to the list', async ({ pages }) => {
    const phone = await pages.phone({ as: people.staff, at: LIST });
    const errors = collectErrors(phone);
    await openFromList(phone, `Pagelist ${LISTED}`);
    const heading = phone.getByRole('heading', { name: new RegExp(`^Pagelist ${LISTED}`) });
    await heading.waitFor();
    await expectOnFirstScreen(phone, heading);
    await phone.getByRole('region', { name: 'History' }).getByText('Created').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'pet-page-phone');
    await expectAccessible(phone, "a pet's page at 390 px");

    await phone.goBack();
    await phone.waitForURL(isList, { timeout: 5_000 });
    await heading.waitFor({ state: 'detached' });
    await expect.poll(() => focused(phone)).toBe(`Pagelist ${LISTED}`);
    expect(errors).toEqual([]);
  });

  it('returns to the list by the Pets link too, with no dialog left open', async ({ pages }) => {
    const page = await pages.desktop({ as: people.staff, at: LIST });
    await openFromList(page, 'Pagelist 3');
    await page.getByRole('heading', { name: /^Pagelist 3/ }).waitFor();
    await page.getByRole('link', { name: 'Back to Pets' }).click({ timeout: 5_000 });
    await page.waitForURL(isList);
    await expect.poll(() => focused(page)).toBe('Pagelist 3');

    // A dialog open on the pet's page is gone once Back has left it.
    await openFromList(page, 'Pagelist 3');
    await page.getByRole('button', { name: 'Delete Pagelist 3' }).click();
    await page.getByRole('dialog').waitFor();
    await page.goBack();
    await page.waitForURL(isList);
    await page.getByRole('row').filter({ hasText: 'Pagelist 3' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pets', level: 1 }).count()).toBe(1);
  });

  it('shows staff the pet, its moves, history and edit, and deletes it after asking', async ({
    pages,
  }) => {
    const pet = await newPet('Pagey Full', { categoryId: 2 });
    const staff = await apiJson<{ id: number; name: string }>(staffKey, '/account');
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets/${pet.id}` });
    const errors = collectErrors(page);
    await page.getByRole('heading', { name: 'Pagey Full', level: 1 }).waitFor();
    const facts = page.getByRole('definition');
    await facts
      .filter({ hasText: String(pet.id) })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Cats' }).getAttribute('href')).toBe(
      '/admin/pets?categoryId=2',
    );
    // The owner among the facts (the history names the account again).
    const owner = page.locator('.pet-facts').getByRole('link', { name: staff.name });
    expect(await owner.getAttribute('href')).toBe(`/admin/accounts/${staff.id}`);
    const moves = page.getByRole('region', { name: 'Status' });
    // The moves show once its orders are read (none open), beside its photos and profile.
    await moves.getByRole('button', { name: 'Mark sold' }).waitFor();
    expect(await moves.getByRole('button').allTextContents()).toEqual([
      'Mark pending',
      'Mark sold',
    ]);
    await screenshot(page, 'pet-page');
    await expectAccessible(page, "a pet's page");

    await moves.getByRole('button', { name: 'Mark sold' }).click();
    await page.getByText('Pagey Full is now sold.').waitFor();
    await expect
      .poll(() => moves.getByRole('button').allTextContents())
      .toEqual(['Mark available']);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('status: available → sold').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Pagey Fuller');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved Pagey Fuller \(id \d+\)\.$/).waitFor();
    await page.getByRole('heading', { name: 'Pagey Fuller', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Delete Pagey Fuller' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete Pagey Fuller (id ${pet.id})?` });
    await dialog.waitFor();
    await expectAccessible(page, "the Delete dialog on a pet's page");
    await dialog.getByRole('button', { name: 'Delete Pagey Fuller' }).click();
    await page.getByText(`Deleted Pagey Fuller (id ${pet.id}).`).waitFor();

    // Its address now says it is gone, with the way back.
    await page.reload();
    await page.getByRole('heading', { name: 'Pet not found', level: 1 }).waitFor();
    await page.getByText(`No pet has id ${pet.id}`).waitFor();
    await expectAccessible(page, 'a removed pet’s page');
    await page.getByRole('link', { name: 'Back to Pets' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('says why an ordered pet offers no move and no Delete, on a phone', async ({ pages }) => {
    const pet = await newPet('Pagey Held');
    const partner = await apiJson<{ id: number; name: string }>(partnerKey, '/account');
    const order = await apiJson<{ id: number }>(partnerKey, '/store/orders', {
      method: 'POST',
      body: { petId: pet.id },
    });
    const phone = await pages.phone({ as: people.staff, at: `/admin/pets/${pet.id}` });
    await phone.getByRole('heading', { name: 'Pagey Held', level: 1 }).waitFor();
    const moves = phone.getByRole('region', { name: 'Status' });
    await moves.getByText(`Its status moves with order ${order.id}`).waitFor();
    expect(await moves.getByRole('button').count()).toBe(0);
    expect(await moves.getByRole('link', { name: `order ${order.id}` }).getAttribute('href')).toBe(
      `/admin/orders?petId=${pet.id}`,
    );
    await phone.getByText(`It cannot be deleted while order ${order.id} is open.`).waitFor();
    expect(await phone.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    const orders = phone.getByRole('region', { name: 'Orders' });
    await orders.getByText(`Order ${order.id}`).waitFor();
    await orders.getByRole('link', { name: partner.name }).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'pet-page-ordered');
    await expectAccessible(phone, "an ordered pet's page at 390 px");
  });

  it("shows a partner another account's pet to read, and adopts it after asking", async ({
    pages,
  }) => {
    const pet = await newPet('Pagey Adoptable');
    const page = await pages.desktop({ as: people.partner, at: `/admin/pets/${pet.id}` });
    await page.getByRole('heading', { name: 'Pagey Adoptable', level: 1 }).waitFor();
    await page.getByText('Another account’s pet').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'History' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Adopt Pagey Adoptable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adopt Pagey Adoptable?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the Adopt dialog');
    await dialog.getByRole('button', { name: 'Adopt Pagey Adoptable' }).click();
    await page.getByText(/^Ordered Pagey Adoptable \(id \d+\): order \d+ is placed/).waitFor();
    await page.getByRole('region', { name: 'Status' }).getByText('pending').first().waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAccessible(page, "another account's pet, for a partner");
  });
});
