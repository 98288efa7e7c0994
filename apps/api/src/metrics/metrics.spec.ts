// The metrics' text as Prometheus reads it: requests counted by method, route pattern and status,
// durations in cumulative buckets, label values escaped, each metric named once, nothing when off.
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, Metrics, UNMATCHED_ROUTE } from './metrics.js';

const lines = async (metrics: Metrics, prefix: string) =>
  (await metrics.scrape()).split('\n').filter((line) => line.startsWith(prefix));

describe('Metrics: requests by method, route pattern and status', () => {
  it('counts each status apart, and a request no route matched as (unmatched)', async () => {
    const metrics = new Metrics(true);
    metrics.request('GET', '/v1/pets', 200, 0.002);
    metrics.request('GET', '/v1/pets', 200, 0.003);
    metrics.request('GET', '/v1/pets', 429, 0.0005);
    metrics.request('POST', '/v1/pets', 201, 0.004);
    metrics.request('GET', undefined, 404, 0.0001);
    expect(await lines(metrics, 'http_requests_total')).toEqual([
      'http_requests_total{method="GET",route="/v1/pets",status="200"} 2',
      'http_requests_total{method="GET",route="/v1/pets",status="429"} 1',
      'http_requests_total{method="POST",route="/v1/pets",status="201"} 1',
      `http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status="404"} 1`,
    ]);
  });

  it('puts a duration in the first bucket whose bound it does not exceed, cumulatively', async () => {
    const metrics = new Metrics(true);
    // On a bound (le is "less or equal"), just above one, and above every bound.
    for (const seconds of [0.001, 0.0010001, 0.05, 11]) metrics.request('GET', '/p', 200, seconds);
    const buckets = (await lines(metrics, 'http_request_duration_seconds_bucket')).map((line) => {
      const [, le, count] = /le="([^"]+)"\} (\d+)$/.exec(line) ?? [];
      return [le, Number(count)];
    });
    // In order of their bounds, each counting every duration up to its bound.
    expect(buckets).toEqual([
      ['0.001', 1],
      ...DURATION_BUCKETS.slice(1).map((bound) => [String(bound), bound < 0.05 ? 2 : 3]),
      ['+Inf', 4],
    ]);
    const [sum] = await lines(metrics, 'http_request_duration_seconds_sum');
    expect(Number(sum?.split(' ')[1])).toBeCloseTo(11.0520001, 9);
    expect(await lines(metrics, 'http_request_duration_seconds_count')).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/p"} 4',
    ]);
  });

  it('escapes what the text format cannot carry raw in a label value', async () => {
    const metrics = new Metrics(true);
    metrics.request('GET', '/a"b\\c\nd', 200, 0.001);
    expect(await lines(metrics, 'http_requests_total{')).toEqual([
      'http_requests_total{method="GET",route="/a\\"b\\\\c\\nd",status="200"} 1',
    ]);
  });

  it('names each metric once, with its type, before its series', async () => {
    const metrics = new Metrics(true);
    metrics.request('GET', '/v1/pets', 200, 0.001);
    metrics.request('GET', '/healthz', 200, 0.001);
    const text = await metrics.scrape();
    for (const [name, type] of [
      ['http_requests_total', 'counter'],
      ['http_request_duration_seconds', 'histogram'],
    ] as const) {
      expect(text.split(`# TYPE ${name} ${type}\n`)).toHaveLength(2);
      const typeAt = text.indexOf(`# TYPE ${name} `);
      expect(text.indexOf(`\n${name}`)).toBeGreaterThan(typeAt);
    }
    expect(text.endsWith('\n')).toBe(true);
  });

  it('counts nothing when off (METRICS_PORT=off)', async () => {
    const metrics = new Metrics(false);
    metrics.request('GET', '/v1/pets', 200, 0.001);
    metrics.refusal('free', 'rate_limited');
    metrics.databaseError('query');
    const text = await metrics.scrape();
    expect(text).not.toMatch(/^http_requests_total\{/m);
    expect(text).not.toMatch(/^ratelimit_refusals_total\{/m);
    expect(text).not.toMatch(/^process_cpu/m);
  });
});
