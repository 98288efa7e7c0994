/**
 * The screenshots the staff guides show (docs/staff/), each taken by the browser test that visits
 * its page: its name (the `screenshot` call's), the e2e file that takes it, and whether the whole
 * page is kept or only the window (1280×800, or 390×844 on a phone). `npm run docs:screenshots`
 * runs these files and writes the shots into docs/staff/screenshots/.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the guides' screenshots are, beside the guides. */
export const DOCS_SCREENSHOTS_DIR = fileURLToPath(
  new URL('../../../docs/staff/screenshots/', import.meta.url),
);

/** Set (to anything) to write the shots below into DOCS_SCREENSHOTS_DIR as the tests run. */
export const DOCS_SCREENSHOTS_ENV = 'DOCS_SCREENSHOTS';

interface DocsScreenshot {
  /** The e2e file whose test takes it. */
  file: string;
  /** The whole page rather than the window as the test left it. */
  fullPage?: true;
}

export const DOCS_SCREENSHOTS: Record<string, DocsScreenshot> = {
  // Signing in (sign-in.md, admin.md)
  'sign-in': { file: 'people.e2e.ts' },
  'sign-in-session-ended': { file: 'people.e2e.ts' },
  welcome: { file: 'people.e2e.ts' },
  'set-password': { file: 'people.e2e.ts' },
  'sign-in-too-many-failures': { file: 'sessions-and-people.e2e.ts' },
  'single-sign-on-sign-in-page': { file: 'single-sign-on.e2e.ts' },
  'single-sign-on-domain-not-allowed-phone': { file: 'single-sign-on.e2e.ts' },
  // Home
  home: { file: 'home.e2e.ts', fullPage: true },
  // Pets
  pets: { file: 'admin.e2e.ts' },
  'pets-add-dialog': { file: 'admin.e2e.ts' },
  'pet-page': { file: 'pet-page.e2e.ts', fullPage: true },
  'pet-page-ordered': { file: 'pet-page.e2e.ts' },
  'pet-page-photos': { file: 'pet-profile.e2e.ts', fullPage: true },
  'pets-faces': { file: 'pet-profile.e2e.ts' },
  'partner-my-pets': { file: 'admin.e2e.ts' },
  'pets-390px': { file: 'admin.e2e.ts' },
  'rate-limited': { file: 'admin.e2e.ts' },
  'pets-bulk-marked': { file: 'pets-list.e2e.ts' },
  // Categories
  categories: { file: 'categories.e2e.ts' },
  'categories-archive-confirm': { file: 'categories.e2e.ts' },
  // Orders
  'orders-partner-adopted': { file: 'orders.e2e.ts' },
  'orders-staff': { file: 'orders.e2e.ts' },
  'orders-partner': { file: 'orders.e2e.ts' },
  // Activity
  activity: { file: 'admin.e2e.ts' },
  // API keys
  'keys-created': { file: 'admin.e2e.ts' },
  // Webhooks
  'webhooks-created': { file: 'webhooks.e2e.ts' },
  'webhooks-attempts': { file: 'webhooks.e2e.ts', fullPage: true },
  'webhooks-roll-confirm': { file: 'webhooks.e2e.ts' },
  'account-webhooks': { file: 'webhooks.e2e.ts' },
  'webhooks-390': { file: 'webhooks.e2e.ts' },
  // Accounts
  'accounts-usage': { file: 'accounts.e2e.ts' },
  'account-invitation': { file: 'accounts.e2e.ts' },
  'account-people-1280': { file: 'sessions-and-people.e2e.ts', fullPage: true },
  'account-people-deactivate-confirm': { file: 'sessions-and-people.e2e.ts' },
  // Your account
  'your-account-1280': { file: 'sessions-and-people.e2e.ts', fullPage: true },
  'your-account-sign-out-everywhere': { file: 'sessions-and-people.e2e.ts' },
  'your-account-390': { file: 'sessions-and-people.e2e.ts' },
  'passkeys-account': { file: 'passkeys.e2e.ts' },
  'passkeys-remove-password-dialog': { file: 'passkeys.e2e.ts' },
};

/** The e2e files that take the guides' screenshots. */
export const docsScreenshotFiles = (): string[] =>
  [...new Set(Object.values(DOCS_SCREENSHOTS).map(({ file }) => `e2e/${file}`))].sort();

/**
 * After a run that refreshed the guides' screenshots: removes the ones no longer listed, and says
 * which listed ones this run (begun at `since`, in ms) did not take.
 */
export function settleDocsScreenshots(since: number): string[] {
  const png = /\.png$/;
  mkdirSync(DOCS_SCREENSHOTS_DIR, { recursive: true });
  for (const file of readdirSync(DOCS_SCREENSHOTS_DIR))
    if (png.test(file) && !Object.hasOwn(DOCS_SCREENSHOTS, file.replace(png, '')))
      rmSync(`${DOCS_SCREENSHOTS_DIR}${file}`);
  return Object.keys(DOCS_SCREENSHOTS).filter((name) => {
    try {
      return statSync(`${DOCS_SCREENSHOTS_DIR}${name}.png`).mtimeMs < since;
    } catch {
      return true;
    }
  });
}
