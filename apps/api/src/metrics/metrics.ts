import 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

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

/**
 * The Prometheus metrics of one API instance (decisions §14), in a registry of its own (several
 * apps in one process, as in the tests, each count their own). Labels are bounded: the route is
 * the route's pattern (`/v1/pets/:petId`), the method one Node's parser accepts, the status a
 * number; plans, refusal codes and error kinds are fixed sets.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
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
    collectDefaultMetrics({ register: this.registry });
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
    this.requests.inc({ method, route: pattern, status });
    this.duration.observe({ method, route: pattern }, seconds);
  }

  refusal(plan: string, code: string): void {
    if (!this.enabled) return;
    this.refusals.inc({ plan, code });
  }

  databaseError(kind: DatabaseErrorKind): void {
    if (!this.enabled) return;
    this.databaseErrors.inc({ kind });
  }

  /** The text Prometheus scrapes. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
