/**
 * How the browser tests run: the e2e files one after another in one Node worker, after the global
 * setup that starts the API, with a minute for each test (only the files that take the guides'
 * screenshots when those are refreshed: docs-screenshots.ts).
 */
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { DOCS_SCREENSHOTS_ENV, docsScreenshotFiles } from './docs-screenshots.js';

/** Browser tests: Debian's Chromium driven by playwright-core against the real API and built app. */
export default defineConfig({
  resolve: { conditions: ['@pets/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@pets/source', ...defaultServerConditions] } },
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    // Refreshing the guides' screenshots runs only the files that take them.
    include: process.env[DOCS_SCREENSHOTS_ENV] ? docsScreenshotFiles() : ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // One worker for every file: Playwright, axe-core and Chromium (browser.ts's worker fixture)
    // start once, not once per file. The files share no module state but the client addresses'
    // counter, which only has to keep counting.
    isolate: false,
  },
});
