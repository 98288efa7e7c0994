/**
 * Sends load at a target with autocannon (connections for a time or a number of requests, or a
 * fixed rate) and returns what it measured: throughput, latency, errors and unexpected statuses.
 */
import autocannon from 'autocannon';

export interface Target {
  /** One URL, or several (connections are spread across them, e.g. two API instances). */
  urls: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The status every answer should have (default: any 2xx). */
  expectedStatus?: number;
  /**
   * Each request from another client address, in X-Forwarded-For (the API trusts the loopback
   * proxy in the bench): refused callers are limited per address, so from one address a load of
   * 401s turns into 429s within a minute.
   */
  manyClients?: boolean;
  /**
   * Paths taken in turn, one per request across all connections (instead of the URL's own path):
   * pages no cache can keep when there are more of them than it holds.
   */
  paths?: readonly string[];
  /** Bodies taken in turn, one per request across all connections (instead of `body`). */
  nextBody?: () => string;
  /**
   * Runs before each run at the target (warm-ups too), outside what is measured: what the
   * requests use up (pets to order), made ready for the run.
   */
  prepare?: (options: RunOptions) => Promise<void>;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers without the expected status (non-2xx when none is expected). */
  unexpected: number;
  total: number;
}

export interface RunOptions {
  connections: number;
  /** Seconds, or… */
  duration?: number;
  /** …a number of requests. */
  amount?: number;
  /** Offered load: requests per second over all connections. */
  overallRate?: number;
}

type SetupRequest = (request: autocannon.Request) => autocannon.Request;

/** 65,536 addresses in turn: each sends a few requests a minute even at 100,000 req/s. */
function nextClient(): SetupRequest {
  let n = 0;
  return (request) => {
    n = (n + 1) % 65_536;
    return {
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': `10.0.${n >> 8}.${n & 255}` },
    };
  };
}

/** The paths in turn, shared by every connection. */
export function nextPath(paths: readonly string[]): SetupRequest {
  let n = -1;
  return (request) => {
    n = (n + 1) % paths.length;
    return { ...request, path: paths[n] ?? '/' };
  };
}

/** The next body for each request, shared by every connection. */
function withBody(nextBody: () => string): SetupRequest {
  return (request) => ({ ...request, body: nextBody() });
}

function setupOf(target: Target): SetupRequest | undefined {
  const steps = [
    ...(target.manyClients ? [nextClient()] : []),
    ...(target.paths ? [nextPath(target.paths)] : []),
    ...(target.nextBody ? [withBody(target.nextBody)] : []),
  ];
  return steps.length === 0
    ? undefined
    : (request) => steps.reduce((changed, step) => step(changed), request);
}

export async function measure(target: Target, options: RunOptions): Promise<Measurement> {
  const setupRequest = setupOf(target);
  const result = await autocannon({
    // autocannon spreads connections over several URLs; its type declarations only know one.
    url: (target.urls.length === 1 ? (target.urls[0] ?? '') : target.urls) as string,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    pipelining: 1,
    ...(options.amount !== undefined
      ? { amount: options.amount }
      : { duration: options.duration ?? 8 }),
    ...(options.overallRate !== undefined ? { overallRate: options.overallRate } : {}),
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
  const expected =
    target.expectedStatus === undefined
      ? result['2xx']
      : (result.statusCodeStats?.[`${target.expectedStatus}`]?.count ?? 0);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    unexpected: result.requests.total - expected,
    total: result.requests.total,
  };
}
