// A photo's public URLs in Chromium, as a partner's page shows them: an `<img>` with `srcset` on a
// page of another site, no key, loads the width it needs, and a removed photo stops loading.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pet, PetPhoto } from '@pets/contract';
import { CHROMIUM_ARGS, chromiumPath } from '@pets/services';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg } from '../../test/images.js';
import { bearer } from '../../test/requests.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let browser: Browser;
/** A partner's own site: another host than the API's (127.0.0.1, not localhost), so another site. */
let site: Server;
let siteOrigin: string;
let html = '';
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  ({ key } = await t.createKey({ name: 'Partner' }));
  site = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser.close();
  await new Promise((closed) => site.close(closed));
  await t.close();
});

/** A pet with one photo, uploaded as a partner's program would, through the API's own address. */
async function photographedPet(): Promise<PetPhoto> {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const api = `http://localhost:${port}/v1`;
  const pet = (await (
    await fetch(`${api}/pets`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Biscuit', categoryId: 1 }),
    })
  ).json()) as Pet;
  const response = await fetch(`${api}/pets/${pet.id}/photos`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'image/jpeg' },
    body: await jpeg(2000, 1500),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as PetPhoto;
}

/** What the page's `<img>` tells of what Chromium loaded (the API's tests have no DOM types). */
interface ImageElement {
  decode(): Promise<void>;
  readonly naturalWidth: number;
  readonly currentSrc: string;
}

/** What Chromium loaded for the page's `<img>`: its natural size and the URL it chose. */
async function shown(photo: PetPhoto, width: number) {
  html = `<!doctype html><img alt="Biscuit" width="${width}"
    src="${photo.urls.medium}"
    srcset="${photo.urls.small} 160w, ${photo.urls.medium} 480w, ${photo.urls.large} 1080w"
    sizes="${width}px">`;
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  try {
    await page.goto(siteOrigin);
    return await page.locator('img').evaluate(async (img: ImageElement) => {
      await img.decode().catch(() => undefined);
      return { naturalWidth: img.naturalWidth, currentSrc: img.currentSrc };
    });
  } finally {
    await page.close();
  }
}

describe("a photo's public URLs in a browser", () => {
  it("show on another site's page, without a key, at the width the page needs", async () => {
    const photo = await photographedPet();
    expect(new URL(photo.urls.large).origin).not.toBe(siteOrigin);
    expect(await shown(photo, 160)).toEqual({ naturalWidth: 160, currentSrc: photo.urls.small });
    // Loaded (its natural width is the density-corrected one `sizes` asked for) from the large URL.
    expect(await shown(photo, 1000)).toEqual({ naturalWidth: 1000, currentSrc: photo.urls.large });
  });

  it('stop showing once the photo is removed', async () => {
    const photo = await photographedPet();
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const [pet] = (await (
      await fetch(`http://localhost:${port}/v1/pets?owner=me&sort=-id&limit=1`, {
        headers: bearer(key),
      })
    ).json()) as Pet[];
    const removed = await fetch(`http://localhost:${port}/v1/pets/${pet?.id}/photos/${photo.id}`, {
      method: 'DELETE',
      headers: bearer(key),
    });
    expect(removed.status).toBe(204);
    expect((await shown(photo, 480)).naturalWidth).toBe(0);
  });
});
