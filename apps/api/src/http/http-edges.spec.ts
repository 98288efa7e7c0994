// The Host check remembers only valid hosts, and the connection cap stays below the process's
// open-files limit.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionCap, isValidHost, openFilesLimit } from './http-edges.js';

describe('isValidHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'api.example.com',
    'api.example.com.:443',
    '127.0.0.1:8080',
    '[::1]',
    '[2001:db8::1]:443',
    'pets_api:3000',
  ])('takes %s', (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    '',
    'evil.example/x?',
    'a b',
    'user@evil.example',
    'x:99999',
    'x:',
    '[zz]',
    '[::1',
    'a>; rel="next"',
    '-bad.example',
    `${'a'.repeat(64)}.example`,
    'é.example',
  ])('refuses %j', (host) => {
    expect(isValidHost(host)).toBe(false);
  });

  it('remembers only what it took: a bad host right after a good one is still refused', () => {
    for (const [good, bad] of [
      ['api.example.com', 'api.example.com/'],
      ['x:1', 'x:99999'],
      ['[::1]', '[::1'],
    ] as const) {
      expect(isValidHost(good)).toBe(true);
      expect(isValidHost(bad)).toBe(false);
      expect(isValidHost(good)).toBe(true);
    }
  });
});

describe('the connection cap', () => {
  it("reads this process's open-files limit, and lowers MAX_CONNECTIONS below it", () => {
    const limit = openFilesLimit();
    expect(limit === undefined || limit > 0).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'pets-limits-'));
    try {
      const file = join(dir, 'limits');
      writeFileSync(
        file,
        'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 4096                 files\n',
      );
      expect(openFilesLimit(file)).toBe(1024);
      expect(connectionCap(10_000, 1024)).toBe(960);
      expect(connectionCap(500, 1024)).toBe(500);
      expect(connectionCap(10_000, undefined)).toBe(10_000);
      expect(openFilesLimit(join(dir, 'missing'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
