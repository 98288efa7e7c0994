/**
 * What `npm run keys` loads, read from the built JavaScript (where tsc has dropped the imports of
 * types only): its modules and none of the HTTP side. It starts for every command, so each
 * controller, Fastify with its schema compilers, passport, passkeys and single sign-on would be
 * start-up paid for nothing (docs/team/performance.md).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Static imports, side-effect imports and dynamic imports of literal specifiers. */
const SPECIFIERS = [
  /\bfrom\s*'([^']+)'/g,
  /\bimport\s*'([^']+)'/g,
  /\bimport\s*\(\s*'([^']+)'\s*\)/g,
];

/** The API's files and the packages a built entry loads, following its relative imports. */
function loadedFrom(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const pattern of SPECIFIERS)
      for (const [, specifier = ''] of text.matchAll(pattern)) {
        if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
        else if (!specifier.startsWith('node:'))
          packages.add(
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          );
      }
  };
  visit(join(DIST, entry));
  return {
    files: [...files].map((file) => relative(DIST, file)).sort(),
    packages: [...packages].sort(),
  };
}

it('the key CLI loads no controller and nothing of HTTP', () => {
  const { files, packages } = loadedFrom('cli/keys.js');
  // It does reach the services it runs (the walk follows the lazy import of its commands).
  expect(files).toEqual(
    expect.arrayContaining([
      'cli/keys/dispatch.js',
      'accounts/api-keys/api-keys.service.js',
      'people/links/links.service.js',
    ]),
  );
  expect(
    files.filter((file) => /controller|strategy|guard|people\/passkeys|single-sign-on/.test(file)),
  ).toEqual([]);
  expect(
    packages.filter((name) => /fastify|passport|simplewebauthn|openid-client/.test(name)),
  ).toEqual([]);
  expect(packages).toEqual(expect.arrayContaining(['@nestjs/core', 'typeorm']));
});
