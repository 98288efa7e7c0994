// `npm run keys` as operators run it, as a process on each database: accounts, keys and people's
// links made, listed and revoked; a missing database refused and not made; bad arguments refused
// with exit code 2; text from the database escaped for the terminal; live keys in production; help.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, freshDatabaseUrl } from '../../test/test-app.js';
import { sqliteModule } from '../database/sqlite-driver.js';

// Each test runs the CLI or the server several times, each run starting the API's services and
// migrating a new database: room for a machine busy with other suites (30 s was met at a load of 5,
// and 90 s by the PostgreSQL create-and-revoke test at a load of 10: both Node lines of CI at once).
vi.setConfig({ testTimeout: 180_000 });

const CLI = fileURLToPath(new URL('../../dist/bundle/keys.js', import.meta.url));

describe.each(ENGINES)('npm run keys on %s', (engine) => {
  let env: Record<string, string>;
  let cleanup: () => void = () => undefined;

  beforeAll(async () => {
    const database = await freshDatabaseUrl(engine);
    env = { PATH: process.env['PATH'] ?? '', DATABASE_URL: database.url, NODE_ENV: 'test' };
    if (database.dir) {
      const dir = database.dir;
      cleanup = () => {
        rmSync(dir, { recursive: true, force: true });
      };
    }
  });
  afterAll(() => {
    cleanup();
  });

  const keys = (...args: string[]) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const json = (...args: string[]): Record<string, unknown> => {
    const result = keys(...args, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as Record<string, unknown>;
  };

  it('creates accounts and keys, lists them without the key, and revokes', () => {
    // The first command makes the SQLite file, as asked; later ones find it.
    const account = json(
      'accounts',
      'create',
      '--name',
      'Acme',
      '--plan',
      'pro',
      '--create-database',
    );
    expect(account).toMatchObject({
      name: 'Acme',
      plan: 'pro',
      role: 'partner',
      limits: { perMinute: 300, perDay: 10_000 },
    });

    const enterprise = json(
      'accounts',
      'create',
      '--name',
      'Big',
      '--plan',
      'enterprise',
      '--role',
      'staff',
      '--per-minute',
      '5000',
      '--per-day',
      '900000',
    );
    expect(enterprise).toMatchObject({
      role: 'staff',
      limits: { perMinute: 5000, perDay: 900_000 },
    });
    const agreed = json(
      ...['accounts', 'create', '--name', 'Zoo', '--plan', 'enterprise'],
      ...['--per-minute', '500', '--per-day', '9000', '--open-orders', '40'],
    );
    expect(agreed).toMatchObject({ limits: { perMinute: 500, perDay: 9000, openOrders: 40 } });

    const created = json('create', '--account', String(account['id']), '--label', 'Shop');
    const key = String(created['key']);
    const prefix = String(created['prefix']);
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(created['label']).toBe('Shop');

    const shown = keys('create', '--account', String(account['id']));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^\s+pets_test_[A-Za-z0-9]{43}$/m);
    expect(shown.stdout).toContain(
      'A test key (pets_test_): NODE_ENV is test, not production, so an API in production refuses it.',
    );

    const listed = keys('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(prefix);
    expect(listed.stdout).not.toContain(key);

    const revoked = json('revoke', String(created['id']));
    expect(revoked['revokedAt']).toEqual(expect.any(String));

    const changed = json('accounts', 'set-plan', String(account['id']), '--plan', 'business');
    expect(changed).toMatchObject({
      plan: 'business',
      limits: { perMinute: 1000, perDay: 100_000 },
    });

    const text = keys('accounts', 'list');
    expect(text.stdout).toMatch(/^id\s+name\s+plan\s+role\s+perMinute\s+perDay\s+createdAt$/m);
  });

  it('invites a person and makes password-reset links, each printed once, never stored', () => {
    const account = json('accounts', 'create', '--name', 'Invited', '--create-database');
    const invitation = json(
      'people',
      'invite',
      '--account',
      String(account['id']),
      '--email',
      'kim@acme.example',
    );
    expect(invitation).toMatchObject({ accountId: account['id'], email: 'kim@acme.example' });
    expect(String(invitation['link'])).toMatch(
      /^http:\/\/localhost:3000\/admin\/welcome#[A-Za-z0-9_-]{43}$/,
    );
    const text = keys(
      'people',
      'invite',
      '--account',
      String(account['id']),
      '--email',
      'lee@acme.example',
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /works once, until .* and is not shown again:\n\n {2}http:\/\/localhost:3000\/admin\/welcome#/,
    );
    // Invited again before accepting: a new link (either works, once); a reset needs a person.
    const again = json(
      'people',
      'invite',
      '--account',
      String(account['id']),
      '--email',
      'KIM@acme.example',
    );
    expect(again['link']).not.toBe(invitation['link']);
    const nobody = keys('people', 'reset', '--email', 'nobody@acme.example');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('No person has the email nobody@acme.example');
    expect(keys('people', 'invite', '--account', String(account['id'])).code).toBe(2);
    expect(
      keys('people', 'invite', '--account', String(account['id']), '--email', 'not an email').code,
    ).toBe(2);
  });

  it('refuses a database that is not there, naming it, with exit code 1, and makes none', () => {
    const missing =
      engine === 'sqlite'
        ? `sqlite:${join(tmpdir(), `pets-nowhere-${process.pid}`, 'petstore.sqlite')}`
        : (env['DATABASE_URL']?.replace(/\/[^/]+$/, '/pets_no_such_database') ?? '');
    const result = spawnSync(process.execPath, [CLI, 'accounts', 'list'], {
      env: { ...env, DATABASE_URL: missing },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    if (engine === 'sqlite') {
      const file = missing.slice('sqlite:'.length);
      expect(result.stderr).toBe(
        `No SQLite database at ${file} (DATABASE_URL=${missing}). Check DATABASE_URL and the directory you run this in, or add --create-database to make a new, empty one there.\n`,
      );
      expect(existsSync(dirname(file))).toBe(false);
    } else {
      const server = new URL(missing).host;
      expect(result.stderr).toBe(
        `No PostgreSQL database "pets_no_such_database" on ${server}. Check DATABASE_URL, or create the database (createdb pets_no_such_database) and run this again.\n`,
      );
    }
  });

  // Only SQLite has a file path and a database the CLI can make; PostgreSQL's are made by its server.
  if (engine === 'sqlite') {
    it('reads a relative SQLite path from the directory it runs in', () => {
      const file = env['DATABASE_URL']?.slice('sqlite:'.length) ?? '';
      const relative = { ...env, DATABASE_URL: `sqlite:${basename(file)}` };
      const inside = spawnSync(process.execPath, [CLI, 'accounts', 'list'], {
        env: relative,
        cwd: dirname(file),
        encoding: 'utf8',
      });
      expect(inside.status).toBe(0);
      const elsewhere = spawnSync(process.execPath, [CLI, 'accounts', 'list'], {
        env: relative,
        cwd: tmpdir(),
        encoding: 'utf8',
      });
      expect(elsewhere.status).toBe(1);
      expect(elsewhere.stderr).toContain(
        `No SQLite database at ${join(tmpdir(), basename(file))} `,
      );
    });

    it('makes a new SQLite database, directory and all, when asked to', () => {
      const dir = mkdtempSync(join(tmpdir(), 'pets-cli-new-'));
      try {
        const file = join(dir, 'nested', 'petstore.sqlite');
        const run = (...args: string[]) =>
          spawnSync(process.execPath, [CLI, ...args], {
            env: { ...env, DATABASE_URL: `sqlite:${file}` },
            encoding: 'utf8',
          });
        const created = run('accounts', 'list', '--create-database');
        expect(created.stderr).toBe('');
        expect(created.status).toBe(0);
        expect(created.stdout).toBe('(none)\n');
        expect(existsSync(file)).toBe(true);
        expect(run('accounts', 'list').status).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it.each([
    [['frob'], 'Unknown command: frob. See --help.'],
    [['create'], '--account must be a positive integer. See --help.'],
    [['create', '--account', '999'], 'No account 999. See --help.'],
    [['revoke', 'x'], 'The key id must be a positive integer (got "x"). See --help.'],
    [['accounts', 'create'], 'accounts create needs --name. See --help.'],
    [
      ['accounts', 'create', '--name', 'X', '--plan', 'gold'],
      '--plan must be one of free, pro, business, enterprise (got "gold"). See --help.',
    ],
    [
      ['accounts', 'create', '--name', 'X', '--plan', 'enterprise'],
      'Invalid input: limits are required for the enterprise plan.',
    ],
    [
      [
        ...['accounts', 'create', '--name', 'X', '--plan', 'enterprise'],
        ...['--per-minute', '5000', '--per-day', '10'],
      ],
      'Invalid input: limits.perDay must be at least the per-minute limit (5,000).',
    ],
    [
      ['accounts', 'create', '--name', 'X', '--per-minute', '5'],
      '--per-minute and --per-day go together. See --help.',
    ],
    [
      ['accounts', 'create', '--name', 'X', '--open-orders', '5'],
      '--open-orders goes with --per-minute and --per-day. See --help.',
    ],
    [['accounts', 'create', '--name', ' '], 'Invalid input: name must not be empty.'],
    [
      ['accounts', 'create', '--name', '\u001b]0;pwned\u0007Acme'],
      'Invalid input: name must not contain control characters.',
    ],
    [
      ['accounts', 'create', '--name', '\u3164'],
      'Invalid input: name must contain a visible character.',
    ],
  ])('refuses %j with exit code 2 and a clear message', (args, message) => {
    const result = keys(...args);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
    expect(result.stdout).toBe('');
  });

  it('shows a label stored before the text rule with its control characters escaped, never raw', async () => {
    const account = json('accounts', 'create', '--name', 'Legacy', '--plan', 'free');
    const created = json('create', '--account', String(account['id']), '--label', 'old');
    const raw = 'x\u001b[2J\u001b[31mred\u202etxt.exe\u0000';
    // Written past the API, as data from before the rule would be.
    if (engine === 'sqlite') {
      const Sqlite = sqliteModule();
      const db = new Sqlite(env['DATABASE_URL']?.slice('sqlite:'.length) ?? '');
      db.prepare('UPDATE api_keys SET label = ? WHERE id = ?').run(
        raw.replace('\u0000', ''),
        created['id'],
      );
      db.close();
    } else {
      const client = new pg.Client({ connectionString: env['DATABASE_URL'] });
      await client.connect();
      await client.query('UPDATE api_keys SET label = $1 WHERE id = $2', [
        raw.replace('\u0000', ''),
        created['id'],
      ]);
      await client.end();
    }
    const listed = keys('list', '--account', String(account['id']));
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain('\u001b');
    expect(listed.stdout).not.toContain('\u202e');
    expect(listed.stdout).toContain('x\\u{1b}[2J\\u{1b}[31mred\\u{202e}txt.exe');
    // --json keeps the value exact (JSON escapes it).
    expect(json('list', '--account', String(account['id']))).toMatchObject([
      { label: raw.replace('\u0000', '') },
    ]);
  });

  it('makes a live key with NODE_ENV=production, and says so', () => {
    const production = { ...env, NODE_ENV: 'production', PUBLIC_URL: 'https://api.example.com' };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], { env: production, encoding: 'utf8' });
    const account = JSON.parse(
      run('accounts', 'create', '--name', 'Live', '--json').stdout,
    ) as Record<string, unknown>;
    const shown = run('create', '--account', String(account['id']));
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/^\s+pets_live_[A-Za-z0-9]{43}$/m);
    expect(shown.stdout).toContain('A live key (pets_live_): NODE_ENV is production.');
  });

  it('prints help with --help (exit 0) and without a command (exit 2)', () => {
    expect(keys('--help')).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Usage: npm run keys -- <command>') as string,
    });
    expect(keys('--help').stdout).toContain('--create-database');
    expect(keys()).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run keys') as string,
    });
    expect(keys('--nope').code).toBe(2);
  });
});
