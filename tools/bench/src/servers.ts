/**
 * The servers under test: the bare Fastify baseline, and one or two builds of the API with an
 * account and a signed-in person, on SQLite in a temporary folder or on PostgreSQL + Redis; all
 * stopped, and their data removed, when the measurements are done.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_DIST,
  API_MAIN,
  createAccountKey,
  inviteWithCli,
  freePort,
  type PostgresServer,
  type RedisServer,
  type ServerProcess,
  startPostgres,
  startRedis,
  startServer,
} from '@pets/services';
import { KEPT_OUTPUT_CHARS, programsOf, type Settings } from './options.js';
import { cpuProfileArgs } from './profiles.js';
import type { VariantReport } from './report.js';

const BASELINE = fileURLToPath(new URL('./baseline-server.js', import.meta.url));

/** The bare Fastify process and the address of its one route. */
export interface Baseline {
  child: ChildProcess;
  url: string;
}

/**
 * Starts a small server of the bench's own (`node <script> <port> ...args`) on a free port and
 * waits for its `listening <port>` line.
 */
export async function startListening(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, String(port), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const read = (data: Buffer) => {
      out += data.toString();
      if (!/^listening \d+$/m.test(out)) return;
      child.stdout.off('data', read);
      resolve();
    };
    child.stdout.on('data', read);
    child.once('exit', (code) => {
      reject(new Error(`${script} exited with ${String(code)}`));
    });
  });
  return { child, port };
}

async function startBaseline(): Promise<Baseline> {
  const { child, port } = await startListening(BASELINE);
  return { child, url: `http://127.0.0.1:${port}/v1/pets` };
}

/**
 * Starts an instance of the API (ours, or another build's `main.js`) for a measurement: its log
 * kept to the last mebibyte, for the error that says why it stopped.
 */
export const startBenchServer = (
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  main?: string,
): Promise<ServerProcess> => startServer(env, undefined, nodeArgs, main, KEPT_OUTPUT_CHARS);

/** Stops a child process (SIGTERM) and waits for it to exit. */
export const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** Instances of one build of the API on one database, and a key to it. */
export interface Build {
  servers: ServerProcess[];
  key: string;
  /** A person's session cookie for the same account; none for a build without people. */
  sessionCookie: string | undefined;
}

/**
 * Starts `instances` of a build (ours, or the `dist` directory `dist` names) on the database in
 * `env`, with an enterprise account whose limits never bite. `main` is our API's program: the
 * bundle people run, or, for a profile, tsc's modules, whose files name the package each
 * function is from.
 */
async function startBuild(
  env: Record<string, string>,
  instances: number,
  build: { dist: string } | { main: string },
  nodeArgs: (instance: number) => string[],
): Promise<Build> {
  const programs = 'dist' in build ? programsOf(build.dist) : undefined;
  // Staff: a run places thousands of orders and cancels none, past any plan's cap on open orders
  // (enterprise 1,000); staff have none. A partner's order also counts the account's open orders
  // (one indexed count, and on PostgreSQL a lock on the account's id), which the order row does not
  // measure.
  const { key, accountId } = createAccountKey(
    env,
    {
      name: 'Bench',
      plan: 'enterprise',
      role: 'staff',
      perMinute: 10_000_000,
      perDay: 1_000_000_000,
    },
    programs?.keys,
  );
  const main = 'main' in build ? build.main : programs?.main;
  const servers: ServerProcess[] = [];
  for (let i = 0; i < instances; i++) servers.push(await startBenchServer(env, nodeArgs(i), main));
  const sessionCookie =
    programs === undefined ? await signedInPerson(env, accountId, servers[0]) : undefined;
  return { servers, key, sessionCookie };
}

/** A person of the account, invited with the CLI and signed in by accepting: their cookie. */
async function signedInPerson(
  env: Record<string, string>,
  accountId: number,
  server: ServerProcess | undefined,
): Promise<string> {
  if (!server) throw new Error('no API instance');
  const link = inviteWithCli(env, accountId, 'bench@example.com');
  const response = await fetch(`${server.baseUrl}/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: link.slice(link.indexOf('#') + 1),
      name: 'Bench',
      password: 'a long passphrase to measure with',
    }),
  });
  const cookie = /^([^;]*);/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 204 || cookie === undefined)
    throw new Error(`Signing the bench person in failed: ${response.status}`);
  return cookie;
}

/** What one variant's measurements run against. */
export interface ServersUnderTest {
  /** The environment our build's instances run in (its database among it). */
  env: Record<string, string>;
  /** API instances of each build: one on SQLite, two on PostgreSQL + Redis. */
  instances: number;
  ours: Build;
  /** The other build (`--against`), on a database of its own. */
  against: Build | undefined;
  baseline: Baseline;
  /** Every API instance started, all stopped at the end: one started later is added here. */
  started: ServerProcess[];
  /** The PostgreSQL postmaster's and redis-server's process ids; none on SQLite. */
  services: number[];
  /**
   * A new, empty database of the variant's engine, its DATABASE_URL: for instances that must not
   * share ours (the webhook rows' instances, whose settings differ).
   */
  database: (name: string) => string;
  /**
   * After the seeding: on PostgreSQL, vacuums and analyzes every database of the run and
   * checkpoints, so that the background work the seed's writes leave (autovacuum, the checkpointer)
   * is done before the runs, not counted in whichever one it falls; nothing on SQLite.
   */
  settle: () => void;
}

/**
 * Starts the servers of a variant, hands them to `use`, and stops them all whatever happens; an
 * instance under `--profile` writes its CPU profile as it exits.
 */
export async function withServers<T>(
  name: VariantReport['name'],
  settings: Settings,
  use: (servers: ServersUnderTest) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'pets-bench-'));
  let postgres: PostgresServer | undefined;
  let redis: RedisServer | undefined;
  const started: ServerProcess[] = [];
  let baseline: Baseline | undefined;
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      // As deployed (docs/operators/deployment.md): glibc's arenas capped at two, so the memory
      // sharp's threads take for images goes back to the pool the next upload uses.
      MALLOC_ARENA_MAX: '2',
      PUBLIC_URL: 'http://127.0.0.1',
      CURSOR_SECRET: 'bench-cursor-secret-every-instance-shares',
      WEBHOOK_SECRETS_KEY: 'bench-webhook-secrets-key-every-instance-shares',
      LOG_LEVEL: 'info',
      // The load generator is the proxy: its X-Forwarded-For is the client's address.
      TRUST_PROXY: '127.0.0.1',
    };
    if (name === 'sqlite') {
      env['DATABASE_URL'] = `sqlite:${join(dir, 'petstore.sqlite')}`;
    } else {
      postgres = await startPostgres();
      redis = await startRedis();
      env['DATABASE_URL'] = postgres.createDatabase('bench');
      env['REDIS_URL'] = redis.url;
    }
    const instances = name === 'sqlite' ? 1 : 2;
    const profileDir = settings.profileDir;
    const nodeArgs = (i: number) =>
      profileDir === undefined ? [] : cpuProfileArgs(profileDir, name, i);
    const main = profileDir === undefined ? API_MAIN : join(API_DIST, 'main.js');
    const ours = await startBuild(env, instances, { main }, nodeArgs);
    started.push(...ours.servers);
    // Another build: its own database (the same engine), its own instances, the same seed.
    let against: Build | undefined;
    if (settings.against !== undefined) {
      const againstEnv = {
        ...env,
        DATABASE_URL: postgres
          ? postgres.createDatabase('bench_against')
          : `sqlite:${join(dir, 'against.sqlite')}`,
      };
      against = await startBuild(againstEnv, instances, { dist: settings.against }, () => []);
      started.push(...against.servers);
    }
    baseline = await startBaseline();
    const services = postgres && redis ? [postgres.pid, redis.pid] : [];
    const databases = against ? ['bench', 'bench_against'] : ['bench'];
    const settle = () => {
      for (const database of databases) postgres?.psql(database, 'VACUUM ANALYZE');
      postgres?.psql('bench', 'CHECKPOINT');
    };
    const database = (name: string) =>
      postgres ? postgres.createDatabase(name) : `sqlite:${join(dir, `${name}.sqlite`)}`;
    return await use({
      env,
      instances,
      ours,
      against,
      baseline,
      started,
      services,
      settle,
      database,
    });
  } finally {
    if (baseline) await stop(baseline.child);
    // An instance writes its CPU profile as it exits.
    for (const server of started) await stop(server.child);
    if (redis) await redis.stop();
    postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
