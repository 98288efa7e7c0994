// The bench end to end, in smoke runs: every endpoint, the photo uploads, the webhook rows and the
// NestJS peers on both setups without errors, PostgreSQL's and Redis's CPU read on their setup, the
// targets and a written report; and --profile --endpoint profiling the chosen endpoint alone,
// without the peers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import {
  BARE_NEST,
  DOCS_NEST_EXPRESS,
  DOCS_NEST_FASTIFY,
  OUR_HEALTHZ_BESIDE_PEERS,
} from './peers/names.js';
import type { BenchReport } from './report.js';

const BENCH = fileURLToPath(new URL('../dist/bench.js', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'pets-bench-smoke-'));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
});

/** Proves the bench runs end to end on both setups. It asserts no timings: those are for people. */
it('a smoke run measures every endpoint on both setups without errors and writes its report', () => {
  const result = spawnSync(process.execPath, [BENCH, '--smoke', '--out', out], {
    encoding: 'utf8',
  });
  expect(result.stderr).not.toMatch(/The bench failed/);
  expect(result.status).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8')) as BenchReport;
  expect(report.variants.map((variant) => [variant.name, variant.instances])).toEqual([
    ['sqlite', 1],
    ['postgres-redis', 2],
  ]);
  for (const variant of report.variants) {
    expect(variant.endpoints.map((endpoint) => endpoint.name)).toEqual([
      'GET /v1/pets?limit=20',
      'GET /v1/pets?limit=20&expand=photos',
      'GET /v1/pets?limit=20, a person signed in (session cookie)',
      'GET /v1/pets?status=available&cursor=…',
      'GET /v1/pets?q=seed 1, a search, 20 a page',
      'GET /v1/pets?sort=name, 20 a page by name',
      'GET /v1/pets?cursor=…, another page of 20 each time',
      'POST /v1/pets',
      'POST /v1/store/orders (place an order)',
      'GET /v1/pets/{petId}',
      'GET /photos/{key}-1080.webp (a photo, public)',
      'GET /v1/no-such-route (404)',
      'GET /v1/pets?limit=20, unknown key (401)',
      'GET /healthz (public, no key)',
    ]);
    for (const endpoint of variant.endpoints) {
      expect(endpoint.errors, endpoint.name).toBe(0);
      expect(endpoint.requestsPerSecond).toBeGreaterThan(0);
      expect(endpoint.baselineRequestsPerSecond).toBeGreaterThan(0);
      expect(endpoint.cpuMicrosPerRequest, endpoint.name).toBeGreaterThan(0);
      expect(endpoint.baselineCpuMicrosPerRequest, endpoint.name).toBeGreaterThan(0);
      expect(endpoint.cpuRatio, endpoint.name).toBeGreaterThan(0);
      expect(endpoint.profile).toBeUndefined();
      // PostgreSQL's and Redis's CPU is read on their setup only (/healthz may not touch them).
      if (variant.name === 'postgres-redis') {
        expect(endpoint.services?.microsPerRequest, endpoint.name).toBeGreaterThanOrEqual(0);
        expect(endpoint.services?.totalMicrosPerRequest, endpoint.name).toBeGreaterThanOrEqual(
          endpoint.cpuMicrosPerRequest,
        );
      } else expect(endpoint.services).toBeUndefined();
    }
    expect(variant.peers?.map((peer) => peer.name)).toEqual([
      BARE_NEST,
      DOCS_NEST_FASTIFY,
      DOCS_NEST_EXPRESS,
      OUR_HEALTHZ_BESIDE_PEERS,
    ]);
    for (const peer of variant.peers ?? []) {
      expect(peer.errors, peer.name).toBe(0);
      expect(peer.requestsPerSecond, peer.name).toBeGreaterThan(0);
      expect(peer.cpuMicrosPerRequest, peer.name).toBeGreaterThan(0);
      expect(peer.baselineCpuMicrosPerRequest, peer.name).toBeGreaterThan(0);
      expect(peer.services).toBeUndefined();
    }
    // The keyed list reads the key and counts the request: PostgreSQL and Redis do work for it.
    if (variant.name === 'postgres-redis')
      expect(variant.endpoints[0]?.services?.microsPerRequest).toBeGreaterThan(0);
    expect(variant.targets?.length).toBe(variant.name === 'sqlite' ? 4 : 3);
    for (const target of variant.targets ?? [])
      expect(target.ratio, target.name).toBeGreaterThan(0);
    const uploads = variant.uploads;
    expect(uploads?.errors).toBe(0);
    expect(uploads?.image.bytes).toBeGreaterThan(2_000_000);
    expect(uploads?.oneAtATime.uploads).toBe(2);
    expect(uploads?.oneAtATime.medianSeconds).toBeGreaterThan(0);
    expect(uploads?.oneAtATime.cpuSecondsPerUpload).toBeGreaterThan(0);
    expect(uploads?.oneAtATime.peakRssMb).toBeGreaterThanOrEqual(
      uploads?.oneAtATime.rssBeforeMb ?? 0,
    );
    expect(uploads?.together.peakRssMb).toBeGreaterThan(0);
    expect(uploads?.rssIdleMb).toBeGreaterThan(0);
    expect(uploads?.targets.map((limit) => limit.unit)).toEqual(['s', 'MB']);
    // The webhook rows, on instances of their own: every delivery of the smoke's 3 changes came,
    // signed as it should be, and the creates ran without endpoints and with them.
    const webhooks = variant.webhooks;
    expect(webhooks?.instances).toBe(variant.instances);
    expect(webhooks?.latency?.expected).toBe(300);
    expect(webhooks?.latency?.delivered).toBe(300);
    expect(webhooks?.latency?.badSignatures).toBe(0);
    expect(webhooks?.latency?.failedChanges).toBe(0);
    expect(webhooks?.latency?.medianMs).toBeGreaterThan(0);
    expect(webhooks?.latency?.lastMaxMs).toBeGreaterThanOrEqual(webhooks?.latency?.p99Ms ?? 0);
    for (const line of [webhooks?.creates?.withoutEndpoints, webhooks?.creates?.withEndpoints]) {
      expect(line?.errors).toBe(0);
      expect(line?.requestsPerSecond).toBeGreaterThan(0);
      expect(line?.cpuMicrosPerRequest).toBeGreaterThan(0);
    }
    expect(webhooks?.creates?.withoutEndpoints.deliveries).toBe(0);
    expect(webhooks?.creates?.deliveriesMade).toBeGreaterThan(0);
    expect(variant.fixedRate?.errors).toBe(0);
    expect(variant.fixedRate?.non2xx).toBe(0);
    expect(variant.fixedRate?.cpuMicrosPerRequest).toBeGreaterThan(0);
    expect(variant.memory?.errors).toBe(0);
    expect(variant.memory?.rssAfterMb.every((mb) => mb > 0)).toBe(true);
    expect(variant.memory?.lastTenthPeakMb.every((mb) => mb > 0)).toBe(true);
    expect(variant.memory?.trendMb).toHaveLength(variant.instances);
  }
  const [sqlite, postgres] = report.variants;
  expect(sqlite?.metricsCost?.withMicros).toBeGreaterThan(0);
  expect(sqlite?.metricsCost?.withoutMicros).toBeGreaterThan(0);
  expect(sqlite?.metricsCost?.differenceHalfWidth).toBeGreaterThan(0);
  const parts = sqlite?.metricsCost?.parts;
  expect(parts?.countingNanos.with).toBeGreaterThan(0);
  expect(parts?.countingNanos.without).toBeGreaterThan(0);
  expect(parts?.collectionRecordNanos).toBeGreaterThan(0);
  expect(parts?.idleMicrosPerSecond.with).toBeGreaterThan(0);
  expect(parts?.requestsPerSecond).toBeGreaterThan(0);
  // The instance with metrics was scraped for its collections: a number, maybe 0 in a short run.
  expect(parts?.collectionsPerRequest).toBeGreaterThanOrEqual(0);
  expect(postgres?.metricsCost).toBeUndefined();
  const markdown = readFileSync(join(out, 'latest.md'), 'utf8');
  expect(markdown).toMatch(/^# Benchmark \(smoke run/);
  expect(markdown).toMatch(/^- Metrics on the hot path: \d+\.\d\d CPU µs per request, /m);
  expect(markdown).toContain(
    '- End to end, GET /v1/pets?limit=20 on two fresh instances in turns: ',
  );
  expect(markdown).toContain('| CPU µs/req | baseline CPU µs/req | CPU ratio |');
  expect(markdown).toContain(
    '| CPU µs/req with PostgreSQL + Redis | CPU ratio with PostgreSQL + Redis |',
  );
  expect(markdown).toContain('### NestJS peers: the same list of 20 pets, as NestJS serves it');
  expect(markdown).toContain('### Targets, from this run');
  expect(markdown).toContain('- Upload targets: an upload (median) at most 1.5 s: ');
  expect(markdown).toContain('- Webhooks, from a change to its delivery: 3 changes of a pet');
  expect(markdown).toContain('| 100 endpoints, the worker delivering |');
});

it('--profile --endpoint profiles the chosen endpoint alone and names the functions it ran', () => {
  const profiled = join(out, 'profiled');
  const result = spawnSync(
    process.execPath,
    [
      BENCH,
      '--smoke',
      '--variant',
      'sqlite',
      '--endpoint',
      'limit=20',
      '--profile',
      '--out',
      profiled,
    ],
    { encoding: 'utf8' },
  );
  expect(result.stderr).not.toMatch(/The bench failed/);
  expect(result.status).toBe(0);
  const report = JSON.parse(readFileSync(join(profiled, 'latest.json'), 'utf8')) as BenchReport;
  expect(report.profiled).toBe(true);
  const [variant] = report.variants;
  expect(variant?.fixedRate).toBeUndefined();
  expect(variant?.memory).toBeUndefined();
  // --endpoint without --peers: the list's target is read, the others are not measured.
  expect(variant?.peers).toBeUndefined();
  expect(variant?.targets?.map((target) => target.met === undefined)).toEqual([
    true,
    false,
    true,
    true,
  ]);
  // No upload or webhook row chosen: none measured.
  expect(variant?.uploads).toBeUndefined();
  expect(variant?.webhooks).toBeUndefined();
  expect(variant?.endpoints.map((endpoint) => endpoint.name)).toEqual([
    'GET /v1/pets?limit=20',
    'GET /v1/pets?limit=20&expand=photos',
    'GET /v1/pets?limit=20, a person signed in (session cookie)',
    'GET /v1/pets?limit=20, unknown key (401)',
  ]);
  for (const endpoint of variant?.endpoints ?? []) {
    const profile = endpoint.profile;
    expect(profile?.requests).toBeGreaterThan(0);
    expect(profile?.samples).toBeGreaterThan(0);
    expect(profile?.mainThreadMicrosPerRequest).toBeGreaterThan(0);
    expect(profile?.mainThreadWaitMicrosPerRequest).toBeGreaterThanOrEqual(0);
    expect(profile?.systemShare).toBeGreaterThan(0);
    expect(profile?.functions.length).toBeGreaterThan(5);
    // Profiled from tsc's modules, not the bundle: the samples are told apart by package.
    expect(profile?.areas.map((entry) => entry.area)).toEqual(
      expect.arrayContaining(['apps/api', 'fastify', '@nestjs/core']),
    );
  }
  expect(result.stdout).toContain('### Profile of GET /v1/pets?limit=20 (SQLite');
});
