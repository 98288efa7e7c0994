// The webhook rows' arithmetic: each change's deliveries timed from its sending, the missing,
// duplicate and unverified ones counted apart; a line of creates from its runs; the rows that
// --endpoint chooses; and the environment the webhook instances run in.
import { expect, it } from 'vitest';
import type { Run } from './cpu-runs.js';
import type { CpuSpent } from './cpu-time.js';
import {
  ACCOUNTS,
  type Arrival,
  CREATES_DELIVERING,
  createsBeside,
  DELIVERY_LATENCY,
  ENDPOINTS,
  type SentChange,
  summariseLatency,
  webhookEnv,
  webhooksChosen,
} from './webhooks.js';

const sent = (name: string, sentAt: number, answeredAt = sentAt + 2): SentChange => ({
  name,
  sentAt,
  answeredAt,
});
const arrival = (name: string | undefined, path: string, at: number, verified = true): Arrival => ({
  name,
  path,
  at,
  verified,
});

it('spreads 100 endpoints over 7 accounts of at most 16, and --endpoint webhooks chooses both rows', () => {
  expect([ENDPOINTS, ACCOUNTS]).toEqual([100, 7]);
  expect(webhooksChosen('webhooks')).toBe(true);
  expect(webhooksChosen(undefined)).toBe(true);
  expect(webhooksChosen('limit=20')).toBe(false);
  expect(DELIVERY_LATENCY).toContain('webhooks');
  expect(CREATES_DELIVERING).toContain('webhooks');
});

it('times each change at each endpoint from its sending, and the last of each change', () => {
  const latency = summariseLatency(
    [sent('a', 1_000), sent('b', 2_000, 2_010)],
    [
      arrival('a', '/1', 1_010),
      arrival('a', '/2', 1_030),
      arrival('b', '/2', 2_005),
      arrival('b', '/1', 2_050),
    ],
    2,
    0,
  );
  expect(latency).toEqual({
    changes: 2,
    pauseMaxMs: 1_000,
    meanSpacingMs: 1_000,
    changeMedianMs: 6,
    delivered: 4,
    expected: 4,
    missing: 0,
    duplicates: 0,
    badSignatures: 0,
    failedChanges: 0,
    medianMs: 20,
    p99Ms: 50,
    maxMs: 50,
    lastMedianMs: 40,
    lastMaxMs: 50,
  });
});

it('counts a second arrival as a duplicate, an unverified one as a bad signature, and what never came', () => {
  const latency = summariseLatency(
    [sent('a', 0), sent('b', 100)],
    [
      arrival('a', '/1', 10),
      arrival('a', '/1', 400),
      arrival(undefined, '/2', 20, false),
      arrival('b', '/1', 130),
      // Another pet's event (the opening create, or the creates' rows): not a change.
      arrival('Bench', '/2', 140),
    ],
    2,
    1,
  );
  expect(latency).toMatchObject({
    delivered: 2,
    expected: 4,
    missing: 2,
    duplicates: 1,
    badSignatures: 1,
    failedChanges: 1,
    medianMs: 20,
    maxMs: 30,
    // No change reached both endpoints: no time to the last of them.
    lastMedianMs: 0,
    lastMaxMs: 0,
  });
});

it('makes a line of creates from its runs: the mean rate, the worst percentiles, CPU per create, deliveries a second', () => {
  const cpu = (nanoseconds: number): CpuSpent => ({
    nanoseconds,
    source: 'schedstat',
    ticks: { user: 0, system: 0 },
    mainThreadNanoseconds: undefined,
    mainThreadWaitNanoseconds: undefined,
  });
  const runOf = (total: number, rps: number, p99: number, nanoseconds: number): Run => ({
    measurement: {
      requestsPerSecond: rps,
      p50: 10,
      p99,
      errors: 0,
      non2xx: 0,
      unexpected: 1,
      total,
    },
    cpu: cpu(nanoseconds),
    window: { start: 0, end: 2_000_000 },
  });
  const line = createsBeside([runOf(4_000, 2_000, 30, 1e9), runOf(6_000, 3_000, 45, 1.5e9)], 800);
  expect(line).toEqual({
    requestsPerSecond: 2_500,
    p50: 10,
    p99: 45,
    errors: 2,
    cpuMicrosPerRequest: 250,
    cpuSource: 'schedstat',
    deliveries: 800,
    deliveriesPerSecond: 200,
  });
  // With PostgreSQL's and Redis's CPU read: theirs and the instances' together, per create.
  const services = { nanoseconds: 5e8, endedNanoseconds: 0, ended: 0, started: 0 };
  const withServices = createsBeside([{ ...runOf(5_000, 2_500, 40, 1e9), services }], 0);
  expect(withServices.totalMicrosPerRequest).toBe(300);
});

it('runs the webhook instances in development with private addresses allowed, on their own database', () => {
  const env = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', DATABASE_URL: 'sqlite:a.sqlite' };
  expect(webhookEnv(env, 'sqlite:webhooks.sqlite')).toEqual({
    NODE_ENV: 'development',
    MALLOC_ARENA_MAX: '2',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    DATABASE_URL: 'sqlite:webhooks.sqlite',
  });
});
