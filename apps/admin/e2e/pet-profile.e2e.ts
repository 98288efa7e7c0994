/**
 * Browser tests of a pet's profile and photos on its page: staff fill the profile and find it
 * again after a reload; add three photos (real JPEGs) by the file input, each with its progress,
 * reorder them and remove one; the pets list shows the pet's face with its widths; a file that is
 * not an image says the API's reason while the others go; a partner reads another account's pet
 * without a way to change it. Axe clean with photos, light and dark.
 */
import type { PetPhoto, PetProfile } from '@pets/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject } from 'vitest';
import { apiJson, newPet } from './api.js';
import {
  collectErrors,
  expectAccessible,
  forwardedFor,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { baseUrl, staffKey, people } = inject('e2e');

/** A name no other test's pet has, to search for. */
const word = (stem: string) => `${stem}${Math.random().toString(36).slice(2, 8)}`;

/** A JPEG of one colour, as a camera would send one (600×400). */
const jpeg = (name: string, r: number, g: number, b: number) =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));

/** Adds a photo through the API with staff's key, as a program would. */
async function addPhoto(petId: number, image: Buffer): Promise<PetPhoto> {
  const answer = await fetch(`${baseUrl}/v1/pets/${petId}/photos`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${staffKey}`,
      'content-type': 'image/jpeg',
      ...forwardedFor(),
    },
    body: new Uint8Array(image),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as PetPhoto;
}

const photosOf = (petId: number) => apiJson<PetPhoto[]>(staffKey, `/pets/${petId}/photos`);

/**
 * Whether every image `selector` finds has loaded and shows in place of its placeholder (its fade
 * in, 0.2 s, done).
 */
async function imagesLoaded(page: Page, selector: string): Promise<boolean> {
  const loaded = await page.$$eval(selector, (images) =>
    images.every(
      (image) =>
        image instanceof HTMLImageElement &&
        image.naturalWidth > 0 &&
        getComputedStyle(image).opacity === '1',
    ),
  );
  return loaded;
}

describe("a pet's profile and photos", () => {
  it('staff fill a profile and add three photos from the pet page; the list shows the faces', async ({
    pages,
  }) => {
    const name = word('Biscuit');
    const pet = await newPet(name);
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets/${pet.id}` });
    const errors = collectErrors(page);
    const form = page.getByRole('form', { name: `Profile of ${name}` });
    await form.waitFor();

    await form.getByLabel('Description').fill('Calm, loves long walks.\nGood on a lead.');
    await form.getByLabel('Sex').selectOption('female');
    await form.getByLabel('Birth date').fill('2022-03-01');
    await form.getByLabel('Approximate').check();
    await form.getByLabel('Breed').fill('Labrador mix');
    await form.getByLabel('Size').selectOption('large');
    await form.getByLabel('Main colour').fill('black');
    await form.getByLabel('Second colour').fill('white');
    await form.getByLabel('Neutered').selectOption('yes');
    await form.getByLabel('House trained').selectOption('no');
    await form.getByLabel('Children').selectOption('yes');
    await form.getByLabel('Cats').selectOption('no');
    await form.getByLabel('Intake date').fill('2026-11-02');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText(`Saved the profile of ${name}.`).waitFor();
    expect(await apiJson<PetProfile>(staffKey, `/pets/${pet.id}/profile`)).toEqual({
      description: 'Calm, loves long walks.\nGood on a lead.',
      sex: 'female',
      birthDate: '2022-03-01',
      birthDateApproximate: true,
      breed: 'Labrador mix',
      size: 'large',
      colors: ['black', 'white'],
      attributes: { houseTrained: false, neutered: true, vaccinated: null, specialNeeds: null },
      goodWith: { children: 'yes', dogs: 'unknown', cats: 'no' },
      intakeDate: '2026-11-02',
    });

    // A field the contract refuses is said on that field, and nothing is sent.
    await form.getByLabel('Breed').fill('x'.repeat(81));
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText('Breed must be at most 80 characters.').waitFor();
    expect(await form.getByLabel('Breed').getAttribute('aria-invalid')).toBe('true');

    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('Breed').inputValue()).toBe('Labrador mix');
    expect(await form.getByLabel('Birth date').inputValue()).toBe('2022-03-01');
    expect(await form.getByLabel('Approximate').isChecked()).toBe(true);
    expect(await form.getByLabel('Second colour').inputValue()).toBe('white');
    expect(await form.getByLabel('Neutered').inputValue()).toBe('yes');
    expect(await form.getByLabel('Cats').inputValue()).toBe('no');

    // Three photos by the file input, each with its own progress.
    const files = await Promise.all([
      jpeg('red.jpg', 200, 30, 30),
      jpeg('green.jpg', 30, 160, 60),
      jpeg('blue.jpg', 30, 60, 200),
    ]);
    await page.getByLabel('Choose photos').setInputFiles(files);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByRole('progressbar', { name: 'red.jpg' }).waitFor();
    expect(await uploads.getByRole('progressbar').count()).toBe(3);
    const grid = page.getByRole('list', { name: `Photos of ${name}` });
    await expect.poll(() => grid.getByRole('listitem').count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => uploads.getByText('Added', { exact: true }).count()).toBe(3);
    const added = await photosOf(pet.id);
    expect(added).toHaveLength(3);
    const images = grid.getByRole('img');
    expect(
      await images.evaluateAll((all) => all.map((image) => image.getAttribute('alt'))),
    ).toEqual([1, 2, 3].map((n) => `${name}, Labrador mix — photo ${n} of 3`));
    const srcset = (await images.first().getAttribute('srcset')) ?? '';
    expect(srcset).toBe(
      `${added[0]?.urls.small} 160w, ${added[0]?.urls.medium} 480w, ${added[0]?.urls.large} 1080w`,
    );
    await expect.poll(() => imagesLoaded(page, '.photo-grid img.photo-image')).toBe(true);

    // The third becomes the face, by keyboard; focus stays on the photo's buttons.
    const third = added[2];
    await page.getByRole('button', { name: 'Make face: photo 3' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Photo 3 is now ${name}’s face.`).waitFor();
    expect((await photosOf(pet.id)).map((photo) => photo.id)).toEqual(
      [added[2], added[0], added[1]].map((photo) => photo?.id),
    );
    expect(await images.first().getAttribute('src')).toBe(third?.urls.small);
    expect(await page.evaluate(() => document.activeElement?.id ?? '')).toBe(
      `photo-${third?.id}-later`,
    );
    await page.getByRole('button', { name: 'Move later: photo 1' }).click();
    await page.getByText('Photo 1 moved to 2.').waitFor();
    expect((await photosOf(pet.id)).map((photo) => photo.id)).toEqual(
      [added[0], added[2], added[1]].map((photo) => photo?.id),
    );
    await page.getByRole('button', { name: 'Make face: photo 2' }).click();
    await page.getByText(`Photo 2 is now ${name}’s face.`).waitFor();

    await screenshot(page, 'pet-page-photos');
    await expectAccessible(page, "a pet's page with photos");
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'pet-page-photos-dark');
    await expectAccessible(page, "a pet's page with photos, dark");
    await page.emulateMedia({ colorScheme: 'light' });

    // Remove asks first.
    await page.getByRole('button', { name: 'Remove photo 3' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove photo 3 of ${name}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByText(`Removed photo 3 of ${name}.`).waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(2);
    const left = await photosOf(pet.id);
    expect(left.map((photo) => photo.id)).toEqual([third?.id, added[0]?.id]);

    // The list shows the face, with its widths.
    const list = await pages.desktop({ as: people.staff, at: `/admin/pets?q=${name}` });
    const row = list.getByRole('row').filter({ hasText: name });
    const face = row.locator('img.photo-image');
    await face.waitFor();
    expect(await face.getAttribute('src')).toBe(third?.urls.small);
    expect(await face.getAttribute('srcset')).toBe(
      `${third?.urls.small} 160w, ${third?.urls.medium} 480w`,
    );
    await expect.poll(() => imagesLoaded(list, 'td img.photo-image')).toBe(true);
    await screenshot(list, 'pets-faces');
    await list.emulateMedia({ colorScheme: 'dark' });
    await screenshot(list, 'pets-faces-dark');
    await expectAccessible(list, 'the pets list with faces, dark');

    const phone = await pages.phone({ as: people.staff, at: `/admin/pets?q=${name}` });
    await phone.locator('td img.photo-image').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'pets-faces-phone');
    expect(errors).toEqual([]);
  });

  it('says why a refused file was not added, while the others are', async ({ pages }) => {
    const name = word('Refusy');
    const pet = await newPet(name);
    const page = await pages.desktop({ as: people.staff, at: `/admin/pets/${pet.id}` });
    const [first, last] = await Promise.all([
      jpeg('first.jpg', 240, 200, 40),
      jpeg('last.jpg', 90, 40, 120),
    ]);
    await page.getByLabel('Choose photos').setInputFiles([
      first,
      {
        name: 'notes.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Shopping: milk, eggs.\n'),
      },
      last,
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads
      .getByRole('listitem')
      .filter({ hasText: 'notes.jpg' })
      .getByText('Not added. The file must be a JPEG, PNG, WebP or AVIF image.')
      .waitFor({ timeout: 20_000 });
    await expect
      .poll(() => uploads.getByText('Added', { exact: true }).count(), { timeout: 20_000 })
      .toBe(2);
    expect(await photosOf(pet.id)).toHaveLength(2);
    await expectAccessible(page, 'an upload refused beside two added');
  });

  it("shows a partner another account's pet's profile and photos, with no way to change them", async ({
    pages,
  }) => {
    const name = word('Readonly');
    const pet = await newPet(name);
    await addPhoto(pet.id, (await jpeg('one.jpg', 100, 100, 100)).buffer);
    const page = await pages.desktop({ as: people.partner, at: `/admin/pets/${pet.id}` });
    const form = page.getByRole('form', { name: `Profile of ${name}` });
    await form.waitFor();
    expect(await form.getByLabel('Breed').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    await page.getByRole('img', { name: `${name} — photo 1 of 1` }).waitFor();
    expect(await page.getByLabel('Choose photos').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove photo/ }).count()).toBe(0);
    await expectAccessible(page, "a partner's view of another account's pet with a photo");
  });
});
