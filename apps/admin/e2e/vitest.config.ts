/**
 * How the browser tests run: the e2e files one after another in one Node worker, after the global
 * setup that starts the API, with a minute for each test (only the files that take the guides'
 * screenshots when those are refreshed: docs-screenshots.ts).
 */
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { DOCS_SCREENSHOTS_ENV, docsScreenshotFiles } from './docs-screenshots.js';

/**
 * The files in vitest's usual order (slowest first, or largest on a first run), but the pets and
 * keys file first: it pages, filters and counts the whole catalogue, so it runs on the pets the
 * setup made, before another file adds or sells some. The others look only at pets of their own.
 */
class CatalogueFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (file: TestSpecification) => file.moduleId.endsWith('/e2e/admin.e2e.ts');
    return [...sorted.filter(first), ...sorted.filter((file) => !first(file))];
  }
}

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
    // expect.poll waits as long as Playwright's own waits do on a busy machine (its default is
    // 1 s, which a page still loading its categories under CI's load outran); a test still fails
    // when the thing never happens.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: false,
    sequence: { sequencer: CatalogueFirst },
    // One worker for every file: Playwright, axe-core and Chromium (browser.ts's worker fixture)
    // start once, not once per file. The files share no module state but the client addresses'
    // counter, which only has to keep counting.
    isolate: false,
  },
});
