// The admin app as the API serves it at /admin: its pages uncached under a strict content security
// policy, hashed assets cached for a year, a missing asset a 404, source maps never served, and a
// clear answer when the app is not built.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ADMIN_CSP } from './admin-app.js';

describe('the admin app, served by the API', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pets-admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Pet store admin</title><script type="module" src="/admin/assets/index-abc.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("admin")');
    // As a build with source maps would leave them.
    writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["main.tsx"]}');
    t = await createTestApp({ adminDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/admin', '/admin/', '/admin/pets?status=sold&limit=50', '/admin/keys'])(
    '%s is the app page, uncached, under a strict CSP',
    async (url) => {
      const response = await t.as().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Pet store admin</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(ADMIN_CSP);
      expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    },
  );

  it('serves hashed assets for a year', async () => {
    const response = await t.as().get('/admin/assets/index-abc.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is 404 in the contract shape', async () => {
    const response = await t.as().get('/admin/assets/nope.js');
    expectProblem(response, {
      code: 'not_found',
      message: 'No file /admin/assets/nope.js.',
      status: 404,
    });
  });

  it('never serves a source map, even one left in the build', async () => {
    const response = await t.as().get('/admin/assets/index-abc.js.map');
    expectProblem(response, {
      code: 'not_found',
      message: 'No file /admin/assets/index-abc.js.map.',
      status: 404,
    });
  });
});

describe('when the admin app is not built', () => {
  it('says how to build it', async () => {
    const t = await createTestApp({ adminDist: join(tmpdir(), 'pets-no-admin-here') });
    try {
      const response = await t.as().get('/admin/pets');
      expectProblem(response, {
        code: 'not_found',
        message: 'The admin app is not built. Run: npx nx build admin',
        status: 404,
      });
    } finally {
      await t.close();
    }
  });
});
