/**
 * Runs the built API for tests and tools: started on a free port and waited for, run to
 * completion, and its key CLI (accounts and keys) called with --json.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built API (`npx nx build api`): tsc's modules, and the bundle of each program in bundle/. */
export const API_DIST = fileURLToPath(new URL('../../../apps/api/dist/', import.meta.url));
/** The API and its key CLI, bundled as they are run. */
export const API_MAIN = join(API_DIST, 'bundle', 'main.js');
export const KEYS_CLI = join(API_DIST, 'bundle', 'keys.js');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The port in the API's `listening` log line, which says what it bound. */
const LISTENING = /"url":"http:\/\/localhost:(\d+)"/;

/**
 * Starts the built API (`dist/bundle/main.js`) and waits until it answers `/healthz`. Unless `env` names a
 * PORT, the API takes any free one (PORT=0) and its log line says which: a port found free
 * beforehand could be taken by another test's server before this one binds it, and then the
 * checks would talk to that server. `nodeArgs` go to Node itself (`--cpu-prof`, which
 * NODE_OPTIONS does not accept); `main` is another build's `main.js`, to compare builds.
 * `output()` keeps everything the server wrote, or its last `keptOutputChars` characters: a bench
 * that sends millions of requests would otherwise hold a log line of each (a gigabyte) in its own
 * heap, competing for the CPU it measures the server on. The minute to start is for a machine
 * running other suites beside (CI runs two Node lines at once): a server that fails still stops
 * the wait as soon as it exits.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  nodeArgs: readonly string[] = [],
  main = API_MAIN,
  keptOutputChars = Number.POSITIVE_INFINITY,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // Any free port for /metrics, so that instances started side by side do not meet on 9464.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // Trimmed to the last `keptOutputChars` once it holds twice that: a few copies in all.
    if (output.length > 2 * keptOutputChars) output = output.slice(-keptOutputChars);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    }),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The API exited with ${child.exitCode}:\n${output}`);
    const port = env['PORT'] ?? LISTENING.exec(output)?.[1];
    if (port !== undefined) {
      const baseUrl = `http://127.0.0.1:${port}`;
      const ready = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return { child, baseUrl, output: () => output, exited };
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs the built API to completion, for start-up failures. */
export function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [API_MAIN], {
      env: { PATH: process.env['PATH'] ?? '', METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      resolve({ code, output });
    });
  });
}

/** Runs the key CLI with `--json` against the API's database and returns what it printed. */
export function keysCli(env: Record<string, string>, ...args: string[]): Record<string, unknown> {
  return keysCliOf(KEYS_CLI, env, args);
}

/** An invitation to `accountId` for `email`, made with the CLI (`people invite`): its link. */
export function inviteWithCli(env: Record<string, string>, accountId: number, email: string) {
  const { link } = keysCli(
    env,
    'people',
    'invite',
    '--account',
    String(accountId),
    '--email',
    email,
  );
  return String(link);
}

/** {@link keysCli} of a given build (`cli/keys.js`). */
function keysCliOf(
  cli: string,
  env: Record<string, string>,
  args: readonly string[],
): Record<string, unknown> {
  const result = spawnSync(process.execPath, [cli, ...args, '--json'], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`keys ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A new account with one key, through the CLI (of another build, when `cli` names one). */
export function createAccountKey(
  env: Record<string, string>,
  account: { name: string; plan: string; perMinute?: number; perDay?: number; role?: string },
  cli = KEYS_CLI,
): { accountId: number; key: string } {
  // The first account of a test makes its database (SQLite: there is no file before it).
  const args = ['accounts', 'create', '--create-database', '--name', account.name];
  args.push('--plan', account.plan);
  if (account.role) args.push('--role', account.role);
  if (account.perMinute !== undefined) args.push('--per-minute', String(account.perMinute));
  if (account.perDay !== undefined) args.push('--per-day', String(account.perDay));
  let created: Record<string, unknown>;
  try {
    created = keysCliOf(cli, env, args);
  } catch (error) {
    // A build from before `--create-database` (bench --against an older one) made it unasked.
    if (!String(error).includes("Unknown option '--create-database'")) throw error;
    created = keysCliOf(
      cli,
      env,
      args.filter((arg) => arg !== '--create-database'),
    );
  }
  const id = Number(created['id']);
  const key = String(keysCliOf(cli, env, ['create', '--account', String(id)])['key']);
  return { accountId: id, key };
}
