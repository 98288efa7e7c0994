/**
 * What the browser tests share: launching Chromium, pages that each come from a client address of
 * their own, signing in as people do, screenshots, the axe-core accessibility check and the
 * page's script and console errors.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@pets/services';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import {
  DOCS_SCREENSHOTS,
  DOCS_SCREENSHOTS_DIR,
  DOCS_SCREENSHOTS_ENV,
} from './docs-screenshots.js';
import type { E2ePerson } from './global-setup.js';

export const SCREENSHOTS = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * Client addresses for the tests, as a proxy in front of the API would forward them: the API
 * trusts 127.0.0.1 as its proxy (TRUST_PROXY), so each browser context and each file's own calls
 * are a client of their own, with their own 60 requests a minute without a key, however fast the
 * machine runs the files one after another. A random /16 per file, then one address per use.
 */
const [SECOND, THIRD] = [1 + Math.floor(Math.random() * 254), Math.floor(Math.random() * 256)];
let addressesUsed = 0;
/** A client address no other page or file uses. */
export function newClientAddress(): string {
  addressesUsed += 1;
  return `10.${SECOND}.${(THIRD + Math.floor(addressesUsed / 254)) % 256}.${1 + (addressesUsed % 254)}`;
}
/** The header that makes a Node call of a test come from a client address of its own. */
export const forwardedFor = (address = newClientAddress()) => ({ 'x-forwarded-for': address });

const pageAddresses = new WeakMap<Page, string>();
/** The client address a page's requests come from. */
export const addressOf = (page: Page): string => pageAddresses.get(page) ?? '';

/** A page at 1280×800 (or a phone's 360×740) on the test API, from a client address of its own. */
export async function openPage(browser: Browser, width = 1280, height = 800): Promise<Page> {
  const address = newClientAddress();
  const context = await browser.newContext({
    baseURL: inject('e2e').baseUrl,
    viewport: { width, height },
    extraHTTPHeaders: forwardedFor(address),
  });
  const page = await context.newPage();
  pageAddresses.set(page, address);
  return page;
}

/**
 * A screenshot for people to look at, under apps/admin/test-output/screenshots; when the guides'
 * screenshots are being refreshed (docs-screenshots.ts), also the guides' shot of that name.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
  const forDocs = process.env[DOCS_SCREENSHOTS_ENV] ? DOCS_SCREENSHOTS[name] : undefined;
  if (!forDocs) return;
  mkdirSync(DOCS_SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({
    path: `${DOCS_SCREENSHOTS_DIR}${name}.png`,
    fullPage: forDocs.fullPage ?? false,
  });
}

/** Checks the page as it is now with axe-core against WCAG 2.1 A and AA: no violations. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    ({ id, help, nodes }) =>
      `${id} (${help}): ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found, `accessibility of ${what}`).toEqual([]);
}

/**
 * Signs a person in on the sign-in page, as people do, and waits for the page it leads to (the
 * pets, unless the sign-in page was reached from another page).
 */
export async function signIn(
  page: Page,
  person: Pick<E2ePerson, 'email' | 'password'>,
  landing = '/admin/pets',
): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

/**
 * The page's script errors and console errors, each with the address it concerns. The 401 of
 * asking `GET /v1/session` before anyone signed in is how the app learns no one is: not an error.
 */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    if (
      /status of 401\b/.test(message.text()) &&
      new URL(url, 'http://x').pathname === '/v1/session'
    )
      return;
    errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
