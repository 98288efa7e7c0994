// The A/B turns: the order the baseline and the builds take on an endpoint, and an endpoint's
// line of the report summed from its runs (CPU over all requests, the worst latency, every error).
import { describe, expect, it } from 'vitest';
import type { Run } from './cpu-runs.js';
import { inTurns, summarise } from './turns.js';

describe('inTurns', () => {
  it('the baseline and the API alternate, A B A B', () => {
    expect(inTurns(2, 'A', 'B')).toEqual(['A', 'B', 'A', 'B']);
    expect(inTurns(1, 'A', 'B')).toEqual(['A', 'B']);
  });

  it('with another build the two builds swap places every turn: A B C A C B', () => {
    expect(inTurns(3, 'A', 'B', 'C')).toEqual(['A', 'B', 'C', 'A', 'C', 'B', 'A', 'B', 'C']);
  });

  it('with three others (the NestJS peers) the baseline opens each turn and they rotate', () => {
    expect(inTurns(3, 'A', 'B', 'C', 'D').join(' ')).toBe('A B C D A C D B A D B C');
  });
});

/** A run of `total` requests that took `nanoseconds` of CPU. */
const runOf = (
  total: number,
  nanoseconds: number,
  measured: Partial<Run['measurement']> = {},
  source: Run['cpu']['source'] = 'schedstat',
): Run =>
  ({
    measurement: {
      total,
      requestsPerSecond: total,
      p50: 1,
      p99: 2,
      errors: 0,
      unexpected: 0,
      non2xx: 0,
      ...measured,
    },
    cpu: { nanoseconds, source },
    window: { start: 0, end: 1 },
  }) as Run;

describe('summarise', () => {
  it('sums CPU over requests across the runs, and keeps the worst latency and every error', () => {
    const api = [
      runOf(1_000, 300_000_000, { p50: 3, p99: 9, errors: 1 }),
      runOf(3_000, 500_000_000, { p50: 4, p99: 7, unexpected: 2 }),
    ];
    const baseline = [runOf(4_000, 400_000_000), runOf(4_000, 400_000_000)];
    expect(summarise('GET /v1/pets', api, baseline)).toEqual({
      name: 'GET /v1/pets',
      requestsPerSecond: 2_000,
      baselineRequestsPerSecond: 4_000,
      ratio: 0.5,
      cpuMicrosPerRequest: 200,
      baselineCpuMicrosPerRequest: 100,
      cpuRatio: 0.5,
      cpuSource: 'schedstat',
      p50: 4,
      p99: 9,
      errors: 3,
    });
  });

  it('adds the services’ CPU (PostgreSQL, Redis) to the API’s when every run read it', () => {
    const services = (nanoseconds: number, endedNanoseconds = 0, ended = 0) => ({
      nanoseconds,
      endedNanoseconds,
      ended,
      started: 0,
    });
    const api = [
      { ...runOf(1_000, 300_000_000), services: services(100_000_000) },
      { ...runOf(3_000, 500_000_000), services: services(300_000_000, 40_000_000, 2) },
    ];
    const baseline = [runOf(4_000, 400_000_000)];
    expect(summarise('GET /v1/pets?limit=20', api, baseline).services).toEqual({
      microsPerRequest: 100,
      totalMicrosPerRequest: 300,
      cpuRatio: 0.33,
      endedMicrosPerRequest: 10,
      ended: 2,
    });
    // Not when a run did not read them (the baseline's, a peer's, SQLite's).
    expect(summarise('x', [api[0] as Run, runOf(1, 1)], baseline).services).toBeUndefined();
    expect(summarise('x', [runOf(1, 1)], baseline)).not.toHaveProperty('services');
  });

  it('names the coarser source when any run fell back to clock ticks', () => {
    const result = summarise('x', [runOf(10, 10_000, {}, 'stat')], [runOf(10, 10_000)]);
    expect(result.cpuSource).toBe('stat');
  });
});
