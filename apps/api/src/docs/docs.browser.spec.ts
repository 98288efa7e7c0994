// The reference at /docs in Chromium at 1280 × 800, under the page's own CSP: the first operation
// on the first screen, search that finds an operation, and its code samples. Screenshots go to
// test-output/reference/ for people to look at.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@pets/services';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SHOTS = fileURLToPath(new URL('../../test-output/reference/', import.meta.url));

let t: TestApp;
let browser: Browser;
let page: Page;
/** What the page logged as an error (a refusal by the CSP among them), and where it went. */
const problems: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as { port: number };
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const origin = `http://127.0.0.1:${port}`;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
      problems.push(`a request outside the API: ${request.url()}`);
  });
  mkdirSync(SHOTS, { recursive: true });
  await page.goto(`${origin}/docs`);
  await page.getByRole('heading', { name: 'List pets' }).waitFor();
});
afterAll(async () => {
  await browser.close();
  await t.close();
});

describe('the reference at /docs', () => {
  it('shows the first operation, with a code sample, within the first 1280 × 800 screen', async () => {
    const heading = page.getByRole('heading', { name: 'List pets' });
    const box = await heading.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    await expect
      .poll(() => page.getByText('$PETSTORE_URL/pets?limit=20').first().isVisible())
      .toBe(true);
    // Sign-in, passkeys and single sign-on come after the partners' operations.
    const groups = await Promise.all(
      (await page.locator('main [id*="/tag-group/"]').all()).map(async (group) =>
        (await group.getAttribute('id'))?.split('/').at(-1),
      ),
    );
    expect(groups).toEqual(['partners', 'staff', 'signing-in']);
    await page.screenshot({ path: `${SHOTS}first-screen.png` });
  });

  it('finds an operation by searching, and shows its samples in curl, TypeScript and Python', async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('adopt');
    const result = page.getByRole('option', { name: /Order a pet \(adopt it\)/ });
    await result.waitFor();
    await page.screenshot({ path: `${SHOTS}search.png` });
    await result.click();
    const operation = page.locator('section[id$="/POST/store/orders"]');
    await expect.poll(() => page.url()).toContain('/POST/store/orders');
    await expect
      .poll(() => operation.getByText('Idempotency-Key: placeOrder-1').first().isVisible())
      .toBe(true);
    await operation.getByRole('button', { name: 'curl' }).first().click();
    for (const language of ['curl', 'TypeScript', 'Python'])
      await expect(page.getByRole('option', { name: language }).first().isVisible()).resolves.toBe(
        true,
      );
    await page.getByRole('option', { name: 'TypeScript' }).first().click();
    await expect
      .poll(() => operation.getByText('client.placeOrder(').first().isVisible())
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}operation-samples.png` });
  });

  it('runs under its CSP, with nothing refused and nothing asked of another host', () => {
    expect(problems).toEqual([]);
  });
});
