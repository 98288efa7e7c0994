import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, openPage, screenshot } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

it('the API serves the built admin app', async () => {
  const page = await openPage(browser);
  const response = await page.goto('/admin/');
  expect(response?.status()).toBe(200);
  expect(await page.title()).toBe('Pet store admin');
  await screenshot(page, 'smoke');
});
