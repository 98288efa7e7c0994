// The clients partners generate from the served OpenAPI document, with the generators' default
// flags: openapi-typescript with openapi-fetch, and @hey-api/openapi-ts. Each partner program
// (src/partners) type-checks with `tsc --noEmit` (strict) and runs against the built API.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createAccountKey, freePort, type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FetchPartner from './partners/openapi-fetch.js';
import type * as HeyApiPartner from './partners/hey-api.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
/** Where this run generates the clients and copies the programs to. */
const RUN = join(PROJECT, 'test-output', 'served');

/** A package's command, run with this Node. */
function bin(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bins = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin;
  const path = bins[name];
  if (path === undefined) throw new Error(`${pkg} has no command ${name}`);
  return join(dirname(manifest), path);
}
const node = (script: string, args: string[]) =>
  run(process.execPath, [script, ...args], { cwd: PROJECT, maxBuffer: 16 * 1024 * 1024 });

/** Control characters a source file should never hold (tab, line feed and return aside). */
// eslint-disable-next-line no-control-regex -- the very characters looked for
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('clients generated from the served document, with default flags', () => {
  const data = mkdtempSync(join(tmpdir(), 'generated-clients-'));
  let server: ServerProcess;
  let serverUrl: string;
  let document: { servers: { url: string }[] };
  const keys: Record<'partner' | 'limitedFetch' | 'limitedHey', string> = {
    partner: '',
    limitedFetch: '',
    limitedHey: '',
  };

  beforeAll(async () => {
    const port = String(await freePort());
    const env = { DATABASE_URL: `sqlite:${join(data, 'petstore.sqlite')}`, PORT: port };
    keys.partner = createAccountKey(env, {
      name: 'Partner',
      plan: 'enterprise',
      perMinute: 100_000,
      perDay: 1_000_000,
    }).key;
    // Accounts whose limit three requests reach: a 429 within the run.
    for (const name of ['limitedFetch', 'limitedHey'] as const)
      keys[name] = createAccountKey(env, {
        name,
        plan: 'enterprise',
        perMinute: 3,
        perDay: 1_000,
      }).key;
    server = await startServer(env);
    serverUrl = `${server.baseUrl}/v1`;

    await rm(RUN, { recursive: true, force: true });
    await mkdir(join(RUN, 'src', 'partners'), { recursive: true });
    const served = `${serverUrl}/openapi.json`;
    document = (await (await fetch(served)).json()) as typeof document;
    await Promise.all([
      node(bin('openapi-typescript', 'openapi-typescript'), [
        served,
        '-o',
        join(RUN, 'generated', 'openapi-typescript', 'schema.d.ts'),
      ]),
      node(bin('@hey-api/openapi-ts', 'openapi-ts'), [
        '-i',
        served,
        '-o',
        join(RUN, 'generated', 'hey-api'),
      ]),
      // Not used by the programs: its zod schemas carry the document's patterns.
      node(bin('@hey-api/openapi-ts', 'openapi-ts'), [
        '-i',
        served,
        '-o',
        join(RUN, 'generated', 'hey-api-zod'),
        '-p',
        'zod',
      ]),
    ]);
    // The programs as committed, reading this run's clients instead of the committed document's.
    for (const name of ['openapi-fetch.ts', 'hey-api.ts']) {
      const source = await readFile(join(PROJECT, 'src', 'partners', name), 'utf8');
      await writeFile(
        join(RUN, 'src', 'partners', name),
        source.replaceAll("'../../test-output/", "'../../generated/"),
      );
    }
    // Strict, as a partner's project would be; DOM types for hey-api's `BodyInit`.
    await writeFile(
      join(RUN, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2023', 'dom'],
          types: ['node'],
          noEmit: true,
          skipLibCheck: true,
        },
        include: ['src/**/*.ts'],
      }),
    );
  }, 90_000);

  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(data, { recursive: true, force: true });
  });

  it('names the address the API listens on as its server', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: serverUrl })]);
  });

  it('makes clients both programs type-check against (tsc --noEmit, strict)', async () => {
    const tsc = bin('typescript', 'tsc');
    await expect(node(tsc, ['-p', join(RUN, 'tsconfig.json')])).resolves.toMatchObject({
      stdout: '',
    });
  });

  it('makes zod schemas with no control character in their source (the name patterns)', async () => {
    const files = await filesUnder(join(RUN, 'generated', 'hey-api-zod'));
    const zod = files.find((file) => file.endsWith('zod.gen.ts'));
    expect(zod).toBeDefined();
    const source = await readFile(zod ?? '', 'utf8');
    expect(source).toContain('\\x00-\\x1f');
    expect(CONTROL.exec(source)).toBeNull();
  });

  const sleeps: number[] = [];
  const sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };

  /** What both programs report, whatever the client. */
  const expectRan = (report: FetchPartner.Report | HeyApiPartner.Report) => {
    // The retry with the same Idempotency-Key got the first pet, not a second one.
    expect(report.retried).toEqual(report.created);
    expect(report.created).toMatchObject({ name: 'Rex', status: 'available' });
    // Three pets of this run (and any before), two a page, every one once.
    expect(report.pages).toBeGreaterThanOrEqual(2);
    expect(report.listed).toContain(report.created.id);
    expect(new Set(report.listed).size).toBe(report.listed.length);
    expect(report.listed).toEqual([...report.listed].sort((a, b) => a - b));
    expect(report.order).toMatchObject({ petId: report.created.id, status: 'placed' });
    // Limited: the client read Retry-After and waited that long, twice, before giving up.
    expect(report.limited.status).toBe(429);
    expect(['rate_limited', 'api_key_banned']).toContain(report.limited.code);
    expect(report.limited.retryAfter).toBeGreaterThanOrEqual(1);
    expect(report.limited.waits).toHaveLength(2);
    for (const wait of report.limited.waits) {
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(sleeps).toContain(wait * 1000);
    }
  };

  it('runs a program on openapi-typescript and openapi-fetch', async () => {
    const partner = (await import(join(RUN, 'src', 'partners', 'openapi-fetch.ts'))) as Partial<
      typeof FetchPartner
    >;
    if (partner.run === undefined) throw new Error('no run()');
    const report = await partner.run({
      baseUrl: serverUrl,
      key: keys.partner,
      limitedKey: keys.limitedFetch,
      sleep,
    });
    expectRan(report);
  });

  it('runs a program on hey-api, at the document’s address, sending the key only as a bearer token', async () => {
    const partner = (await import(join(RUN, 'src', 'partners', 'hey-api.ts'))) as Partial<
      typeof HeyApiPartner
    >;
    if (partner.run === undefined) throw new Error('no run()');
    const sent: Request[] = [];
    const recording: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      sent.push(request.clone());
      return fetch(request);
    };
    const report = await partner.run({
      key: keys.partner,
      limitedKey: keys.limitedHey,
      sleep,
      fetch: recording,
    });
    expect(report.baseUrl).toBe(serverUrl);
    expectRan(report);
    expect(sent.length).toBeGreaterThan(10);
    for (const request of sent) {
      expect(request.url.startsWith(`${serverUrl}/`)).toBe(true);
      expect(request.headers.get('authorization')).toMatch(/^Bearer pets_/);
      expect(request.headers.get('cookie')).toBeNull();
    }
  });
});
