// The published package as a partner installs it: the bundle and its papers only, zod its one
// dependency, and its README's quick start type-checked and run against the real API.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccountKey, type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
const TYPES_NODE = (require('@types/node/package.json') as { version: string }).version;

/** Runs a command; fails the test with its output if it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/**
 * The package as a partner gets it: built, packed, installed from the tarball into an empty project
 * outside this repository, type-checked with tsc under both module resolutions, and run against the
 * real API.
 */
describe('the published package, installed by a partner', () => {
  let scratch: string;
  let pack: PackResult;
  let server: ServerProcess;
  let dataDir: string;
  let key: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'petstore-partner-'));
    run(process.execPath, ['scripts/build-package.mjs'], CLIENT);
    const packed = JSON.parse(
      run('npm', ['pack', '--json', '--pack-destination', scratch], join(CLIENT, 'package')),
    ) as PackResult[];
    pack = packed[0] as PackResult;
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'partner', private: true, type: 'module' }),
    );
    run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        `./${pack.filename}`,
        `@types/node@${TYPES_NODE}`,
      ],
      scratch,
    );

    dataDir = mkdtempSync(join(tmpdir(), 'pets-package-'));
    const env = { DATABASE_URL: `sqlite:${join(dataDir, 'petstore.sqlite')}`, NODE_ENV: 'test' };
    key = createAccountKey(env, { name: 'Partner', plan: 'pro' }).key;
    server = await startServer(env);
  }, 180_000);

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(scratch, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the bundle, its types and its papers, and nothing of this repository', () => {
    expect(pack.files.map((file) => file.path).sort()).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
    const installed = join(scratch, 'node_modules', '@petstore', 'client');
    for (const file of ['dist/index.js', 'dist/index.d.ts']) {
      const text = readFileSync(join(installed, file), 'utf8');
      expect(text).not.toMatch(/@pets\/|libs\/|contract\/(src|dist)|sourceMappingURL|\/work\//);
    }
    // The manifest names the repository's folder of the client, and no workspace package.
    expect(readFileSync(join(installed, 'package.json'), 'utf8')).not.toMatch(/@pets\/|\/work\//);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).toEqual(['standardwebhooks', 'zod']);
    // The only packages a partner's install brings: the client, zod, standardwebhooks with its two,
    // and the test's own Node types.
    const lock = JSON.parse(readFileSync(join(scratch, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(
      Object.keys(lock.packages)
        .filter((path) => path !== '')
        .sort(),
    ).toEqual([
      'node_modules/@petstore/client',
      'node_modules/@stablelib/base64',
      'node_modules/@types/node',
      'node_modules/fast-sha256',
      'node_modules/standardwebhooks',
      'node_modules/undici-types',
      'node_modules/zod',
    ]);
  });

  it("type-checks the README's quick start under node16 and bundler resolution, and runs it", () => {
    const readme = readFileSync(join(scratch, 'node_modules/@petstore/client/README.md'), 'utf8');
    const quickStart = /## Quick start\n\n```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(quickStart).toBeDefined();
    writeFileSync(join(scratch, 'partner.ts'), quickStart ?? '');
    const strict = { strict: true, skipLibCheck: false, target: 'es2022', types: ['node'] };
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { ...strict, module: 'node16', moduleResolution: 'node16', outDir: 'out' },
        files: ['partner.ts'],
      }),
    );
    writeFileSync(
      join(scratch, 'tsconfig.bundler.json'),
      JSON.stringify({
        compilerOptions: { ...strict, module: 'esnext', moduleResolution: 'bundler', noEmit: true },
        files: ['partner.ts'],
      }),
    );
    run(process.execPath, [TSC, '-p', 'tsconfig.bundler.json'], scratch);
    run(process.execPath, [TSC, '-p', 'tsconfig.json'], scratch);

    // Plain output to compare (Nx sets FORCE_COLOR for the tasks it runs, and Node then colours numbers).
    const { FORCE_COLOR: _colour, ...quiet } = process.env;
    const env = {
      ...quiet,
      NO_COLOR: '1',
      PETSTORE_URL: `${server.baseUrl}/v1`,
      PETSTORE_API_KEY: key,
    };
    // Three runs: by the third, three pets are listed two to a page.
    run(process.execPath, ['out/partner.js'], scratch, env);
    run(process.execPath, ['out/partner.js'], scratch, env);
    const lines = run(process.execPath, ['out/partner.js'], scratch, env).trim().split('\n');
    expect(lines).toEqual([
      'created 3 available',
      'listed 1 Rex',
      'listed 2 Rex',
      'listed 3 Rex',
      'refused 400 invalid_body',
    ]);
    // Two type-checks and three runs: 35 s beside another suite, over 120 s once in a busy CI.
  }, 300_000);
});
