/**
 * What the browser tests share: the test API with its fixtures (Chromium once per file, pages at a
 * desktop's and a phone's size, closed when done), pages that each come from a client address of
 * their own, signing in as people do or with a session made through the API, screenshots, the
 * axe-core accessibility check, whether a page fits its width, and the page's script and console
 * errors.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromiumPath } from '@pets/services';
import { AxeBuilder } from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject, test } from 'vitest';
import {
  DOCS_SCREENSHOTS,
  DOCS_SCREENSHOTS_DIR,
  DOCS_SCREENSHOTS_ENV,
} from './docs-screenshots.js';
import type { E2ePerson } from './global-setup.js';

export const SCREENSHOTS = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));

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

/** The two windows every page is checked at: a desktop's, and a phone's 390 px wide. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface PageOptions {
  /**
   * Signed in as this person before the page opens: a session made through the API, as the
   * sign-in page makes one, for tests about something else than signing in.
   */
  as?: Pick<E2ePerson, 'email' | 'password'>;
  /** The address it opens once signed in (the pets unless said). */
  at?: string;
  /**
   * An API of the file's own (passkeys, single sign-on) instead of the suite's: its pages forward
   * no client address, that API trusting no proxy.
   */
  baseUrl?: string;
}

/** Opens pages, each in a browser context of its own (its own cookies). */
export interface Pages {
  /** A page at 1280×800. */
  desktop(options?: PageOptions): Promise<Page>;
  /** A page at 390×844. */
  phone(options?: PageOptions): Promise<Page>;
}

/** A page in a context of its own on the test API (or `baseUrl`), signed out. */
async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  baseUrl?: string,
): Promise<Page> {
  const address = baseUrl ? undefined : newClientAddress();
  const context = await browser.newContext({
    baseURL: baseUrl ?? inject('e2e').baseUrl,
    viewport,
    ...(address ? { extraHTTPHeaders: forwardedFor(address) } : {}),
  });
  const page = await context.newPage();
  if (address) pageAddresses.set(page, address);
  collectErrors(page);
  return page;
}

/**
 * Gives the page's context a session of `person`, asked for by the context itself (its client
 * address, its User-Agent, its cookie jar), as the sign-in page asks for one.
 */
async function startSession(
  page: Page,
  person: Pick<E2ePerson, 'email' | 'password'>,
): Promise<void> {
  const answer = await page.context().request.post('/v1/session', {
    data: { email: person.email, password: person.password },
  });
  if (answer.status() !== 204)
    throw new Error(`${person.email} could not sign in: ${answer.status()} ${await answer.text()}`);
}

/** Opens pages in `browser`, noting each context so that all are closed at the end. */
function pagesOf(browser: Browser, contexts: Set<BrowserContext>): Pages {
  const open =
    (viewport: { width: number; height: number }) =>
    async ({ as, at = '/admin/pets', baseUrl }: PageOptions = {}) => {
      const page = await newPage(browser, viewport, baseUrl);
      contexts.add(page.context());
      page.context().once('close', (context) => contexts.delete(context));
      if (as) {
        await startSession(page, as);
        await page.goto(at);
        await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
      }
      return page;
    };
  return { desktop: open(DESKTOP), phone: open(PHONE) };
}

/** Closes what is still open of the contexts noted. */
async function closeAll(contexts: Set<BrowserContext>): Promise<void> {
  await Promise.all([...contexts].map((context) => context.close()));
}

/**
 * The test API of every browser test, with its fixtures: `browser`, Chromium, launched once per
 * worker (one for the whole run: vitest.config.ts) and closed after it; `pages`, which
 * opens pages that a file's tests share or a test needs several of, all closed when the file ends;
 * `desktop` and `phone`, a page of a test's own, signed out, closed when the test ends. Suite hooks
 * (`it.beforeAll`) receive `browser` and `pages`.
 */
export const it = test.extend<{
  $worker: { browser: Browser };
  $file: { pages: Pages };
  $test: { desktop: Page; phone: Page };
}>({
  browser: [
    // Vitest reads what a fixture needs from its first parameter's pattern: nothing here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: CHROMIUM_ARGS,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  pages: [
    async ({ browser }, use) => {
      const contexts = new Set<BrowserContext>();
      await use(pagesOf(browser, contexts));
      await closeAll(contexts);
    },
    { scope: 'file' },
  ],
  desktop: ({ browser }, use) => useOwnPage(browser, 'desktop', use),
  phone: ({ browser }, use) => useOwnPage(browser, 'phone', use),
});

/** A test's own page, signed out, closed with what it opened once the test is done. */
async function useOwnPage(
  browser: Browser,
  size: keyof Pages,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const contexts = new Set<BrowserContext>();
  await use(await pagesOf(browser, contexts)[size]());
  await closeAll(contexts);
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

/** How far the page scrolls sideways: 0 when everything fits. */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * How far the widest part of the main content scrolls sideways inside its own frame (a table in a
 * scrolling region): 0 when every part fits, so nothing is read by scrolling a box sideways.
 */
export const sidewaysScrollInside = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('main *')].map((element) =>
        ['auto', 'scroll'].includes(getComputedStyle(element).overflowX)
          ? element.scrollWidth - element.clientWidth
          : 0,
      ),
    ),
  );

/** Whether a control lies wholly inside the viewport's width (so nothing hides it off-screen). */
export async function expectWithinWidth(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'the control is laid out').not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

/** Every button and link in the main content, and in a dialog when one is open, is within reach. */
export async function expectAllActionsWithinWidth(page: Page): Promise<void> {
  const controls = page.locator('main button:visible, main a:visible, dialog[open] button');
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expectWithinWidth(page, controls.nth(i));
}

/** Whether `element` begins on the page's first screen, where it opens (before any scrolling). */
export async function expectOnFirstScreen(page: Page, element: Locator): Promise<void> {
  const top = await element.evaluate(
    (node) => node.getBoundingClientRect().top + document.documentElement.scrollTop,
  );
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(page.viewportSize()?.height ?? 0);
}

/**
 * On a phone, each of `controls` ends within its 390 px and the top bar is at most three lines
 * (under 130 px: the name and Sign out, then staff's sections on two).
 */
export async function expectFitsPhone(page: Page, controls: Locator[]): Promise<void> {
  for (const control of controls) {
    const box = await control.boundingBox();
    expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  const bar = await page.locator('.top-bar').boundingBox();
  expect(bar?.height).toBeLessThan(130);
}

/**
 * Signs a person in on the sign-in page, as people do, and waits for the page it leads to
 * (`landing`: the pets for a partner; `/admin/` for staff, whose home page it is; or the page that
 * sent them to sign in).
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

const pageErrors = new WeakMap<Page, string[]>();

/**
 * The page's script errors and console errors since it opened, each with the address it
 * concerns. The 401 of asking `GET /v1/session` before anyone signed in is how the app learns no
 * one is: not an error.
 */
export function collectErrors(page: Page): string[] {
  const collected = pageErrors.get(page);
  if (collected) return collected;
  const errors: string[] = [];
  pageErrors.set(page, errors);
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
