/**
 * The API's Prometheus metrics (docs/operators/metrics.md): requests, durations, rate-limit
 * refusals, database errors and the Redis fallback, counted per instance and written at scrape.
 */
import 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's metrics (absent in a Fastify that is not the API's). */
    metrics?: Metrics;
  }
}

/** The route label of a request no route matched: never the raw path, so the label set stays bounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Why a request touched the database and failed. */
export type DatabaseErrorKind = 'unavailable' | 'query';

/** Upper bounds of `http_request_duration_seconds`'s buckets, in seconds. */
export const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/** The requests one method and route pattern answered: counts by status, and their durations. */
class RouteRecord {
  readonly statuses = new Map<number, number>();
  /** Requests per bucket, not cumulative; the last counts those above every bound (`+Inf`). */
  readonly buckets = new Float64Array(DURATION_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  /** `method="GET",route="/v1/pets"`, escaped once. */
  readonly labels: string;

  constructor(method: string, route: string) {
    this.labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}"`;
  }

  add(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    // The first bucket whose bound the duration does not exceed (`le`); past them all, `+Inf`.
    let bucket = 0;
    for (const bound of DURATION_BUCKETS) {
      if (seconds <= bound) break;
      bucket++;
    }
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    this.sum += seconds;
    this.count++;
  }
}

/** A label value as the text format wants it: backslash, double quote and newline escaped. */
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * The metrics of one API instance, in a registry of its own (several apps in one process, as in the
 * tests, each count their own). Labels are bounded: the route's pattern (`/v1/pets/:petId`), a
 * method Node's parser accepts, the status; plans, refusal codes and error kinds are fixed sets.
 *
 * Every request is counted, so its two series (`http_requests_total` and
 * `http_request_duration_seconds`) are plain numbers in one record per method and route, written
 * out at scrape: prom-client's metric objects check and hash their labels on each call.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Route pattern, then method: the record of their requests. */
  private readonly routes = new Map<string, Map<string, RouteRecord>>();
  private readonly refusals = new Counter({
    name: 'ratelimit_refusals_total',
    help: 'Requests refused with 429 by the rate limiter, by plan (anonymous without a valid key) and code.',
    labelNames: ['plan', 'code'] as const,
    registers: [this.registry],
  });
  private readonly databaseErrors = new Counter({
    name: 'db_errors_total',
    help: 'Requests that failed in the database: unavailable (answered 503) or a failed query (500).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** Read at each scrape; the rate limiter says how to tell (see {@link watchRedisFallback}). */
  private redisFallbackActive: () => Promise<boolean> = () => Promise.resolve(false);

  /** @param enabled false (`METRICS_PORT=off`): nothing is counted, nothing runs on the side. */
  constructor(readonly enabled: boolean) {
    if (!enabled) return;
    // Event-loop lag sampled every 100 ms, not prom-client's 10: its timer woke an idle instance
    // 100 times a second (docs/team/performance.md#what-metrics-cost).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 100 });
    const active = () => this.redisFallbackActive();
    new Gauge({
      name: 'redis_fallback_active',
      help: '1 while Redis is configured but unreachable and this instance counts rate limits on its own.',
      registers: [this.registry],
      async collect() {
        this.set((await active()) ? 1 : 0);
      },
    });
  }

  /** How `redis_fallback_active` is read: set once by the rate limiter. */
  watchRedisFallback(active: () => Promise<boolean>): void {
    this.redisFallbackActive = active;
  }

  request(method: string, route: string | undefined, status: number, seconds: number): void {
    if (!this.enabled) return;
    const pattern = route ?? UNMATCHED_ROUTE;
    let methods = this.routes.get(pattern);
    if (methods === undefined) this.routes.set(pattern, (methods = new Map<string, RouteRecord>()));
    let record = methods.get(method);
    if (record === undefined) methods.set(method, (record = new RouteRecord(method, pattern)));
    record.add(status, seconds);
  }

  refusal(plan: string, code: string): void {
    if (!this.enabled) return;
    this.refusals.inc({ plan, code });
  }

  databaseError(kind: DatabaseErrorKind): void {
    if (!this.enabled) return;
    this.databaseErrors.inc({ kind });
  }

  /** The text Prometheus scrapes (text format 0.0.4, {@link contentType}). */
  async scrape(): Promise<string> {
    return (await this.registry.metrics()) + this.requestsText();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** `http_requests_total` and `http_request_duration_seconds` from the records, in the text format. */
  private requestsText(): string {
    const records = [...this.routes.values()].flatMap((methods) => [...methods.values()]);
    const lines = [
      '# HELP http_requests_total Requests answered, by method, route pattern and status.',
      '# TYPE http_requests_total counter',
    ];
    for (const record of records)
      for (const [status, count] of record.statuses)
        lines.push(`http_requests_total{${record.labels},status="${status}"} ${count}`);
    lines.push(
      '# HELP http_request_duration_seconds Time from the request to the end of its answer, by method and route pattern.',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const record of records) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += record.buckets[index] ?? 0;
        lines.push(
          `http_request_duration_seconds_bucket{${record.labels},le="${bound}"} ${cumulative}`,
        );
      });
      lines.push(
        `http_request_duration_seconds_bucket{${record.labels},le="+Inf"} ${record.count}`,
        `http_request_duration_seconds_sum{${record.labels}} ${record.sum}`,
        `http_request_duration_seconds_count{${record.labels}} ${record.count}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
