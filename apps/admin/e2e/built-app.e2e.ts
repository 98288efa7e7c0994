/** The built admin app, on disk and as the API serves it: no source maps, named or served. */

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const { baseUrl } = inject('e2e');
const ASSETS = fileURLToPath(new URL('../dist/assets/', import.meta.url));

describe('the built admin app', () => {
  it('has no source maps, and its scripts and styles name none', () => {
    const files = readdirSync(ASSETS);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const code = files.filter((file) => /\.(js|css)$/.test(file));
    expect(code.length).toBeGreaterThan(0);
    for (const file of code)
      expect(readFileSync(`${ASSETS}${file}`, 'utf8'), file).not.toContain('sourceMappingURL');
  });

  it('serves the scripts the page loads, and no map beside them', async () => {
    const page = await (await fetch(`${baseUrl}/admin/`)).text();
    const scripts = [...page.matchAll(/src="(\/admin\/assets\/[^"]+\.js)"/g)].map(
      ([, path]) => path ?? '',
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const served = await fetch(`${baseUrl}${script}`);
      expect(served.status).toBe(200);
      expect(await served.text()).not.toContain('sourceMappingURL');
      expect((await fetch(`${baseUrl}${script}.map`)).status, `${script}.map`).toBe(404);
    }
  });
});
