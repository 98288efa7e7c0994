/**
 * The A/B turns: on each endpoint the baseline and the API (and the other build, with `--against`)
 * take turns, so that drift in the machine weighs on all alike; each endpoint's runs summed into
 * its line of the report.
 */
import { cpuPerRequest, run, type Run } from './cpu-runs.js';
import { cpuRatio } from './cpu-time.js';
import type { Endpoint } from './endpoints.js';
import { measure, type Target } from './measure.js';
import { CONNECTIONS, type Settings } from './options.js';
import type { EndpointResult, VariantReport } from './report.js';
import { mean } from './statistics.js';

/** Each endpoint's measured API runs, by endpoint name. */
export type ApiRuns = Map<string, Run[]>;

/** How a result of the other build (`--against`) is named in the report. */
const AGAINST_LABEL = 'the other build';

/**
 * The order of the runs: A B A B, or A B C A C B with a third: the two builds swap places every
 * turn, so neither always follows the baseline.
 */
export function inTurns<T>(turns: number, baseline: T, api: T, against?: T): T[] {
  const order: T[] = [];
  for (let turn = 0; turn < turns; turn++) {
    order.push(baseline);
    if (against !== undefined && turn % 2 === 1) order.push(against);
    order.push(api);
    if (against !== undefined && turn % 2 === 0) order.push(against);
  }
  return order;
}

/** The processes whose CPU the turns count: our build's instances, the other's, the baseline. */
export interface Pids {
  api: number[];
  against: number[];
  baseline: number[];
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

  if (settings.warmup > 0) {
    const warmUp = async (target: Target) => {
      const options = { connections: CONNECTIONS, duration: settings.warmup };
      await target.prepare?.(options);
      await measure(target, options);
    };
    for (const endpoint of endpoints) {
      await warmUp(endpoint.target);
      const other = againstTarget(endpoint.name);
      if (other) await warmUp(other);
    }
    await measure(baselineTarget, { connections: CONNECTIONS, duration: settings.warmup });
  }

  const results: EndpointResult[] = [];
  const apiRuns: ApiRuns = new Map();
  for (const endpoint of endpoints) {
    const side = (target: Target, of: number[]) => ({ target, pids: of, runs: [] as Run[] });
    const baseline = side(baselineTarget, pids.baseline);
    const api = side(endpoint.target, pids.api);
    const other = againstTarget(endpoint.name);
    const against = other ? side(other, pids.against) : undefined;
    const options = { connections: CONNECTIONS, duration: settings.duration };
    // They take turns, so drift in the machine hits all.
    for (const next of inTurns(settings.turns, baseline, api, against))
      next.runs.push(await run(next.target, next.pids, options));
    results.push(summarise(endpoint.name, api.runs, baseline.runs));
    if (against)
      results.push(summarise(`${endpoint.name} · ${AGAINST_LABEL}`, against.runs, baseline.runs));
    apiRuns.set(endpoint.name, api.runs);
    process.stderr.write(`${variant}: ${endpoint.name} done\n`);
  }
  return { results, apiRuns };
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
  };
}
