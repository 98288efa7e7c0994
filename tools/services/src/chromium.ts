/** Headless Chromium for the browser tests: where it is installed and the flags it runs with. */
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine as the
 * chromium package without the desktop browser around it, as Playwright itself runs headless tests.
 * The browser's own CPU is about halved: four of the admin's browser test files took 105 s of the
 * machine's CPU with the full browser and 73 s with the shell, on an otherwise idle machine.
 */
export const CHROMIUM = '/usr/bin/chromium-headless-shell';

/** Flags for headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, or a clear failure: browser tests are never skipped. */
export function chromiumPath(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      "Chromium is not installed. Run `bash tools/services/install.sh` as root (it installs Debian's chromium-headless-shell package).",
    );
  }
  return CHROMIUM;
}
