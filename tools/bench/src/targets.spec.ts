// The targets read from a variant's rows: each ratio, met or missed on the exact figures,
// not measured when a row is missing, and on PostgreSQL + Redis the list with their CPU counted;
// a photo's image against bare Fastify serving its bytes; the limits of an upload.
import { expect, it } from 'vitest';
import { CREATE_PET, HEALTHZ, KEYED_LIST } from './endpoints.js';
import { BARE_NEST, OUR_HEALTHZ_BESIDE_PEERS } from './peers/names.js';
import type { EndpointResult } from './report.js';
import { SERVE_PHOTO } from './photos.js';
import { checkTargets, checkUploadTargets } from './targets.js';

const row = (name: string, micros: number, baselineMicros = 40): EndpointResult => ({
  name,
  requestsPerSecond: 1_000,
  baselineRequestsPerSecond: 20_000,
  ratio: 0.05,
  cpuMicrosPerRequest: micros,
  baselineCpuMicrosPerRequest: baselineMicros,
  cpuRatio: 0,
  cpuSource: 'schedstat',
  p50: 1,
  p99: 2,
  errors: 0,
});

it('on SQLite: /healthz against bare NestJS, the list, a create and a photo against bare Fastify', () => {
  const targets = checkTargets({
    name: 'sqlite',
    endpoints: [
      row(KEYED_LIST, 100),
      row(CREATE_PET, 250),
      row(SERVE_PHOTO, 150, 80),
      row(HEALTHZ, 60),
    ],
    peers: [row(BARE_NEST, 45)],
  });
  expect(targets).toEqual([
    {
      name: `${HEALTHZ} against ${BARE_NEST}`,
      wanted: 0.7,
      ratio: 0.75,
      ours: 60,
      yardstick: 45,
      met: true,
    },
    {
      name: `${KEYED_LIST} against bare Fastify`,
      wanted: 0.4,
      ratio: 0.4,
      ours: 100,
      yardstick: 40,
      met: true,
    },
    {
      name: `${CREATE_PET} against bare Fastify`,
      wanted: 0.2,
      ratio: 0.16,
      ours: 250,
      yardstick: 40,
      met: false,
    },
    {
      name: `${SERVE_PHOTO} against bare Fastify serving the same bytes`,
      wanted: 0.5,
      ratio: 0.53,
      ours: 150,
      yardstick: 80,
      met: true,
    },
  ]);
});

it('decides on the exact ratio, not the rounded one', () => {
  // 0.699 rounds to 0.70 but is below it.
  const [healthz] = checkTargets({
    name: 'sqlite',
    endpoints: [row(HEALTHZ, 1_000)],
    peers: [row(BARE_NEST, 699)],
  });
  expect(healthz).toMatchObject({ ratio: 0.7, met: false });
});

it("compares bare NestJS with our /healthz from the same turns, not with the endpoints' row from minutes before", () => {
  const [healthz] = checkTargets({
    name: 'sqlite',
    endpoints: [row(HEALTHZ, 100)],
    peers: [row(BARE_NEST, 60), row(OUR_HEALTHZ_BESIDE_PEERS, 80)],
  });
  expect(healthz).toMatchObject({ ratio: 0.75, ours: 80, yardstick: 60, met: true });
});

it('says a target was not measured when a row it needs is missing (--endpoint, no --peers)', () => {
  const targets = checkTargets({ name: 'sqlite', endpoints: [row(HEALTHZ, 60)] });
  expect(targets.map((t) => [t.ratio, t.met])).toEqual([
    [undefined, undefined],
    [undefined, undefined],
    [undefined, undefined],
    [undefined, undefined],
  ]);
});

it('on PostgreSQL + Redis the list counts their CPU, and a create has no target', () => {
  const list: EndpointResult = {
    ...row(KEYED_LIST, 300, 40),
    services: {
      microsPerRequest: 100,
      totalMicrosPerRequest: 400,
      cpuRatio: 0.1,
      endedMicrosPerRequest: 0,
      ended: 0,
    },
  };
  const targets = checkTargets({
    name: 'postgres-redis',
    endpoints: [list, row(CREATE_PET, 100), row(HEALTHZ, 50), row(SERVE_PHOTO, 161, 80)],
    peers: [row(BARE_NEST, 40)],
  });
  expect(targets.map((t) => [t.name, t.wanted, t.ratio, t.ours, t.met])).toEqual([
    [`${HEALTHZ} against ${BARE_NEST}`, 0.7, 0.8, 50, true],
    [
      `${KEYED_LIST} against bare Fastify, the CPU of PostgreSQL and Redis counted`,
      0.2,
      0.1,
      400,
      false,
    ],
    // 80 / 161 is under a half: more than twice bare Fastify's CPU.
    [`${SERVE_PHOTO} against bare Fastify serving the same bytes`, 0.5, 0.5, 161, false],
  ]);
});

it('an upload meets its limits at 1.5 s (the median) and 300 MB of peak RSS, and misses them above', () => {
  const limits = (medianSeconds: number, peakRssMb: number) =>
    checkUploadTargets({
      oneAtATime: {
        uploads: 8,
        medianSeconds,
        maxSeconds: 2,
        cpuSecondsPerUpload: 0.3,
        rssBeforeMb: 200,
        peakRssMb,
      },
    }).map((limit) => [limit.name, limit.measured, limit.unit, limit.met]);
  expect(limits(1.5, 300)).toEqual([
    ['an upload (median)', 1.5, 's', true],
    ['peak RSS while uploading', 300, 'MB', true],
  ]);
  expect(limits(1.501, 300.1)).toEqual([
    ['an upload (median)', 1.501, 's', false],
    ['peak RSS while uploading', 300.1, 'MB', false],
  ]);
});
