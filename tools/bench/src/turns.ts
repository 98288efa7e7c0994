/**
 * The A/B turns: on each endpoint the baseline (or the endpoint's own yardstick) and the API (and
 * the other build, with `--against`) take turns, so that drift in the machine weighs on all alike;
 * each endpoint's runs summed into its line of the report. The NestJS peers take turns with the
 * baseline the same way, once per variant, on their list.
 */
import { cpuPerRequest, run, type Run, servicesCpuPerRequest } from './cpu-runs.js';
import { cpuRatio, microsPerRequest } from './cpu-time.js';
import type { Endpoint } from './endpoints.js';
import { measure, type RunOptions, type Target } from './measure.js';
import { CONNECTIONS, type Settings } from './options.js';
import type { EndpointResult, VariantReport } from './report.js';
import { mean } from './statistics.js';

/** Each endpoint's measured API runs, by endpoint name. */
export type ApiRuns = Map<string, Run[]>;

/** How a result of the other build (`--against`) is named in the report. */
const AGAINST_LABEL = 'the other build';

/**
 * The order of the runs: A B A B, or A B C A C B with a third, or A B C D A C D B A D B C with a
 * fourth: the baseline opens every turn and the others rotate one place a turn, so none always
 * follows the baseline (with two, the builds swap places).
 */
export function inTurns<T>(turns: number, baseline: T, ...others: T[]): T[] {
  const order: T[] = [];
  for (let turn = 0; turn < turns; turn++) {
    order.push(baseline);
    others.forEach((_, i) => {
      order.push(others[(i + turn) % others.length] as T);
    });
  }
  return order;
}

/**
 * The processes whose CPU the turns count: our build's instances, the other's, the baseline; and
 * the services our builds use (the PostgreSQL postmaster and redis-server, whose trees are read
 * over the builds' runs), none on SQLite.
 */
export interface Pids {
  api: number[];
  against: number[];
  baseline: number[];
  services: number[];
}

/** What each run of the turns sends: for its seconds, as fast as answered or at `--rate`. */
export function turnOptions(settings: Settings): RunOptions {
  return {
    connections: CONNECTIONS,
    duration: settings.duration,
    ...(settings.rate !== undefined ? { overallRate: settings.rate } : {}),
  };
}

/** Loads each target for the settings' warm-up, unmeasured. */
async function warmUp(targets: readonly Target[], settings: Settings): Promise<void> {
  const options = { connections: CONNECTIONS, duration: settings.warmup };
  for (const target of targets) {
    await target.prepare?.(options);
    await measure(target, options);
  }
}

/**
 * Warms every target up (unless the settings say none), then measures each endpoint in turns with
 * the baseline: the report's line for each, and the API's runs behind it for the profiles.
 */
export async function measureInTurns(
  variant: VariantReport['name'],
  endpoints: readonly Endpoint[],
  againstEndpoints: readonly Endpoint[] | undefined,
  baselineTarget: Target,
  pids: Pids,
  settings: Settings,
): Promise<{ results: EndpointResult[]; apiRuns: ApiRuns }> {
  const againstTarget = (endpoint: string) =>
    againstEndpoints?.find((e) => e.name === endpoint)?.target;

  if (settings.warmup > 0)
    await warmUp(
      [
        ...endpoints.flatMap((endpoint) => {
          const other = againstTarget(endpoint.name);
          return [
            endpoint.target,
            ...(other ? [other] : []),
            ...(endpoint.baseline ? [endpoint.baseline.target] : []),
          ];
        }),
        baselineTarget,
      ],
      settings,
    );

  const results: EndpointResult[] = [];
  const apiRuns: ApiRuns = new Map();
  for (const endpoint of endpoints) {
    const side = (target: Target, of: number[], services: number[] = []) => ({
      target,
      pids: of,
      services,
      runs: [] as Run[],
    });
    // The endpoint's own yardstick, if it has one, else the bare Fastify list.
    const baseline = endpoint.baseline
      ? side(endpoint.baseline.target, endpoint.baseline.pids)
      : side(baselineTarget, pids.baseline);
    const api = side(endpoint.target, pids.api, pids.services);
    const other = againstTarget(endpoint.name);
    const against = other ? side(other, pids.against, pids.services) : undefined;
    const options = turnOptions(settings);
    // They take turns, so drift in the machine hits all.
    for (const next of inTurns(settings.turns, baseline, ...(against ? [api, against] : [api])))
      next.runs.push(await run(next.target, next.pids, options, next.services));
    const yardstick = endpoint.baseline ? { baseline: endpoint.baseline.name } : {};
    results.push({ ...summarise(endpoint.name, api.runs, baseline.runs), ...yardstick });
    if (against)
      results.push({
        ...summarise(`${endpoint.name} · ${AGAINST_LABEL}`, against.runs, baseline.runs),
        ...yardstick,
      });
    apiRuns.set(endpoint.name, api.runs);
    process.stderr.write(`${variant}: ${endpoint.name} done\n`);
  }
  return { results, apiRuns };
}

/** A server measured beside the baseline on its own list: its name, requests and processes. */
export interface Contender {
  name: string;
  target: Target;
  /** One process (a peer), or every instance of a build (ours on PostgreSQL + Redis: two). */
  pids: readonly number[];
}

/**
 * Warms the contenders up, then measures them in turns with the baseline, all in one rotation
 * (each turn the baseline, then every contender): a line of the report for each.
 */
export async function measureContenders(
  contenders: readonly Contender[],
  baselineTarget: Target,
  baselinePid: number,
  settings: Settings,
): Promise<EndpointResult[]> {
  if (settings.warmup > 0)
    await warmUp([...contenders.map((contender) => contender.target), baselineTarget], settings);
  const side = (target: Target, pids: readonly number[]) => ({ target, pids, runs: [] as Run[] });
  const baseline = side(baselineTarget, [baselinePid]);
  const sides = contenders.map((contender) => side(contender.target, contender.pids));
  const options = turnOptions(settings);
  for (const next of inTurns(settings.turns, baseline, ...sides))
    next.runs.push(await run(next.target, next.pids, options));
  return contenders.map((contender, i) =>
    summarise(contender.name, sides[i]?.runs ?? [], baseline.runs),
  );
}

/**
 * The services' part of an endpoint's line, when their CPU was read over every API run: theirs per
 * request, and the API's and theirs together (summed before dividing) beside the baseline's.
 */
function withServices(
  apiRuns: readonly Run[],
  baselineMicros: number,
): Pick<EndpointResult, 'services'> {
  const services = servicesCpuPerRequest(apiRuns);
  if (!services) return {};
  const requests = apiRuns.reduce((total, r) => total + r.measurement.total, 0);
  const nanoseconds = apiRuns.reduce(
    (total, r) => total + r.cpu.nanoseconds + (r.services?.nanoseconds ?? 0),
    0,
  );
  const total = microsPerRequest(nanoseconds, requests);
  return {
    services: {
      microsPerRequest: services.micros,
      totalMicrosPerRequest: total,
      cpuRatio: cpuRatio(total, baselineMicros),
      endedMicrosPerRequest: services.endedMicros,
      ended: services.ended,
    },
  };
}

/** One endpoint's line of the report: the API's runs beside the baseline's. */
export function summarise(name: string, apiRuns: Run[], baselineRuns: Run[]): EndpointResult {
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
    ...withServices(apiRuns, baselineCpu.micros),
  };
}
