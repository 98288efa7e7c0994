import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@pets/services';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const SCREENSHOTS = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** A page at 1280×800 (or a phone's 360×740) on the test API. */
export async function openPage(browser: Browser, width = 1280, height = 800): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('e2e').baseUrl,
    viewport: { width, height },
  });
  return context.newPage();
}

/** A screenshot for people to look at, under apps/admin/test-output/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}
