// The bench's report: profiles sized by CPU per request, and the Markdown tables of CPU figures,
// profiles, the cost of metrics, photo uploads, the webhook rows and a row's own yardstick.
import { expect, it } from 'vitest';
import type { ProfileSummary } from './cpu-profile.js';
import {
  type BenchReport,
  type CreatesBeside,
  type EndpointResult,
  toEndpointProfile,
  toMarkdown,
} from './report.js';
import { checkTargets, checkUploadTargets } from './targets.js';

const summary: ProfileSummary = {
  samples: 1_200,
  idle: 200,
  busy: 1_000,
  functions: [
    { name: 'writev', location: '', area: 'node (native)', samples: 200 },
    {
      name: 'all',
      location: 'apps/api/dist/database/database.js:51',
      area: 'apps/api',
      samples: 150,
    },
    { name: 'a|b', location: 'x.js:1', area: 'x', samples: 5 },
  ],
  areas: [
    { area: 'node (native)', samples: 200 },
    { area: 'apps/api', samples: 150 },
  ],
};

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
  profiled: false,
  machine: { cpus: 2, model: 'AMD EPYC', node: 'v20.20.2', kernel: '6.18.44' },
  connections: 50,
  secondsPerRun: 8,
  turns: 2,
  variants: [{ name: 'sqlite', instances: 1, endpoints }],
});

const measured = {
  requests: 40_000,
  mainThreadMicrosPerRequest: 120,
  mainThreadWaitMicrosPerRequest: 61.5,
  systemShare: 0.114,
};

it('sizes each share of the samples by the main thread’s CPU per request', () => {
  expect(toEndpointProfile(summary, measured, { functions: 2, areas: 5 })).toEqual({
    ...measured,
    samples: 1_000,
    areas: [
      { area: 'node (native)', share: 0.2, microsPerRequest: 24 },
      { area: 'apps/api', share: 0.15, microsPerRequest: 18 },
    ],
    functions: [
      { name: 'writev', location: '', area: 'node (native)', share: 0.2, microsPerRequest: 24 },
      {
        name: 'all',
        location: 'apps/api/dist/database/database.js:51',
        area: 'apps/api',
        share: 0.15,
        microsPerRequest: 18,
      },
    ],
  });
});

it('gives shares only when the main thread’s CPU is unknown', () => {
  const profile = toEndpointProfile(summary, {
    ...measured,
    mainThreadMicrosPerRequest: undefined,
    mainThreadWaitMicrosPerRequest: undefined,
  });
  expect(profile.functions.map((f) => [f.share, f.microsPerRequest])).toEqual([
    [0.2, undefined],
    [0.15, undefined],
    [0.005, undefined],
  ]);
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
  expect(markdown).not.toContain('### Profile');
});

it('says the rate the turns offered, and which rows could not keep up with it', () => {
  const at = (offeredRate: number | undefined, served: number) =>
    toMarkdown({
      ...report([
        endpoint({ name: 'POST /v1/pets', requestsPerSecond: served }),
        endpoint({ name: 'GET /v1/pets?limit=20', requestsPerSecond: 400 }),
      ]),
      ...(offeredRate === undefined ? {} : { offeredRate }),
    });
  expect(at(400, 380)).toContain('8 s per run at 400 req/s offered in all, API and baseline');
  expect(at(400, 380)).not.toContain('Below the');
  expect(at(400, 379)).toContain(
    '- Below the 400 req/s offered (saturated): POST /v1/pets. Their CPU per request is at the rate they kept up, not at the one offered.',
  );
  expect(at(undefined, 379)).toContain('8 s per run, API and baseline in turns');
  expect(at(undefined, 379)).not.toContain('Below the');
});

it("names a row's own yardstick, when it is not the bare list", () => {
  const markdown = toMarkdown(
    report([
      endpoint(),
      endpoint({ name: 'GET /photos/…', baseline: 'bare Fastify serving the same bytes' }),
    ]),
  );
  expect(markdown).toContain(
    '- GET /photos/…: its baseline is bare Fastify serving the same bytes, in its own turns.',
  );
  expect(markdown.match(/its baseline is/g)).toHaveLength(1);
});

it('prints the uploads: times, CPU and peak RSS one after another and at once, and their limits', () => {
  const oneAtATime = {
    uploads: 8,
    medianSeconds: 0.912,
    maxSeconds: 1.604,
    cpuSecondsPerUpload: 0.41,
    rssBeforeMb: 231.5,
    peakRssMb: 301.2,
  };
  const withUploads = report([endpoint()]);
  const [variant] = withUploads.variants;
  if (variant)
    variant.uploads = {
      image: { width: 4000, height: 3000, bytes: 3_984_588 },
      rssIdleMb: 215,
      oneAtATime,
      together: { uploads: 4, seconds: 2.5, rssBeforeMb: 290, peakRssMb: 350.4 },
      peakFrom: 'VmHWM',
      errors: 0,
      targets: checkUploadTargets({ oneAtATime }),
    };
  const markdown = toMarkdown(withUploads);
  expect(markdown).toContain(
    '- Uploading a 12 MP JPEG (4000 × 3000, 3.8 MB) to POST /v1/pets/{petId}/photos, RSS 215 MB before the first; 8 one after another: median 0.91 s, max 1.60 s, 0.41 CPU s each; RSS 231.5 MB before, peak RSS (VmHWM) 301.2 MB. 4 at once (what the API takes: 2 in work, 2 waiting): all added in 2.50 s, RSS 290 MB before, peak 350.4 MB. 0 errors.',
  );
  expect(markdown).toContain(
    '- Upload targets: an upload (median) at most 1.5 s: 0.912 s, met; peak RSS while uploading at most 300 MB: 301.2 MB, **missed**.',
  );
});

it('says which endpoints fell back to clock ticks', () => {
  const markdown = toMarkdown(report([endpoint({ cpuSource: 'stat' })]));
  expect(markdown).toContain(
    '- A thread ended during the runs of GET /v1/pets?limit=20: CPU from utime + stime (10 ms ticks), not schedstat.',
  );
});

it('prints each profile: its areas and top functions, with shares and µs per request', () => {
  const profiled = {
    ...report([endpoint({ profile: toEndpointProfile(summary, measured) })]),
    profiled: true,
  };
  const markdown = toMarkdown(profiled);
  expect(markdown).toMatch(
    /^# Benchmark \(profiled: the CPU figures include the profiler's cost\)/,
  );
  expect(markdown).toContain(
    '### Profile of GET /v1/pets?limit=20 (SQLite (embedded default), one instance)',
  );
  expect(markdown).toContain(
    "The main thread used 120 of the 147 CPU µs per request (the rest ran on libuv's pool and V8's helper threads) and waited a further 61.5 µs per request for a core; the kernel counted 11.4% of the process's CPU as system calls. 1,000 samples of work over 40,000 requests.",
  );
  expect(markdown).toContain('| node (native) | 20.0% | 24.0 |');
  expect(markdown).toContain('| writev | node (native) | 20.0% | 24.0 |');
  expect(markdown).toContain('| all | apps/api/dist/database/database.js:51 | 15.0% | 18.0 |');
  expect(markdown).toContain('| a\\|b | x.js:1 | 0.5% | 0.6 |');
});

it('prints the cost of metrics, and no table when nothing else was measured', () => {
  const measured = report([]);
  const [variant] = measured.variants;
  if (!variant) throw new Error('no variant');
  const parts = {
    countingNanos: { with: 62, without: 12 },
    idleMicrosPerSecond: { with: 1_400, without: 500 },
    requestsPerSecond: 3_000,
    collectionsPerRequest: 0.02,
    collectionRecordNanos: 900,
  };
  variant.metricsCost = {
    rounds: 10,
    withMicros: 268.4,
    withoutMicros: 265.1,
    differenceMicros: -1.25,
    differenceHalfWidth: 9.5,
    parts,
  };
  const markdown = toMarkdown(measured);
  expect(markdown).not.toContain('| endpoint |');
  expect(markdown).toContain(
    "- Metrics on the hot path: 0.37 CPU µs per request, under the 5 µs budget. Counting a request 0.05 µs (the API's `Metrics.request` over a mix of routes: 62 ns on, 12 ns off); in the background 0.30 µs (idle, 1,400 CPU µs a second with metrics and 500 without, over 3,000 req/s); garbage collections recorded 0.02 µs (0.020 a request, 900 ns each).",
  );
  expect(markdown).toContain(
    "- End to end, GET /v1/pets?limit=20 on two fresh instances in turns: 268 CPU µs per request with metrics and 265 without (METRICS_PORT=off), medians of 10 runs each; the rounds' difference −1.3 ± 9.5 µs (95 %).",
  );
  // Over the budget, it says so.
  variant.metricsCost = { ...variant.metricsCost, parts: { ...parts, requestsPerSecond: 100 } };
  expect(toMarkdown(measured)).toContain('9.07 CPU µs per request, **over** the 5 µs budget.');
});

it('adds the columns with PostgreSQL + Redis when their CPU was read, and says when their processes ended', () => {
  const measured = report([
    endpoint({
      services: {
        microsPerRequest: 150,
        totalMicrosPerRequest: 297,
        cpuRatio: 0.08,
        endedMicrosPerRequest: 1.2,
        ended: 1,
      },
    }),
    endpoint({ name: 'GET /healthz (public, no key)', cpuMicrosPerRequest: 60 }),
  ]);
  const markdown = toMarkdown(measured);
  expect(markdown).toContain(
    '| endpoint | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio | CPU µs/req with PostgreSQL + Redis | CPU ratio with PostgreSQL + Redis | p50 ms | p99 ms | errors |',
  );
  expect(markdown).toContain(
    '| GET /v1/pets?limit=20 | 5,000 | 40,000 | 0.13× | 147 | 24.3 | 0.17× | 297 | 0.08× | 9 | 19 | 0 |',
  );
  // A row whose runs did not read them (none does today) has dashes.
  expect(markdown).toContain('| 60.0 | 24.3 | 0.17× | – | – | 9 | 19 | 0 |');
  expect(markdown).toContain(
    "- CPU µs/req with PostgreSQL + Redis: the API's and, over the same runs,",
  );
  expect(markdown).toContain(
    "- PostgreSQL or Redis processes ended during the runs of GET /v1/pets?limit=20 (1.2 µs/req): their CPU in the runs is counted from their parents' total of reaped children (10 ms ticks), not schedstat.",
  );
  // Without them, neither the columns nor the notes.
  const sqlite = toMarkdown(report([endpoint()]));
  expect(sqlite).not.toContain('PostgreSQL + Redis |');
  expect(sqlite).not.toContain('reaped');
});

it('prints the NestJS peers in a table of their own, and the targets read from them', () => {
  const measured = report([
    endpoint({ name: 'GET /healthz (public, no key)', cpuMicrosPerRequest: 120 }),
  ]);
  const [variant] = measured.variants;
  if (!variant) throw new Error('no variant');
  variant.peers = [
    endpoint({
      name: 'bare NestJS on Fastify, 20 pets from memory',
      cpuMicrosPerRequest: 30,
      cpuRatio: 0.81,
      ratio: 0.8,
    }),
    endpoint({
      name: 'NestJS from its docs, Fastify, SQLite',
      cpuMicrosPerRequest: 640,
      cpuSource: 'stat',
    }),
  ];
  variant.targets = checkTargets(variant);
  const markdown = toMarkdown(measured);
  expect(markdown).toContain('### NestJS peers: the same list of 20 pets, as NestJS serves it');
  expect(markdown).toContain(
    '| peer | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio | p50 ms | p99 ms | errors |',
  );
  expect(markdown).toContain(
    '| bare NestJS on Fastify, 20 pets from memory | 5,000 | 40,000 | 0.80× | 30.0 | 24.3 | 0.81× | 9 | 19 | 0 |',
  );
  expect(markdown).toContain(
    '| NestJS from its docs, Fastify, SQLite | 5,000 | 40,000 | 0.13× | 640 |',
  );
  expect(markdown).toContain(
    '- A thread ended during the runs of NestJS from its docs, Fastify, SQLite: CPU from utime + stime',
  );
  expect(markdown).toContain('### Targets, from this run');
  expect(markdown).toContain(
    '| GET /healthz (public, no key) against bare NestJS on Fastify, 20 pets from memory | ≥ 0.70× | 0.25× | 120 | 30.0 | **missed** |',
  );
  expect(markdown).toContain(
    '| GET /v1/pets?limit=20 against bare Fastify | ≥ 0.40× | – | – | – | not measured in this run |',
  );
  // The peers and targets come after the variant's own table and notes.
  expect(markdown.indexOf('### NestJS peers')).toBeGreaterThan(markdown.indexOf('| endpoint |'));
  expect(markdown.indexOf('### Targets')).toBeGreaterThan(markdown.indexOf('### NestJS peers'));
});

it('prints the webhook rows: where they ran, the latency, and the creates without and with endpoints', () => {
  const line = (overrides: Partial<CreatesBeside> = {}): CreatesBeside => ({
    requestsPerSecond: 3_000,
    p50: 14,
    p99: 30,
    errors: 0,
    cpuMicrosPerRequest: 250.4,
    cpuSource: 'schedstat',
    deliveries: 0,
    deliveriesPerSecond: 0,
    ...overrides,
  });
  const measured = report([endpoint()]);
  const [variant] = measured.variants;
  if (!variant) throw new Error('no variant');
  variant.webhooks = {
    instances: 1,
    endpoints: 100,
    accounts: 7,
    latency: {
      changes: 50,
      pauseMaxMs: 1_000,
      meanSpacingMs: 812.25,
      changeMedianMs: 2.46,
      delivered: 5_000,
      expected: 5_000,
      missing: 0,
      duplicates: 0,
      badSignatures: 0,
      failedChanges: 0,
      medianMs: 512.3,
      p99Ms: 1_020.5,
      maxMs: 1_100,
      lastMedianMs: 600,
      lastMaxMs: 1_050,
    },
    creates: {
      runs: 2,
      secondsPerRun: 8,
      withoutEndpoints: line(),
      withEndpoints: line({
        requestsPerSecond: 1_800,
        cpuMicrosPerRequest: 610,
        p99: 95,
        deliveries: 24_000,
        deliveriesPerSecond: 1_500,
      }),
      deliveriesMade: 2_880_000,
    },
  };
  const markdown = toMarkdown(measured);
  expect(markdown).toContain(
    '- Webhooks: 100 endpoints over 7 accounts, each taking pet.created and pet.updated, at a receiver on loopback in a process of its own (it verifies every signature). On one instance of their own, on a database of their own, with NODE_ENV=development and WEBHOOK_ALLOW_PRIVATE=true',
  );
  expect(markdown).toContain(
    "- Webhooks, from a change to its delivery: 50 changes of a pet (PATCH /v1/pets/{petId}, each answered in a median 2.5 ms) one at a time: each once the one before had reached every endpoint, after a random pause of up to 1,000 ms (a mean 812.3 ms apart); each timed from just before it was sent to its arrival at each endpoint: median 512.3 ms, p99 1020.5 ms, max 1100.0 ms over 5,000 deliveries; to the last of a change's 100: median 600.0 ms, max 1050.0 ms. 0 of 5,000 missing, 0 duplicates, 0 bad signatures, 0 changes refused.",
  );
  expect(markdown).toContain(
    'The runs with endpoints made 2,880,000 deliveries; 24,000 arrived during them, the rest were still waiting when the instances stopped.',
  );
  expect(markdown).toContain(
    '| creates | req/s | CPU µs/req | p50 ms | p99 ms | errors | deliveries arrived | a second |',
  );
  expect(markdown).toContain('| no endpoint | 3,000 | 250 | 14 | 30 | 0 | 0 | 0 |');
  expect(markdown).toContain(
    '| 100 endpoints, the worker delivering | 1,800 | 610 | 14 | 95 | 0 | 24,000 | 1,500 |',
  );
  // On PostgreSQL + Redis, with their CPU; without the latency row, none of its line.
  variant.webhooks.instances = 2;
  delete variant.webhooks.latency;
  const { creates } = variant.webhooks;
  if (!creates) throw new Error('no creates');
  variant.webhooks.creates = {
    ...creates,
    withoutEndpoints: line({ totalMicrosPerRequest: 900 }),
    withEndpoints: line({ totalMicrosPerRequest: 2_100 }),
  };
  const postgres = toMarkdown(measured);
  expect(postgres).toContain('On 2 instances of their own');
  expect(postgres).not.toContain('from a change to its delivery');
  expect(postgres).toContain(
    '| creates | req/s | CPU µs/req | CPU µs/req with PostgreSQL + Redis | p50 ms |',
  );
  expect(postgres).toContain('| no endpoint | 3,000 | 250 | 900 | 14 | 30 | 0 | 0 | 0 |');
});
