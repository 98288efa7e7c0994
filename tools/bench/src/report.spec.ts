import { expect, it } from 'vitest';
import { type BenchReport, type EndpointResult, toMarkdown } from './report.js';

const endpoint = (overrides: Partial<EndpointResult> = {}): EndpointResult => ({
  name: 'GET /v1/pets?limit=20',
  requestsPerSecond: 5_000,
  baselineRequestsPerSecond: 40_000,
  ratio: 0.13,
  cpuMicrosPerRequest: 147,
  baselineCpuMicrosPerRequest: 24.3,
  cpuRatio: 0.17,
  cpuSource: 'schedstat',
  p50: 9,
  p99: 19,
  errors: 0,
  ...overrides,
});

const report = (endpoints: EndpointResult[]): BenchReport => ({
  date: '2026-11-22T00:00:00.000Z',
  smoke: false,
  machine: { cpus: 2, model: 'AMD EPYC', node: 'v20.20.2', kernel: '6.18.44' },
  connections: 50,
  secondsPerRun: 8,
  variants: [
    {
      name: 'sqlite',
      instances: 1,
      endpoints,
      fixedRate: {
        offered: 5_000,
        seconds: 30,
        requestsPerSecond: 4_900,
        p50: 5,
        p99: 12,
        errors: 0,
        non2xx: 0,
        cpuMicrosPerRequest: 121.4,
      },
      memory: {
        requests: 1_000_000,
        rssBeforeMb: [200],
        rssAfterMb: [210],
        growthMb: [10],
        firstTenthPeakMb: [250],
        lastTenthPeakMb: [251],
        trendMb: [1],
        errors: 0,
      },
    },
  ],
});

it('prints the CPU figures beside req/s and latency', () => {
  const markdown = toMarkdown(
    report([endpoint(), endpoint({ name: 'POST /v1/pets', cpuMicrosPerRequest: 12.34 })]),
  );
  expect(markdown).toContain(
    '| endpoint | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio | p50 ms | p99 ms | errors |',
  );
  expect(markdown).toContain(
    '| GET /v1/pets?limit=20 | 5,000 | 40,000 | 0.13× | 147 | 24.3 | 0.17× | 9 | 19 | 0 |',
  );
  expect(markdown).toContain('| POST /v1/pets | 5,000 | 40,000 | 0.13× | 12.3 | 24.3 | 0.17× |');
  expect(markdown).not.toContain('utime + stime');
  expect(markdown).toContain('0 errors, 121 CPU µs per request.');
});

it('says which endpoints fell back to clock ticks', () => {
  const markdown = toMarkdown(report([endpoint({ cpuSource: 'stat' })]));
  expect(markdown).toContain(
    '- A thread ended during the runs of GET /v1/pets?limit=20: CPU from utime + stime (10 ms ticks), not schedstat.',
  );
});
