import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  API_MAIN,
  createAccountKey,
  keysCli,
  freePort,
  type PostgresServer,
  type RedisServer,
  type ServerProcess,
  startPostgres,
  startRedis,
  startServer,
} from '@pets/services';
import { type CpuProfile, summariseProfiles, type Window } from './cpu-profile.js';
import {
  clockTicksPerSecond,
  cpuBetween,
  type CpuSpent,
  type CpuReading,
  cpuRatio,
  microsPerRequest,
  readCpu,
  systemShare,
} from './cpu-time.js';
import { type Measurement, measure, type RunOptions, type Target } from './measure.js';
import { pairedDifference, sumOfSeries } from './metrics-cost.js';
import {
  type BenchReport,
  type EndpointResult,
  toEndpointProfile,
  toMarkdown,
  type VariantReport,
} from './report.js';

const HELP = `Benchmarks the pet store API against a bare Fastify baseline on this machine.

Usage: npm run bench -- [--variant sqlite|postgres-redis|all] [--smoke] [--duration <s>] [--out <dir>]
                        [--endpoint <text>] [--profile] [--metrics-cost] [--against <dist>]
                        [--turns <n>]

  --variant   which setup to measure (default: all)
  --smoke     seconds instead of minutes: proves the bench works, numbers mean nothing
  --duration  seconds per measurement (default 8)
  --out       where to write latest.md and latest.json (default tools/bench/results)
  --endpoint  measure only the endpoints whose name contains this text, e.g. limit=20 or 404
              (one word: npm and Nx split arguments at spaces); no fixed-rate or memory run
  --profile   run the API under node --cpu-prof and print, for each endpoint, the functions and
              packages with the most self time per request over its measured runs; the profiles
              are kept in <out>/profiles for Chrome DevTools (the profiler adds its own CPU)
  --against   another build of the API (a dist directory, e.g. an older checkout's apps/api/dist
              built there): started on a database of its own with the same seed and measured in
              the same turns, each endpoint reported for both builds beside one baseline
  --turns     how many times the baseline and the API take turns on each endpoint (default 2)
  --metrics-cost  only what metrics cost a request (also part of a full run): counting, the idle
              background and garbage collections recorded, each measured on its own, and the
              keyed list on SQLite on two instances, with metrics and with METRICS_PORT=off`;

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const BASELINE = fileURLToPath(new URL('./baseline-server.js', import.meta.url));
const WORKSPACE = fileURLToPath(new URL('../../../', import.meta.url));
const CONNECTIONS = 50;
const TICKS_PER_SECOND = clockTicksPerSecond();

interface Settings {
  duration: number;
  /** Only the endpoints whose name contains this text, and no fixed-rate or memory run. */
  endpoint: string | undefined;
  /** Where the API writes its CPU profiles, when profiled. */
  profileDir: string | undefined;
  fixedRate: { rate: number; duration: number };
  memoryRequests: number;
  /** What metrics cost: runs of the keyed list with and without, each; idle windows; calls. */
  metrics: { rounds: number; idleWindows: number; idleSeconds: number; calls: number };
  /** Only the cost of metrics (SQLite), nothing else. */
  metricsOnly: boolean;
  /** How often RSS is read during the memory run. */
  rssSampleMs: number;
  seed: number;
  /** Seconds of load before measuring anything, on each target; 0 for none. */
  warmup: number;
  /** Turns of the baseline and the API on each endpoint (A B A B is two). */
  turns: number;
  /** Another build of the API (its `dist` directory), measured in the same turns on its own database. */
  against: string | undefined;
}

const FULL: Settings = {
  duration: 8,
  endpoint: undefined,
  profileDir: undefined,
  fixedRate: { rate: 5_000, duration: 30 },
  memoryRequests: 1_000_000,
  metrics: { rounds: 10, idleWindows: 5, idleSeconds: 2, calls: 1_000_000 },
  metricsOnly: false,
  rssSampleMs: 1_000,
  seed: 1_000,
  warmup: 3,
  turns: 2,
  against: undefined,
};
const SMOKE: Settings = {
  duration: 1,
  endpoint: undefined,
  profileDir: undefined,
  fixedRate: { rate: 500, duration: 1 },
  memoryRequests: 2_000,
  metrics: { rounds: 2, idleWindows: 1, idleSeconds: 0.2, calls: 10_000 },
  metricsOnly: false,
  rssSampleMs: 50,
  seed: 100,
  warmup: 0,
  turns: 1,
  against: undefined,
};

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : Number.NaN;
}

async function startBaseline(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [BASELINE, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => {
      resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`The baseline server exited with ${String(code)}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}/v1/pets` };
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** Creates `count` pets; resolves with their ids, in ascending order. */
async function seed(baseUrl: string, key: string, count: number): Promise<number[]> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const statuses = ['available', 'pending', 'sold'] as const;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const n = i + j;
        const response = await fetch(`${baseUrl}/v1/pets`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Seed ${n}`,
            categoryId: 1 + (n % 7),
            status: statuses[n % 3],
          }),
        });
        if (response.status !== 201)
          throw new Error(`Seeding failed: ${response.status} ${await response.text()}`);
        ids.push(((await response.json()) as { id: number }).id);
      }),
    );
  }
  return ids.sort((a, b) => a - b);
}

/** The address of the second page of available pets, from the first page's Link header. */
async function filteredPage(baseUrl: string, key: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/pets?status=available&limit=20`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const link = response.headers.get('link');
  const next = link ? /^<([^>]+)>/.exec(link)?.[1] : undefined;
  if (!next) throw new Error('The seeded database has no second page of available pets');
  const url = new URL(next);
  return `${url.pathname}${url.search}`;
}

/**
 * Cursors to `count` positions in the catalogue, in id order, read by walking it one pet a page:
 * a list of pages more numerous than any cache keeps (the SQLite page cache holds 512).
 */
async function cursors(baseUrl: string, key: string, count: number): Promise<string[]> {
  const found: string[] = [];
  let path = '/v1/pets?limit=1';
  while (found.length < count) {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const next = /^<([^>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
    const cursor = next === undefined ? null : new URL(next).searchParams.get('cursor');
    if (cursor === null) throw new Error(`The seeded database has fewer than ${count + 1} pets`);
    found.push(cursor);
    path = `/v1/pets?limit=1&cursor=${cursor}`;
  }
  return found;
}

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

interface Run {
  measurement: Measurement;
  /** CPU of the measured processes over the run. */
  cpu: CpuSpent;
  window: Window;
}

/** One measurement, with the CPU the given processes used over it, read from /proc. */
async function run(target: Target, pids: readonly number[], options: RunOptions): Promise<Run> {
  const before = pids.map(readCpu);
  const start = monotonicMicros();
  const measurement = await measure(target, options);
  const end = monotonicMicros();
  const after = pids.map(readCpu);
  return { measurement, cpu: cpuBetween(before, after, TICKS_PER_SECOND), window: { start, end } };
}

/** µs per request over several runs: their CPU summed over their requests summed. */
function cpuPerRequest(runs: readonly Run[]): { micros: number; source: CpuSpent['source'] } {
  const nanoseconds = runs.reduce((total, r) => total + r.cpu.nanoseconds, 0);
  const requests = runs.reduce((total, r) => total + r.measurement.total, 0);
  return {
    micros: microsPerRequest(nanoseconds, requests),
    source: runs.every((r) => r.cpu.source === 'schedstat') ? 'schedstat' : 'stat',
  };
}

/** How a result of the other build (`--against`) is named in the report. */
const AGAINST_LABEL = 'the other build';

/** Instances of one build of the API on one database, and a key to it. */
interface Build {
  servers: ServerProcess[];
  key: string;
  /** A person's session cookie for the same account; none for a build without people. */
  sessionCookie: string | undefined;
}

/**
 * Starts `instances` of a build (ours, or the `dist` directory `dist` names) on the database in
 * `env`, with an enterprise account whose limits never bite.
 */
async function startBuild(
  env: Record<string, string>,
  instances: number,
  dist: string | undefined,
  nodeArgs: (instance: number) => string[],
): Promise<Build> {
  const { key, accountId } = createAccountKey(
    env,
    { name: 'Bench', plan: 'enterprise', perMinute: 10_000_000, perDay: 1_000_000_000 },
    dist === undefined ? undefined : join(dist, 'cli', 'keys.js'),
  );
  const servers: ServerProcess[] = [];
  for (let i = 0; i < instances; i++)
    servers.push(
      await startServer(
        env,
        undefined,
        nodeArgs(i),
        dist === undefined ? undefined : join(dist, 'main.js'),
      ),
    );
  const sessionCookie =
    dist === undefined ? await signedInPerson(env, accountId, servers[0]) : undefined;
  return { servers, key, sessionCookie };
}

/** A person of the account, invited with the CLI and signed in by accepting: their cookie. */
async function signedInPerson(
  env: Record<string, string>,
  accountId: number,
  server: ServerProcess | undefined,
): Promise<string> {
  if (!server) throw new Error('no API instance');
  const { link } = keysCli(
    env,
    'people',
    'invite',
    '--account',
    String(accountId),
    '--email',
    'bench@example.com',
  ) as { link: string };
  const response = await fetch(`${server.baseUrl}/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: link.slice(link.indexOf('#') + 1),
      name: 'Bench',
      password: 'a bench password, long enough',
    }),
  });
  const cookie = /^([^;]*);/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 204 || cookie === undefined)
    throw new Error(`Signing the bench person in failed: ${response.status}`);
  return cookie;
}

/** Seeds a build's database and names what the bench sends it. */
async function endpointsOf(
  { servers, key, sessionCookie }: Build,
  seedCount: number,
): Promise<{ name: string; target: Target }[]> {
  const primary = servers[0];
  if (!primary) throw new Error('no API instance');
  // Ids differ by engine (on PostgreSQL they follow transaction ids): one of the seeded pets.
  const petId = (await seed(primary.baseUrl, key, seedCount))[6];
  const filtered = await filteredPage(primary.baseUrl, key);
  // More pages than the SQLite page cache keeps (512), taken in turn: each is read from the
  // database, as a list that no two requests share would be.
  const everyPage = (await cursors(primary.baseUrl, key, Math.min(1_000, seedCount - 20))).map(
    (cursor) => `/v1/pets?limit=20&cursor=${cursor}`,
  );
  const headers = { authorization: `Bearer ${key}` };
  const api = (path: string, extra: Partial<Target> = {}): Target => ({
    urls: servers.map((server) => `${server.baseUrl}${path}`),
    headers,
    ...extra,
  });
  // Well formed, so it is looked up, and unknown.
  const unknownKey = `${key.slice(0, -6)}${key.endsWith('Zz9Zz9') ? 'Yy8Yy8' : 'Zz9Zz9'}`;
  return [
    { name: 'GET /v1/pets?limit=20', target: api('/v1/pets?limit=20') },
    ...(sessionCookie === undefined
      ? []
      : [
          {
            name: 'GET /v1/pets?limit=20, a person signed in (session cookie)',
            target: api('/v1/pets?limit=20', { headers: { cookie: sessionCookie } }),
          },
        ]),
    { name: 'GET /v1/pets?status=available&cursor=…', target: api(filtered) },
    {
      name: 'GET /v1/pets?cursor=…, another page of 20 each time',
      target: api('/v1/pets', { paths: everyPage }),
    },
    {
      name: 'POST /v1/pets',
      target: api('/v1/pets', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', categoryId: 3, status: 'pending' }),
      }),
    },
    { name: 'GET /v1/pets/{petId}', target: api(`/v1/pets/${String(petId)}`) },
    {
      name: 'GET /v1/no-such-route (404)',
      target: api('/v1/no-such-route', { expectedStatus: 404 }),
    },
    {
      name: 'GET /v1/pets?limit=20, unknown key (401)',
      target: api('/v1/pets?limit=20', {
        headers: { authorization: `Bearer ${unknownKey}` },
        expectedStatus: 401,
        manyClients: true,
      }),
    },
    { name: 'GET /healthz (public, no key)', target: api('/healthz', { headers: {} }) },
  ];
}

/** Each instance's profile, written by `node --cpu-prof` when it exited. */
const profileName = (variant: VariantReport['name'], instance: number) =>
  `${variant}-api-${instance + 1}.cpuprofile`;

/** Each endpoint's measured API runs, by endpoint name. */
type ApiRuns = Map<string, Run[]>;

async function runVariant(name: VariantReport['name'], settings: Settings): Promise<VariantReport> {
  const { report, apiRuns } = await measureVariant(name, settings);
  const profileDir = settings.profileDir;
  if (profileDir === undefined) return report;
  const profiles = Array.from(
    { length: report.instances },
    (_, i) =>
      JSON.parse(readFileSync(join(profileDir, profileName(name, i)), 'utf8')) as CpuProfile,
  );
  // Each endpoint's share of the profiles: the samples taken during its measured runs.
  for (const endpoint of report.endpoints) {
    const runs = apiRuns.get(endpoint.name) ?? [];
    const summary = summariseProfiles(profiles, {
      root: WORKSPACE,
      windows: runs.map((r) => r.window),
    });
    const requests = runs.reduce((total, r) => total + r.measurement.total, 0);
    const perRequest = (nanoseconds: (cpu: CpuSpent) => number | undefined) => {
      const values = runs.map((r) => nanoseconds(r.cpu));
      return values.every((value) => value !== undefined)
        ? microsPerRequest(
            values.reduce((total, value) => total + value, 0),
            requests,
          )
        : undefined;
    };
    endpoint.profile = toEndpointProfile(summary, {
      requests,
      mainThreadMicrosPerRequest: perRequest((cpu) => cpu.mainThreadNanoseconds),
      mainThreadWaitMicrosPerRequest: perRequest((cpu) => cpu.mainThreadWaitNanoseconds),
      systemShare: systemShare({
        user: runs.reduce((total, r) => total + r.cpu.ticks.user, 0),
        system: runs.reduce((total, r) => total + r.cpu.ticks.system, 0),
      }),
    });
  }
  return report;
}

async function measureVariant(
  name: VariantReport['name'],
  settings: Settings,
): Promise<{ report: VariantReport; apiRuns: ApiRuns }> {
  const dir = mkdtempSync(join(tmpdir(), 'pets-bench-'));
  let postgres: PostgresServer | undefined;
  let redis: RedisServer | undefined;
  const servers: ServerProcess[] = [];
  let baseline: { child: ChildProcess; url: string } | undefined;
  const apiRuns: ApiRuns = new Map();
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      CURSOR_SECRET: 'bench-cursor-secret-every-instance-shares',
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
      profileDir === undefined
        ? []
        : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${profileName(name, i)}`];
    const ours = await startBuild(env, instances, undefined, nodeArgs);
    servers.push(...ours.servers);
    const key = ours.key;
    // Another build: its own database (the same engine), its own instances, the same seed.
    let against: Build | undefined;
    if (settings.against !== undefined) {
      const againstEnv = {
        ...env,
        DATABASE_URL: postgres
          ? postgres.createDatabase('bench_against')
          : `sqlite:${join(dir, 'against.sqlite')}`,
      };
      against = await startBuild(againstEnv, instances, settings.against, () => []);
      servers.push(...against.servers);
    }
    baseline = await startBaseline();
    const allEndpoints = await endpointsOf(ours, settings.seed);
    const againstEndpoints = against ? await endpointsOf(against, settings.seed) : undefined;
    if (settings.metricsOnly) {
      const report: VariantReport = { name, instances, endpoints: [] };
      report.metricsCost = await metricsCost(env, key, servers, settings);
      return { report, apiRuns };
    }
    const filter = settings.endpoint;
    const endpoints =
      filter === undefined
        ? allEndpoints
        : allEndpoints.filter((endpoint) => endpoint.name.includes(filter));
    if (endpoints.length === 0)
      throw new Error(
        `No endpoint's name contains "${filter ?? ''}"; they are: ${allEndpoints.map((e) => e.name).join(', ')}`,
      );
    const baselineTarget: Target = { urls: [baseline.url] };
    const pids = ours.servers.map((server) => server.child.pid ?? 0);
    const againstPids = against?.servers.map((server) => server.child.pid ?? 0) ?? [];
    const againstTarget = (endpoint: string) =>
      againstEndpoints?.find((e) => e.name === endpoint)?.target;
    const baselinePids = [baseline.child.pid ?? 0];

    if (settings.warmup > 0) {
      for (const endpoint of endpoints) {
        await measure(endpoint.target, { connections: CONNECTIONS, duration: settings.warmup });
        const other = againstTarget(endpoint.name);
        if (other) await measure(other, { connections: CONNECTIONS, duration: settings.warmup });
      }
      await measure(baselineTarget, { connections: CONNECTIONS, duration: settings.warmup });
    }

    const results: EndpointResult[] = [];
    for (const endpoint of endpoints) {
      const runs: { baseline: Run[]; api: Run[]; against: Run[] } = {
        baseline: [],
        api: [],
        against: [],
      };
      const options = { connections: CONNECTIONS, duration: settings.duration };
      const other = againstTarget(endpoint.name);
      // A B A B (A B C A B C with another build): they take turns, so drift in the machine hits all.
      for (let turn = 0; turn < settings.turns; turn++) {
        runs.baseline.push(await run(baselineTarget, baselinePids, options));
        // The two builds swap places every turn, so neither always follows the baseline.
        if (other && turn % 2 === 1) runs.against.push(await run(other, againstPids, options));
        runs.api.push(await run(endpoint.target, pids, options));
        if (other && turn % 2 === 0) runs.against.push(await run(other, againstPids, options));
      }
      results.push(summarise(endpoint.name, runs.api, runs.baseline));
      if (other)
        results.push(summarise(`${endpoint.name} · ${AGAINST_LABEL}`, runs.against, runs.baseline));
      apiRuns.set(endpoint.name, runs.api);
      process.stderr.write(`${name}: ${endpoint.name} done\n`);
    }
    const report: VariantReport = { name, instances, endpoints: results };
    if (filter !== undefined) return { report, apiRuns };

    const fixed = await run(allEndpoints[0]?.target ?? baselineTarget, pids, {
      connections: CONNECTIONS,
      duration: settings.fixedRate.duration,
      overallRate: settings.fixedRate.rate,
    });

    const rssBefore = pids.map(rssMegabytes);
    // Sampled through the run: RSS follows V8's collection cycle (it rises and falls by tens of MB
    // while garbage accumulates and is collected), so two single readings can land on opposite ends
    // of a cycle. The peaks of the first and the last tenth of the run show a trend, a leak, instead.
    const samples: number[][] = [rssBefore];
    const sampler = setInterval(() => samples.push(pids.map(rssMegabytes)), settings.rssSampleMs);
    const soak = await measure(allEndpoints[0]?.target ?? baselineTarget, {
      connections: CONNECTIONS,
      amount: settings.memoryRequests,
    });
    clearInterval(sampler);
    const rssAfter = pids.map(rssMegabytes);
    samples.push(rssAfter);
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const peak = (rows: number[][], i: number) => Math.max(...rows.map((row) => row[i] ?? 0));
    const firstPeaks = pids.map((_, i) => peak(samples.slice(0, tenth), i));
    const lastPeaks = pids.map((_, i) => peak(samples.slice(-tenth), i));

    report.fixedRate = {
      offered: settings.fixedRate.rate,
      seconds: settings.fixedRate.duration,
      requestsPerSecond: fixed.measurement.requestsPerSecond,
      p50: fixed.measurement.p50,
      p99: fixed.measurement.p99,
      errors: fixed.measurement.errors,
      non2xx: fixed.measurement.non2xx,
      cpuMicrosPerRequest: cpuPerRequest([fixed]).micros,
    };
    report.memory = {
      requests: settings.memoryRequests,
      rssBeforeMb: rssBefore,
      rssAfterMb: rssAfter,
      growthMb: rssAfter.map((after, i) => Math.round((after - (rssBefore[i] ?? 0)) * 10) / 10),
      firstTenthPeakMb: firstPeaks,
      lastTenthPeakMb: lastPeaks,
      trendMb: lastPeaks.map((last, i) => Math.round((last - (firstPeaks[i] ?? 0)) * 10) / 10),
      errors: soak.errors + soak.non2xx,
    };
    if (name === 'sqlite') report.metricsCost = await metricsCost(env, key, servers, settings);
    return { report, apiRuns };
  } finally {
    if (baseline) await stop(baseline.child);
    // An instance writes its CPU profile as it exits.
    for (const server of servers) await stop(server.child);
    if (redis) await redis.stop();
    postgres?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The API's own metrics class, loaded from its build like the instances the bench starts. */
interface ApiMetrics {
  request(method: string, route: string | undefined, status: number, seconds: number): void;
  registry: {
    getSingleMetric(
      name: string,
    ): { observe(labels: Record<string, string>, value: number): void } | undefined;
  };
}

/** Requests as the bench sends them: method, route pattern (none: unmatched) and status. */
const REQUEST_MIX: readonly [string, string | undefined, number][] = [
  ['GET', '/v1/pets', 200],
  ['GET', '/v1/pets', 200],
  ['POST', '/v1/pets', 201],
  ['GET', '/v1/pets/:petId', 200],
  ['GET', undefined, 404],
  ['GET', '/v1/pets', 401],
  ['GET', '/healthz', 200],
];

/** ns of CPU per call of `call(i)`, the median of five runs of `calls` after a warm-up. */
function nanosPerCall(calls: number, call: (i: number) => void): number {
  const once = () => {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) call(i);
    const spent = process.cpuUsage(start);
    return ((spent.user + spent.system) * 1_000) / calls;
  };
  once();
  return median(Array.from({ length: 5 }, once));
}

/** What `Metrics.request` costs a call, on and off, and what recording one collection costs. */
async function countingCost(calls: number) {
  const module = join(dirname(API_MAIN), 'metrics', 'metrics.js');
  const { Metrics } = (await import(pathToFileURL(module).href)) as {
    Metrics: new (enabled: boolean) => ApiMetrics;
  };
  const count = (metrics: ApiMetrics) => (i: number) => {
    const [method, route, status] = REQUEST_MIX[i % REQUEST_MIX.length] ?? ['GET', '/', 200];
    metrics.request(method, route, status, 0.0002 + (i % 97) * 0.0003);
  };
  const on = new Metrics(true);
  const collections = on.registry.getSingleMetric('nodejs_gc_duration_seconds');
  if (collections === undefined) throw new Error('The API no longer records garbage collections');
  const kinds = ['minor', 'major', 'incremental', 'weakcb'];
  return {
    countingNanos: {
      with: nanosPerCall(calls, count(on)),
      without: nanosPerCall(calls, count(new Metrics(false))),
    },
    collectionRecordNanos: nanosPerCall(calls, (i) => {
      collections.observe({ kind: kinds[i % kinds.length] ?? 'minor' }, 0.0001 * (i % 50));
    }),
  };
}

/** CPU µs a second of each process while nothing is sent: the median of `windows` windows. */
async function idleMicrosPerSecond(pids: number[], windows: number, seconds: number) {
  const readings: number[][] = pids.map(() => []);
  for (let window = 0; window < windows; window++) {
    const before = pids.map(readCpu);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
    const after = pids.map(readCpu);
    pids.forEach((_, i) => {
      const spent = cpuBetween(
        [before[i] as CpuReading],
        [after[i] as CpuReading],
        TICKS_PER_SECOND,
      );
      readings[i]?.push(spent.nanoseconds / 1_000 / seconds);
    });
  }
  return readings.map(median);
}

/**
 * What metrics cost a request (see metrics-cost.ts): the keyed list on two fresh instances on
 * the same database, one with metrics and one with `METRICS_PORT=off`, in turns; the same two
 * idle; and the API's `Metrics` counting in this process.
 */
async function metricsCost(
  env: Record<string, string>,
  key: string,
  servers: ServerProcess[],
  settings: Settings,
): Promise<NonNullable<VariantReport['metricsCost']>> {
  // Two fresh instances started alike, so that neither carries the other's history (the first
  // instance seeded the database and served every other measurement).
  const metricsPort = await freePort();
  const withMetrics = await startServer({ ...env, METRICS_PORT: String(metricsPort) });
  servers.push(withMetrics);
  const without = await startServer({ ...env, METRICS_PORT: 'off' });
  servers.push(without);
  const scrapeCollections = async () =>
    sumOfSeries(
      await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
      'nodejs_gc_duration_seconds_count',
    );
  const target = (server: ServerProcess): Target => ({
    urls: [`${server.baseUrl}/v1/pets?limit=20`],
    headers: { authorization: `Bearer ${key}` },
  });
  const options = { connections: CONNECTIONS, duration: settings.duration };
  if (settings.warmup > 0)
    for (const server of [withMetrics, without])
      await measure(target(server), { connections: CONNECTIONS, duration: settings.warmup });
  const collectionsBefore = await scrapeCollections();
  const runs: { with: Run[]; without: Run[] } = { with: [], without: [] };
  for (let round = 0; round < settings.metrics.rounds; round++) {
    // A B B A: a drift through the rounds weighs on both alike.
    const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
    for (const side of order) {
      const server = side === 'with' ? withMetrics : without;
      runs[side].push(await run(target(server), [server.child.pid ?? 0], options));
    }
  }
  const collections = (await scrapeCollections()) - collectionsBefore;
  const requestsWith = runs.with.reduce((total, r) => total + r.measurement.total, 0);
  const [idleWith = 0, idleWithout = 0] = await idleMicrosPerSecond(
    [withMetrics.child.pid ?? 0, without.child.pid ?? 0],
    settings.metrics.idleWindows,
    settings.metrics.idleSeconds,
  );
  const counting = await countingCost(settings.metrics.calls);
  process.stderr.write('sqlite: metrics cost done\n');
  const micros = (side: Run[]) => side.map((r) => cpuPerRequest([r]).micros);
  const difference = pairedDifference(micros(runs.with), micros(runs.without));
  return {
    rounds: settings.metrics.rounds,
    withMicros: median(micros(runs.with)),
    withoutMicros: median(micros(runs.without)),
    differenceMicros: difference.mean,
    differenceHalfWidth: difference.halfWidth,
    parts: {
      ...counting,
      idleMicrosPerSecond: { with: idleWith, without: idleWithout },
      requestsPerSecond: mean(runs.with.map((r) => r.measurement.requestsPerSecond)),
      collectionsPerRequest: requestsWith > 0 ? collections / requestsWith : 0,
    },
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

function summarise(name: string, apiRuns: Run[], baselineRuns: Run[]): EndpointResult {
  const api = apiRuns.map((r) => r.measurement);
  const baseline = baselineRuns.map((r) => r.measurement);
  const apiRps = Math.round(mean(api.map((m) => m.requestsPerSecond)));
  const baselineRps = Math.round(mean(baseline.map((m) => m.requestsPerSecond)));
  const apiCpu = cpuPerRequest(apiRuns);
  const baselineCpu = cpuPerRequest(baselineRuns);
  return {
    name,
    requestsPerSecond: apiRps,
    baselineRequestsPerSecond: baselineRps,
    ratio: baselineRps === 0 ? 0 : Math.round((apiRps / baselineRps) * 100) / 100,
    cpuMicrosPerRequest: apiCpu.micros,
    baselineCpuMicrosPerRequest: baselineCpu.micros,
    cpuRatio: cpuRatio(apiCpu.micros, baselineCpu.micros),
    cpuSource: apiCpu.source === 'stat' || baselineCpu.source === 'stat' ? 'stat' : 'schedstat',
    p50: Math.max(...api.map((m) => m.p50)),
    p99: Math.max(...api.map((m) => m.p99)),
    errors: api.reduce((total, m) => total + m.errors + m.unexpected, 0),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      variant: { type: 'string', default: 'all' },
      smoke: { type: 'boolean', default: false },
      duration: { type: 'string' },
      out: { type: 'string' },
      endpoint: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'metrics-cost': { type: 'boolean', default: false },
      against: { type: 'string' },
      turns: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const variants: VariantReport['name'][] = values['metrics-cost']
    ? ['sqlite']
    : values.variant === 'all'
      ? ['sqlite', 'postgres-redis']
      : values.variant === 'sqlite' || values.variant === 'postgres-redis'
        ? [values.variant]
        : [];
  if (variants.length === 0) {
    process.stderr.write(
      `--variant must be sqlite, postgres-redis or all (got "${values.variant}")\n`,
    );
    return 2;
  }
  const settings = { ...(values.smoke ? SMOKE : FULL) };
  if (values.duration !== undefined) {
    if (!/^[1-9][0-9]{0,3}$/.test(values.duration)) {
      process.stderr.write(
        `--duration must be a whole number of seconds (got "${values.duration}")\n`,
      );
      return 2;
    }
    settings.duration = Number(values.duration);
  }
  if (values.turns !== undefined) {
    if (!/^[1-9][0-9]?$/.test(values.turns)) {
      process.stderr.write(`--turns must be a whole number from 1 to 99 (got "${values.turns}")\n`);
      return 2;
    }
    settings.turns = Number(values.turns);
  }
  const out = values.out ?? RESULTS;
  settings.endpoint = values.endpoint;
  settings.metricsOnly = values['metrics-cost'];
  if (values.against !== undefined) {
    const dist = resolve(values.against);
    if (!existsSync(join(dist, 'main.js')) || !existsSync(join(dist, 'cli', 'keys.js'))) {
      process.stderr.write(
        `--against must name a built API's dist directory, with main.js and cli/keys.js (got "${values.against}")\n`,
      );
      return 2;
    }
    if (values.profile || values['metrics-cost']) {
      process.stderr.write(
        '--against measures endpoints only: not with --profile or --metrics-cost\n',
      );
      return 2;
    }
    settings.against = dist;
  }
  if (values.profile) {
    settings.profileDir = join(out, 'profiles');
    mkdirSync(settings.profileDir, { recursive: true });
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    smoke: values.smoke,
    profiled: values.profile,
    machine: {
      cpus: availableParallelism(),
      model: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      kernel: release(),
    },
    connections: CONNECTIONS,
    secondsPerRun: settings.duration,
    turns: settings.turns,
    variants: [],
  };
  for (const variant of variants) report.variants.push(await runVariant(variant, settings));

  const markdown = toMarkdown(report);
  process.stdout.write(`${markdown}\n`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'latest.md'), `${markdown}\n`);
  writeFileSync(join(out, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stderr.write(`Written to ${join(out, 'latest.md')} and latest.json\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `The bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
