// The built API and its key CLI as processes: the data directory and the SQLite files are readable
// by their owner only, made so or tightened at start.
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createAccountKey, startServer } from '@pets/services';
import { describe, expect, it, vi } from 'vitest';
import { scratchDirs, stopServer } from '../processes.js';

// Each test starts the API or the CLI up to three times, each migrating or opening a database.
vi.setConfig({ testTimeout: 90_000 });

const root = scratchDirs('pets-file-modes-')();

/** Node's own option: the child starts with this umask, as a shell with `umask 022` would. */
const UMASK_022 = ['--import', 'data:text/javascript,process.umask(0o022)'];

const modeOf = (path: string) => statSync(path).mode & 0o777;
const octal = (mode: number) => mode.toString(8).padStart(4, '0');

/** The modes of the data directory and of every file in it, in octal, by name. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { '.': octal(modeOf(dir)) };
  for (const name of readdirSync(dir)) found[name] = octal(modeOf(join(dir, name)));
  return found;
}

const TIGHTENED = /readable by their owner only now/;

/** The directory and the database with its -wal and -shm, readable by their owner only. */
const OWNER_ONLY = {
  '.': '0700',
  'petstore.sqlite': '0600',
  'petstore.sqlite-wal': '0600',
  'petstore.sqlite-shm': '0600',
};

describe('the data directory and the database files', () => {
  it('a first run on a fresh data directory makes them owner only, with umask 022', async () => {
    const data = join(root, 'first-run', 'data');
    const server = await startServer(
      { NODE_ENV: 'development', DATABASE_URL: `sqlite:${join(data, 'petstore.sqlite')}` },
      20_000,
      UMASK_022,
    );
    try {
      // While it runs in WAL mode: the database, its -wal and -shm, the key and the link.
      expect(modes(data)).toEqual({
        ...OWNER_ONLY,
        'dev-api-key.txt': '0600',
        'dev-sign-in.txt': '0600',
      });
      // Nothing was tightened: it was made so.
      expect(server.output()).not.toMatch(TIGHTENED);
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  });

  it('tightens an existing directory and database readable by others, and says so once', async () => {
    const data = join(root, 'existing', 'data');
    const env = { NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(data, 'petstore.sqlite')}` };
    // The key CLI makes the database owner only too.
    createAccountKey(env, { name: 'Partner', plan: 'free' });
    expect(modes(data)).toEqual({ '.': '0700', 'petstore.sqlite': '0600' });

    // A kill -9 leaves the -wal and -shm behind; then everything is opened up, as an older
    // version or a careless copy left it.
    const crashed = await startServer(env, 20_000, UMASK_022);
    await stopServer(crashed);
    for (const name of readdirSync(data)) chmodSync(join(data, name), 0o644);
    chmodSync(data, 0o755);
    expect(modes(data)).toEqual({
      '.': '0755',
      'petstore.sqlite': '0644',
      'petstore.sqlite-wal': '0644',
      'petstore.sqlite-shm': '0644',
    });

    const server = await startServer(env, 20_000, UMASK_022);
    try {
      expect(modes(data)).toEqual(OWNER_ONLY);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => TIGHTENED.test(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(data);
    } finally {
      await stopServer(server, 'SIGTERM');
    }
    // The next start finds nothing to tighten.
    const again = await startServer(env, 20_000, UMASK_022);
    await stopServer(again, 'SIGTERM');
    expect(again.output()).not.toMatch(TIGHTENED);
  });
});
