/**
 * `npm run startup`: what starting the API and its key CLI costs, as people run them (the bundle,
 * dist/bundle/) and as tsc's modules (dist/), in turns on one database: the API's CPU time and wall
 * time until it answers /healthz, and one CLI command's CPU time (docs/team/performance.md, Start-up).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_DIST, createAccountKey, freePort, startServer } from '@pets/services';
import { clockTicksPerSecond, parseStat } from './cpu-time.js';
import { median } from './statistics.js';

const HELP = `What starting the built API and its key CLI costs: bundled (what people run) and as tsc's modules.

Usage: npm run startup -- [--rounds <n>] [--json]   (default 10 rounds)

Each round starts each build's API on one SQLite database until it answers /healthz, then runs each
build's CLI once (accounts list --json), in an order that alternates between rounds. Prints the
medians: CPU ms (user + system) and ms until ready.`;

/** The two builds of the same sources. */
export const BUILDS = [
  {
    name: 'bundle',
    main: join(API_DIST, 'bundle', 'main.js'),
    keys: join(API_DIST, 'bundle', 'keys.js'),
  },
  { name: 'modules', main: join(API_DIST, 'main.js'), keys: join(API_DIST, 'cli', 'keys.js') },
] as const;

export interface StartupRow {
  build: (typeof BUILDS)[number]['name'];
  /** The API: CPU until it answered /healthz, and the wall time to then. Medians, in ms. */
  serverCpuMs: number;
  serverReadyMs: number;
  /** One CLI command, start to exit. Median CPU, in ms. */
  cliCpuMs: number;
}

export interface StartupSummary {
  rounds: number;
  rows: StartupRow[];
}

/**
 * The children's CPU from bash's `times` (its second line: user and system time of the commands
 * it ran, as `0m1.220s 0m0.189s`), in ms.
 */
export function childrenCpuMs(times: string): number {
  const line = times.trim().split('\n')[1] ?? '';
  const match = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  if (!match) throw new Error(`Not the output of bash's times: ${times}`);
  const [userMin = 0, userSec = 0, sysMin = 0, sysSec = 0] = match.slice(1).map(Number);
  return Math.round((userMin * 60 + userSec + sysMin * 60 + sysSec) * 1000);
}

/** One CLI command of `cli`, to its exit: its CPU in ms. */
function cliCpu(cli: string, env: Record<string, string>): number {
  const result = spawnSync(
    'bash',
    ['-c', '"$0" "$1" accounts list --json > /dev/null || exit 1; times', process.execPath, cli],
    { env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`The CLI failed (${cli}): ${result.stderr}`);
  return childrenCpuMs(result.stdout);
}

export async function measureStartup(rounds: number): Promise<StartupSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'pets-startup-'));
  const ticks = clockTicksPerSecond();
  try {
    const env = { NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}` };
    createAccountKey(env, { name: 'Start-up', plan: 'pro' });
    const seen = new Map<string, { cpu: number[]; ready: number[]; cli: number[] }>(
      BUILDS.map((build) => [build.name, { cpu: [], ready: [], cli: [] }]),
    );
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? BUILDS : [...BUILDS].reverse();
      for (const build of order) {
        const samples = seen.get(build.name);
        if (!samples) throw new Error(`no samples for ${build.name}`);
        // A port of its own, so that readiness is /healthz answering (polled every 50 ms), not
        // the log line that names the port (logs are written in batches).
        const port = String(await freePort());
        const started = performance.now();
        const server = await startServer({ ...env, PORT: port }, 30_000, [], build.main);
        samples.ready.push(performance.now() - started);
        const pid = server.child.pid ?? 0;
        const { user, system } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        samples.cpu.push(((user + system) * 1000) / ticks);
        server.child.kill('SIGTERM');
        await server.exited;
        samples.cli.push(cliCpu(build.keys, env));
      }
    }
    return {
      rounds,
      rows: BUILDS.map(({ name }) => {
        const samples = seen.get(name) ?? { cpu: [], ready: [], cli: [] };
        return {
          build: name,
          serverCpuMs: Math.round(median(samples.cpu)),
          serverReadyMs: Math.round(median(samples.ready)),
          cliCpuMs: Math.round(median(samples.cli)),
        };
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The summary as a Markdown table. */
export function startupTable(summary: StartupSummary): string {
  const lines = [
    `Medians of ${summary.rounds} round(s):`,
    '',
    '| build | API: CPU ms to ready | API: ms to ready | CLI command: CPU ms |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const row of summary.rows)
    lines.push(`| ${row.build} | ${row.serverCpuMs} | ${row.serverReadyMs} | ${row.cliCpuMs} |`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '10' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1_000) {
    console.error(`--rounds must be a whole number from 1 to 1000 (got "${values.rounds}")`);
    return 2;
  }
  const summary = await measureStartup(rounds);
  console.log(values.json ? JSON.stringify(summary) : startupTable(summary));
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`The start-up bench failed: ${String(error)}`);
      process.exitCode = 1;
    },
  );
