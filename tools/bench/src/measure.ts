import autocannon from 'autocannon';

export interface Target {
  /** One URL, or several (connections are spread across them, e.g. two API instances). */
  urls: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
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

export async function measure(target: Target, options: RunOptions): Promise<Measurement> {
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
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
