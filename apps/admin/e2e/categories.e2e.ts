/**
 * Browser tests of categories: staff create, rename, archive and restore a category on the
 * Categories page; the pet forms offer only categories in use, and every pet shows its category by
 * name, an archived one's pets keeping it; the pets filter is a select that keeps `categoryId` in
 * the address; a pet's history and the Activity page name categories; the page passes axe at 1280
 * and 390 px wide; a partner has no Categories link and is refused the page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { callApi } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectFitsPhone,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { staffKey, people } = inject('e2e');

/** The text of each option of a select, in order. */
const optionsOf = (select: Locator) => select.locator('option').allTextContents();

/** The category cell of a pet's row in the pets table. */
const categoryCellOf = (page: Page, petName: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: petName, exact: true }) })
    .locator('td[data-label="Category"]');

describe('a member of staff', () => {
  let page: Page;
  let errors: string[] = [];
  /** The category this file makes: Hedgehogs, then Urchins. */
  let categoryId = 0;

  it.beforeAll(async ({ pages }) => {
    page = await pages.desktop({ as: people.staff });
    errors = collectErrors(page);
  });

  it('opens Categories from the navigation: the starting categories, their pets and whether archived', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Categories' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/categories');
    const table = page.getByRole('table', { name: 'Every category' });
    await table.getByRole('rowheader', { name: 'Dogs', exact: true }).waitFor();
    const names = await table.getByRole('rowheader').allTextContents();
    expect(names.slice(0, 6)).toEqual([
      'Dogs',
      'Cats',
      'Birds',
      'Fish',
      'Reptiles',
      'Small animals',
    ]);
    const dogs = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Dogs' }) });
    expect(await dogs.locator('td[data-label="Status"]').textContent()).toBe('In use');
    expect(await dogs.locator('td[data-label="Pets"]').textContent()).toMatch(/^\d+$/);
    expect(await page.getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'categories');
    await expectAccessible(page, 'the Categories page');
  });

  it('creates a category, and is told on the field when a name is taken whatever its case', async () => {
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Hedgehogs');
    await page.getByRole('button', { name: 'Create category' }).click();
    const said = page.getByText(/^Created the category Hedgehogs \(id (\d+)\)\.$/);
    await said.waitFor();
    categoryId = Number((await said.textContent())?.match(/id (\d+)/)?.[1]);
    expect(categoryId).toBeGreaterThan(6);
    expect(await name.inputValue()).toBe('');
    await page.getByRole('rowheader', { name: 'Hedgehogs', exact: true }).waitFor();

    await name.fill('HEDGEHOGS');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page
      .getByText(
        'Another category is already called “Hedgehogs”: names are the same whatever their case, width or invisible characters.',
      )
      .waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'categories-name-taken');
    await expectAccessible(page, 'a name taken on the Categories page');
    await name.fill('');
  });

  it('renames it in a dialog', async () => {
    await page.getByRole('button', { name: 'Rename Hedgehogs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Hedgehogs' });
    const name = dialog.getByLabel('New name');
    expect(await name.inputValue()).toBe('Hedgehogs');
    await name.fill('dogs');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await dialog.getByText('Another category is already called “Dogs”').waitFor();
    await screenshot(page, 'categories-rename');
    await expectAccessible(page, 'the Rename dialog');
    await name.fill('Urchins');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Renamed Hedgehogs to Urchins.').waitFor();
    expect(await dialog.count()).toBe(0);
    await page.getByRole('rowheader', { name: 'Urchins', exact: true }).waitFor();
  });

  it('adds a pet from a list of the categories in use, and the pet shows its category by name', async () => {
    await page.getByRole('link', { name: 'Pets', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
    await page.getByRole('button', { name: 'Add pet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pet' });
    const category = dialog.getByLabel('Category', { exact: true });
    await expect.poll(() => optionsOf(category)).toContain('Urchins');
    expect((await optionsOf(category))[0]).toBe('Choose a category');
    await dialog.getByLabel('Name', { exact: true }).fill('Spike');
    await category.selectOption('Urchins');
    await dialog.getByRole('button', { name: 'Add pet' }).click();
    await page.getByRole('link', { name: 'Show Spike in the list' }).click();
    await page.getByRole('cell', { name: 'Spike', exact: true }).waitFor();
    expect(await categoryCellOf(page, 'Spike').textContent()).toBe('Urchins');
  });

  it('archives it after a dialog that says what archiving does; its pet keeps it and shows it', async () => {
    await page.goto('/admin/categories');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Urchins', exact: true }) });
    await row.waitFor();
    expect(await row.locator('td[data-label="Pets"]').textContent()).toBe('1');
    await page.getByRole('button', { name: 'Archive Urchins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Urchins?' });
    await dialog.getByText('Its one pet stays in it, and still shows it.').waitFor();
    expect(await dialog.textContent()).toContain('No pet can be added to Urchins or moved to it');
    await screenshot(page, 'categories-archive-confirm');
    await expectAccessible(page, 'the Archive dialog');
    await dialog.getByRole('button', { name: 'Archive category' }).click();
    await page
      .getByText('Archived Urchins: its pets keep it, and no pet can be added to it.')
      .waitFor();
    await row.getByText('Archived', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Restore Urchins' }).waitFor();

    // Its pet keeps it, and shows it as archived; the API refuses a new pet in it.
    await page.goto('/admin/pets?name=spike');
    await page.getByRole('cell', { name: 'Spike', exact: true }).waitFor();
    await expect.poll(() => categoryCellOf(page, 'Spike').textContent()).toBe('Urchins (archived)');
    await page.getByRole('link', { name: 'Spike', exact: true }).click();
    await page.getByRole('link', { name: 'Urchins (archived)', exact: true }).waitFor();
    const own = page.getByLabel('Category', { exact: true });
    expect(await own.inputValue()).toBe(String(categoryId));
    expect(await optionsOf(own)).toContain('Urchins (archived)');
    await screenshot(page, 'categories-archived-pet');
    await page.getByRole('link', { name: 'Back to Pets' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');

    await page.getByRole('button', { name: 'Add pet' }).click();
    const add = page.getByRole('dialog', { name: 'Add a pet' });
    const offered = await optionsOf(add.getByLabel('Category', { exact: true }));
    expect(offered).toContain('Dogs');
    expect(offered.filter((option) => option.startsWith('Urchins'))).toEqual([]);
    await add.getByRole('button', { name: 'Close' }).click();
    expect(
      (await callApi(staffKey, '/pets', { method: 'POST', body: { name: 'Sonic', categoryId } }))
        .status,
    ).toBe(400);
  });

  it('restores it, and the add form offers it again', async () => {
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Restore Urchins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Urchins?' });
    await dialog.getByRole('button', { name: 'Restore category' }).click();
    await page.getByText('Restored Urchins: pets can be added to it again.').waitFor();
    await page.getByRole('button', { name: 'Archive Urchins' }).waitFor();

    await page.goto('/admin/pets');
    await page.getByRole('button', { name: 'Add pet' }).click();
    const add = page.getByRole('dialog', { name: 'Add a pet' });
    await expect
      .poll(() => optionsOf(add.getByLabel('Category', { exact: true })))
      .toContain('Urchins');
    await add.getByRole('button', { name: 'Close' }).click();
  });

  it('filters the pets by a category chosen from a list, the id kept in the address', async ({
    pages,
  }) => {
    await page.goto('/admin/pets');
    const filter = page.getByRole('search').getByLabel('Category', { exact: true });
    await expect.poll(() => optionsOf(filter)).toContain('Urchins');
    await filter.selectOption('Urchins');
    await page.waitForURL((url) => url.search === `?categoryId=${categoryId}`);
    await page.getByRole('cell', { name: 'Spike', exact: true }).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await screenshot(page, 'pets-filtered-by-category');
    await expectAccessible(page, 'the pets filtered by category');

    // A link made before the select (an id in the address) still shows that category's pets.
    const other = await pages.desktop({
      as: people.staff,
      at: `/admin/pets?categoryId=${categoryId}`,
    });
    await other.getByRole('cell', { name: 'Spike', exact: true }).waitFor();
    const shown = other.getByRole('search').getByLabel('Category', { exact: true });
    await expect
      .poll(() => shown.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toBe('Urchins');
    await other.close();

    await page.getByRole('search').getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
  });

  it("names categories in a pet's history and on the Activity page", async () => {
    await page.goto('/admin/pets?name=spike');
    await page.getByRole('link', { name: 'Spike', exact: true }).click();
    await page.getByLabel('Category', { exact: true }).selectOption('Dogs');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved Spike \(id \d+\)\.$/).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Category: Urchins → Dogs').waitFor();
    await history.getByText('Category: Urchins', { exact: true }).waitFor();
    await screenshot(page, 'categories-pet-history');
    await page.goBack();
    await expect.poll(() => categoryCellOf(page, 'Spike').textContent()).toBe('Dogs');

    await page.goto('/admin/activity?targetType=category');
    await page.getByRole('rowheader', { name: 'Category “Urchins” restored' }).waitFor();
    for (const action of ['archived', 'renamed', 'created'])
      await page.getByRole('rowheader', { name: `Category “Urchins” ${action}` }).waitFor();
    await page.getByRole('cell', { name: 'name: Hedgehogs → Urchins' }).waitFor();
    await screenshot(page, 'categories-activity');
    await expectAccessible(page, 'the category events on the Activity page');
  });

  it('is usable on a phone 390 px wide: rows as cards, nothing sideways, and passes axe', async ({
    pages,
  }) => {
    const phone = await pages.phone({ as: people.staff, at: '/admin/categories' });
    await phone.getByRole('rowheader', { name: 'Urchins', exact: true }).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectFitsPhone(
      phone,
      await phone.getByRole('button', { name: /^(Rename|Archive) Urchins$/ }).all(),
    );
    await screenshot(phone, 'categories-390px');
    await expectAccessible(phone, 'the Categories page on a phone');
    await phone.getByRole('button', { name: 'Archive Urchins' }).click();
    await phone.getByRole('dialog', { name: 'Archive Urchins?' }).waitFor();
    await screenshot(phone, 'categories-390px-archive-confirm');
    await expectAccessible(phone, 'the Archive dialog on a phone');
    await phone.getByRole('button', { name: 'Keep in use' }).click();

    // Six sections do not fit one line: it scrolls on its own, the current one brought into view.
    await phone.goto('/admin/account');
    const own = phone.getByRole('link', { name: 'Your account' });
    await expect.poll(() => own.getAttribute('aria-current')).toBe('page');
    const box = await own.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'your-account-390px-navigation');
    await phone.close();
  });

  it('has no script or policy errors in the console', () => {
    // The 409s of the names taken were meant.
    expect(errors.filter((error) => !/status of 409\b/.test(error))).toEqual([]);
  });
});

describe('a partner', () => {
  it('has no Categories link, is refused the page, and still sees categories by name', async ({
    pages,
  }) => {
    const page = await pages.desktop({ as: people.partner });
    await page.getByRole('link', { name: 'API keys' }).waitFor();
    expect(await page.getByRole('link', { name: 'Categories' }).count()).toBe(0);
    await page.goto('/admin/categories');
    await page.getByText(/not allowed/).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create category' }).count()).toBe(0);
    await screenshot(page, 'categories-partner');

    await page.goto('/admin/pets?name=spike');
    await page.getByRole('cell', { name: 'Spike', exact: true }).waitFor();
    await expect.poll(() => categoryCellOf(page, 'Spike').textContent()).toBe('Dogs');
    await page.close();
  });
});
