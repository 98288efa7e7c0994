/**
 * The arithmetic of what metrics cost a request. Runs of one build differ by 10 to 30 µs per
 * request on this machine, so comparing an instance with metrics to one without cannot resolve a
 * cost of a few µs by itself; the bench also measures the parts metrics add, each where it can be
 * measured steadily, and sums them:
 * - counting: the API's own `Metrics.request` called over a mix of routes and statuses, on and off;
 * - background: CPU a second of an idle instance with and without metrics (the event-loop lag
 *   timer, the metrics listener), spread over the requests a second the list was served at;
 * - garbage collections: prom-client records each in a histogram; collections per request seen by
 *   the instance's own `nodejs_gc_duration_seconds_count`, times what one such record costs (Node's
 *   handing of each collection to the observer comes on top, not measured: at a few thousandths
 *   of a collection per request it cannot reach a µs).
 */

/** Student's t for a two-sided 95 % interval, by degrees of freedom 1 to 30; 1.96 beyond. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

export const t95 = (degreesOfFreedom: number): number =>
  degreesOfFreedom < 1 ? Number.POSITIVE_INFINITY : (T95[degreesOfFreedom - 1] ?? 1.96);

/**
 * The mean of the paired differences (each round's `a` minus its `b`) and the half-width of its
 * 95 % interval; infinite with fewer than two rounds.
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
): { mean: number; halfWidth: number } {
  if (a.length !== b.length) throw new Error('pairedDifference: as many values on each side');
  const differences = a.map((value, i) => value - (b[i] ?? 0));
  const n = differences.length;
  if (n === 0) return { mean: 0, halfWidth: Number.POSITIVE_INFINITY };
  const mean = differences.reduce((total, d) => total + d, 0) / n;
  if (n < 2) return { mean, halfWidth: Number.POSITIVE_INFINITY };
  const variance = differences.reduce((total, d) => total + (d - mean) ** 2, 0) / (n - 1);
  return { mean, halfWidth: (t95(n - 1) * Math.sqrt(variance)) / Math.sqrt(n) };
}

export interface MetricsCostParts {
  /** ns per call of `Metrics.request` with metrics on, and off (`METRICS_PORT=off`). */
  countingNanos: { with: number; without: number };
  /** CPU µs a second of an idle instance with metrics, and without. */
  idleMicrosPerSecond: { with: number; without: number };
  /** Requests a second the instance with metrics served the list at. */
  requestsPerSecond: number;
  /** Garbage collections per request in the instance with metrics. */
  collectionsPerRequest: number;
  /** ns to record one collection in prom-client's histogram. */
  collectionRecordNanos: number;
}

/** µs per request that each part adds, and their sum; a part measured below zero counts as 0. */
export function metricsCostPerRequest(parts: MetricsCostParts): {
  counting: number;
  background: number;
  collections: number;
  total: number;
} {
  const counting = Math.max(0, parts.countingNanos.with - parts.countingNanos.without) / 1_000;
  const idle = Math.max(0, parts.idleMicrosPerSecond.with - parts.idleMicrosPerSecond.without);
  const background = parts.requestsPerSecond > 0 ? idle / parts.requestsPerSecond : 0;
  const collections = (parts.collectionsPerRequest * parts.collectionRecordNanos) / 1_000;
  return { counting, background, collections, total: counting + background + collections };
}

/** The sum of `name`'s series (every label set) in a Prometheus text exposition. */
export function sumOfSeries(exposition: string, name: string): number {
  let total = 0;
  for (const line of exposition.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!rest.startsWith('{') && !rest.startsWith(' ')) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}
