/**
 * Measures what metrics cost a request (the arithmetic is in metrics-cost.ts): two fresh
 * instances of the keyed list, with metrics and without, in turns and idle, and the API's own
 * `Metrics` counting called in this process.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_DIST, freePort, type ServerProcess } from '@pets/services';
import { cpuPerRequest, idleMicrosPerSecond, run, type Run } from './cpu-runs.js';
import { measure, type Target } from './measure.js';
import { pairedDifference, sumOfSeries } from './metrics-cost.js';
import { CONNECTIONS, type Settings } from './options.js';
import type { VariantReport } from './report.js';
import { startBenchServer } from './servers.js';
import { mean, median } from './statistics.js';

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
  // The module as tsc built it: the bundle exports only its programs.
  const module = join(API_DIST, 'metrics', 'metrics.js');
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

/**
 * What metrics cost a request (see metrics-cost.ts): the keyed list on two fresh instances on
 * the same database, one with metrics and one with `METRICS_PORT=off`, in turns; the same two
 * idle; and the API's `Metrics` counting in this process.
 */
export async function metricsCost(
  env: Record<string, string>,
  key: string,
  servers: ServerProcess[],
  settings: Settings,
): Promise<NonNullable<VariantReport['metricsCost']>> {
  // Two fresh instances started alike, so that neither carries the other's history (the first
  // instance seeded the database and served every other measurement).
  const metricsPort = await freePort();
  const withMetrics = await startBenchServer({ ...env, METRICS_PORT: String(metricsPort) });
  servers.push(withMetrics);
  const without = await startBenchServer({ ...env, METRICS_PORT: 'off' });
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
