/**
 * A throw-away PostgreSQL server for tests, from Debian's packages, on a free loopback port with
 * its data in a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** The postmaster's process id (the first line of postmaster.pid): its backends are its children. */
  readonly pid: number;
  /** A URL for another database on the same server. */
  urlFor(database: string): string;
  createDatabase(name: string): string;
  /** Runs each command with psql on `database`, one after another (each in a transaction of its own). */
  psql(database: string, ...commands: string[]): void;
  /** Stops the server (fast shutdown); it can be started again with `start()`. */
  stop(): void;
  start(): void;
  /** Stops the server and removes its data directory. */
  destroy(): void;
}

const MISSING =
  "PostgreSQL is not installed. Run `bash tools/services/install.sh` as root (it installs Debian's postgresql package).";

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(MISSING);
  return join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: run its programs as the `postgres` user then. */
function run(program: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What a test may ask of its server. */
export interface PostgresOptions {
  /**
   * Server settings besides the ones every test server has (`-c name=value`), for a test that
   * needs one, such as `track_commit_timestamp: 'on'` to compare when transactions committed.
   */
  readonly settings?: Readonly<Record<string, string>>;
}

/** A setting's name and value as `-c` takes them on the command line (no spaces, no quotes). */
const SETTING = /^[a-z_.]+$/;
const SETTING_VALUE = /^[A-Za-z0-9_.-]+$/;

/**
 * Starts a throw-away PostgreSQL server from Debian's packages on a free loopback port, with its
 * data in a new temporary directory. Durability settings are relaxed: it exists for one test run.
 */
export async function startPostgres(asked: PostgresOptions = {}): Promise<PostgresServer> {
  const extra = Object.entries(asked.settings ?? {}).map(([name, value]) => {
    if (!SETTING.test(name) || !SETTING_VALUE.test(value))
      throw new Error(`Not a plain PostgreSQL setting: ${name}=${value}`);
    return `-c ${name}=${value}`;
  });
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pets-postgres-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...extra,
  ].join(' ');
  const start = () => {
    run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  };
  const stop = () => {
    run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  start();

  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let running = true;
  return {
    url: urlFor('postgres'),
    port,
    get pid() {
      return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    },
    urlFor,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      run(join(bin, 'psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `CREATE DATABASE ${name}`,
      ]);
      return urlFor(name);
    },
    psql(database, ...commands) {
      const args = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database];
      args.push('-v', 'ON_ERROR_STOP=1', ...commands.flatMap((command) => ['-c', command]));
      run(join(bin, 'psql'), args);
    },
    stop() {
      if (running) stop();
      running = false;
    },
    start() {
      if (!running) start();
      running = true;
    },
    destroy() {
      if (running) stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
