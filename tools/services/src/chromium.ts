/** Headless Chromium for the browser tests: where it is installed and the flags it runs with. */
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

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
      "Chromium is not installed. Run `bash tools/services/install.sh` as root (it installs Debian's chromium package).",
    );
  }
  return CHROMIUM;
}
