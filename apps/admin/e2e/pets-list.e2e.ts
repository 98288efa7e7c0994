/**
 * Browser tests of the pets list at shelter pace, timed: finding a pet by typing part of its name,
 * sorting, marking pets on two pages and moving them at once (with Undo), pets held by an open
 * order offered no move and no Delete, Export CSV, a status never changed by an arrow key, Adopt
 * asked first; at 1280 and 390 px, axe-clean, nothing scrolling sideways.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, inject } from 'vitest';
import { callApi, createPets } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectFitsPhone,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { staffKey, partnerKey, people } = inject('e2e');

/** A word no other test's pets hold, so that a search finds only this test's pets. */
const word = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8)}`;

/** The names of the pets the API finds for `q` with `status`, sorted. */
async function namesOf(q: string, status: string): Promise<string[]> {
  const found = await callApi(staffKey, `/pets?q=${q}&status=${status}&limit=100`);
  return ((await found.json()) as { name: string }[]).map((pet) => pet.name).sort();
}

/** Says how long a task took, in ms and in actions (clicks and keys), for the record. */
const logTimed = (what: string, started: number, actions: number) => {
  console.info(`${what}: ${Date.now() - started} ms, ${actions} actions`);
};

/** A pet ordered by the partner, as a program would: its id and the order's. */
async function ordered(name: string): Promise<{ petId: number; orderId: number }> {
  const [petId = 0] = await createPets(1, 'available', name);
  const placed = await callApi(partnerKey, '/store/orders', {
    method: 'POST',
    body: { petId },
    idempotencyKey: `pets-list-e2e-${petId}`,
  });
  expect(placed.status).toBe(201);
  return { petId, orderId: ((await placed.json()) as { id: number }).id };
}

describe('staff at a desktop', () => {
  it('find Biscuit Jr. by typing jr, sort by name, and no status changed by an arrow key', async ({
    pages,
  }) => {
    expect(
      (
        await callApi(staffKey, '/pets', {
          method: 'POST',
          body: { name: 'Biscuit Jr.', categoryId: 1, status: 'available' },
        })
      ).status,
    ).toBe(201);
    const page = await pages.desktop({ as: people.staff });
    const errors = collectErrors(page);
    await page.locator('table tbody tr').first().waitFor();

    const started = Date.now();
    let actions = 0;
    await page.getByLabel('Search', { exact: true }).click();
    actions += 1;
    await page.keyboard.type('jr');
    actions += 2;
    // Found once the list is the search's: every row's name holds a word starting with "jr".
    await page.waitForURL((url) => url.search === '?q=jr');
    await expect
      .poll(() => page.locator('table tbody td[data-label="Name"]').allTextContents(), {
        interval: 25,
      })
      .toSatisfy(
        (names: string[]) =>
          names.includes('Biscuit Jr.') && names.every((name) => /\bjr/i.test(name)),
      );
    logTimed('find Biscuit Jr. by typing jr', started, actions);
    expect(actions).toBeLessThanOrEqual(3);

    // Sorted by name from its header, marked for assistive technology.
    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL((url) => url.search === '?q=jr&sort=name');
    expect(await page.locator('th', { hasText: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    // An arrow key on a pet's status moves nothing: a move is chosen from its menu.
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' || request.url().includes('/batch'))
        patches.push(request.url());
    });
    const status = page.getByRole('button', { name: /^Status of Biscuit Jr\.: available/ }).first();
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const moves = page.getByRole('list', { name: 'Move Biscuit Jr. to' });
    await moves.waitFor();
    await screenshot(page, 'pets-move-menu');
    await expectAccessible(page, 'the pets list searched, sorted, with a move menu open');
    await page.keyboard.press('Escape');
    await moves.waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(patches).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('mark 5 pets on two pages sold in at most 6 actions, then Undo', async ({ pages }) => {
    const stem = word('Batch');
    await createPets(23, 'available', stem);
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets?q=${stem}` });
    await page.getByRole('cell', { name: `${stem} 20`, exact: true }).waitFor();

    const started = Date.now();
    let actions = 0;
    await page.getByRole('checkbox', { name: `Select ${stem} 1`, exact: true }).click();
    actions += 1;
    await page
      .getByRole('checkbox', { name: `Select ${stem} 2`, exact: true })
      .click({ modifiers: ['Shift'] });
    actions += 1;
    await page.getByRole('button', { name: 'Next' }).first().click();
    actions += 1;
    await page.getByRole('cell', { name: `${stem} 23`, exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all pets on this page' }).click();
    actions += 1;
    const bar = page.getByRole('group', { name: 'Selected pets' });
    await bar.getByText('5 selected').waitFor();
    await bar.getByRole('button', { name: 'Mark sold' }).click();
    actions += 1;
    const said = page.getByRole('status').filter({ hasText: 'Marked 5 pets sold.' });
    await said.waitFor();
    logTimed('mark 5 pets on two pages sold', started, actions);
    expect(actions).toBeLessThanOrEqual(6);
    expect(await namesOf(stem, 'sold')).toEqual(
      [`${stem} 1`, `${stem} 2`, `${stem} 21`, `${stem} 22`, `${stem} 23`].sort(),
    );
    await screenshot(page, 'pets-bulk-marked');
    await expectAccessible(page, 'the pets list after a bulk move, with Undo');

    await said.getByRole('button', { name: 'Undo: put the 5 back' }).click();
    await page.getByText('Put 5 pets back as they were.').waitFor();
    expect(await namesOf(stem, 'sold')).toEqual([]);
    await page.close();
  });

  it('offers no move or Delete on a pet its open order holds, links the order, and leaves it out of a bulk move', async ({
    pages,
  }) => {
    const stem = word('Held');
    const { petId, orderId } = await ordered(stem);
    await createPets(1, 'available', `${stem} free`);
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets?q=${stem}` });
    const held = page.getByRole('link', { name: new RegExp(`^held by order ${orderId}\\b`) });
    await held.waitFor();
    expect(await held.getAttribute('href')).toBe(`/admin/orders?petId=${petId}`);
    expect(await page.getByRole('button', { name: `Delete ${stem} 1` }).count()).toBe(0);
    expect(
      await page.getByRole('button', { name: new RegExp(`^Status of ${stem} 1:`) }).count(),
    ).toBe(0);

    await page.getByRole('checkbox', { name: 'Select all pets on this page' }).click();
    const bar = page.getByRole('group', { name: 'Selected pets' });
    await bar.getByRole('button', { name: 'Mark sold' }).click();
    const said = page
      .getByRole('status')
      .filter({ hasText: 'Marked 1 pet sold. 1 pet not changed:' });
    await said.waitFor();
    expect(await said.textContent()).toContain(
      `${stem} 1 (id ${petId}): its open order ${orderId} holds it.`,
    );
    await bar.getByText('1 selected').waitFor();

    await bar.getByRole('button', { name: 'Delete 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 pet?' });
    await dialog.waitFor();
    await expectAccessible(page, 'the bulk delete confirmation');
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await page.close();
  });

  it('exports the pets the search finds as CSV', async ({ pages }) => {
    const stem = word('Export');
    await createPets(3, 'sold', stem);
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets?q=${stem}&sort=-name` });
    await page.getByRole('cell', { name: `${stem} 3`, exact: true }).waitFor();
    const started = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await page.getByText('Exported 3 pets to pets.csv.').waitFor();
    logTimed('export 3 pets as CSV', started, 1);
    expect(download.suggestedFilename()).toBe('pets.csv');
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,name,categoryId,status');
    expect(lines.slice(1, 4).map((line) => line.split(',')[1])).toEqual([
      `${stem} 3`,
      `${stem} 2`,
      `${stem} 1`,
    ]);
    await page.close();
  });
});

describe('on a phone 390 px wide', () => {
  it('staff search, sort, mark a page and see the bulk actions, all within the width', async ({
    pages,
  }) => {
    const stem = word('Phone');
    await createPets(3, 'available', stem);
    const phone = await pages.phone({ as: people.staff, at: `/admin/pets?q=${stem}` });
    await phone.getByRole('cell', { name: `${stem} 3`, exact: true }).waitFor();
    await phone.getByLabel('Sort by').selectOption('-name');
    await phone.waitForURL((url) => url.searchParams.get('sort') === '-name');
    await phone.getByLabel('Select all on this page').click();
    const bar = phone.getByRole('group', { name: 'Selected pets' });
    await bar.getByText('3 selected').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectFitsPhone(phone, [
      bar.getByRole('button', { name: 'Mark sold' }),
      bar.getByRole('button', { name: 'Delete 3' }),
      phone.getByRole('button', { name: 'Export CSV' }),
    ]);
    await screenshot(phone, 'pets-bulk-390px');
    await expectAccessible(phone, 'the pets list on a phone, pets marked');
    await phone.getByRole('button', { name: new RegExp(`^Status of ${stem} 1:`) }).click();
    await expectFitsPhone(phone, [
      phone.getByRole('list', { name: `Move ${stem} 1 to` }).getByRole('button', { name: 'sold' }),
    ]);
    expect(await sidewaysScroll(phone)).toBe(0);
    await phone.close();
  });

  it('a partner is asked before Adopt places an order, naming the pet', async ({ pages }) => {
    const stem = word('Adoptee');
    await createPets(1, 'available', stem);
    const phone = await pages.phone({ as: people.partner, at: `/admin/pets?q=${stem}` });
    await phone.getByRole('button', { name: `Adopt ${stem} 1` }).click();
    const dialog = phone.getByRole('dialog', {
      name: new RegExp(`^Adopt ${stem} 1 \\(id \\d+\\)\\?$`),
    });
    await dialog.waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'pets-adopt-confirm-390px');
    await expectAccessible(phone, 'the Adopt confirmation on a phone');
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await namesOf(stem, 'pending')).toEqual([]);
    await phone.close();
  });
});
