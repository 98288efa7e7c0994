// GET /metrics of the built API running as a process: on its own port and address only, counting
// requests by route pattern and status, their durations and rate-limit refusals by plan, and never
// more series for random paths (docs/operators/metrics.md).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  awayFromMinuteEdge,
  createAccountKey,
  freePort,
  type ServerProcess,
  startServer,
} from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pets-metrics-'));
let server: ServerProcess;
let metricsUrl: string;
let key: string;

beforeAll(async () => {
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
    METRICS_PORT: String(await freePort()),
  };
  ({ key } = createAccountKey(env, { name: 'Free partner', plan: 'free' }));
  server = await startServer(env);
  metricsUrl = `http://127.0.0.1:${env.METRICS_PORT}/metrics`;
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

/** The value of one series, 0 when it is not there yet. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

/** How many series of these metrics the text holds. */
const seriesCount = (text: string, ...names: string[]) =>
  text.split('\n').filter((line) => names.some((name) => line.startsWith(`${name}{`))).length;

describe('GET /metrics', () => {
  it('is on its own port and address, never on the public port', async () => {
    const publicAnswer = await fetch(`${server.baseUrl}/metrics`);
    expect(publicAnswer.status).toBe(404);
    const body = await publicAnswer.text();
    expect(body).not.toContain('http_requests_total');
    expect(JSON.parse(body)).toMatchObject({ code: 'not_found' });
    // The start-up line says where (logs are written in batches, at least once a second).
    const deadline = Date.now() + 3_000;
    while (!server.output().includes('"msg":"metrics listening"') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain(`"metrics":"${metricsUrl}"`);
    // Only /metrics there.
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });

  it('counts requests by route pattern and status, their durations, and rate-limit refusals by plan', async () => {
    // The key's requests and its two refusals must fall in one UTC minute, the limiter's window.
    await awayFromMinuteEdge(10_000);
    const before = await scrape();
    const pets = 'http_requests_total{method="GET",route="/v1/pets",status="200"}';
    const limited = 'ratelimit_refusals_total{plan="free",code="rate_limited"}';
    for (let i = 0; i < 3; i++)
      await fetch(`${server.baseUrl}/v1/pets`, { headers: { authorization: `Bearer ${key}` } });
    await fetch(`${server.baseUrl}/v1/pets/12345`, { headers: { authorization: `Bearer ${key}` } });
    const after = await scrape();
    expect(valueOf(after, pets) - valueOf(before, pets)).toBe(3);
    // A path with an id is counted under its pattern.
    expect(
      valueOf(after, 'http_requests_total{method="GET",route="/v1/pets/:petId",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/v1\/pets"\} \d+$/m,
    );
    expect(after).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(valueOf(after, 'redis_fallback_active')).toBe(0);

    // The Free plan's 60 a minute, then refusals: counted by plan and code.
    let refused = 0;
    for (let i = 0; i < 70 && refused < 2; i++) {
      const response = await fetch(`${server.baseUrl}/v1/pets`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await response.arrayBuffer();
      if (response.status === 429) refused++;
    }
    expect(refused).toBe(2);
    expect(valueOf(await scrape(), limited) - valueOf(after, limited)).toBe(2);
  });

  it('keeps its series bounded: 1,000 random paths add none after the first few', async () => {
    const random = () => randomBytes(6).toString('hex');
    // Three kinds of path: two under /v1 (counted against the anonymous limit), one outside it.
    const kinds = [
      () => `/v1/${random()}`,
      () => `/v1/pets/${random()}`,
      () => `/${random()}/${random()}`,
    ];
    const seen = kinds.map(() => new Set<number>());
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const kind = i % kinds.length;
        const response = await fetch(`${server.baseUrl}${kinds[kind]?.()}`);
        await response.arrayBuffer();
        seen[kind]?.add(response.status);
      }
    };
    const names = ['http_requests_total', 'http_request_duration_seconds_bucket'];
    // Every status these paths can get first: 401, then 429 past the anonymous limit of 60 a
    // minute, and 404 outside /v1. The limit's windows are clock minutes, so a fixed number of
    // requests can be split by a minute's end with neither part over the limit: send until seen.
    const every = [[401, 429], [401, 429], [404]];
    for (let round = 0; round < 10; round++) {
      if (every.every((statuses, kind) => statuses.every((s) => seen[kind]?.has(s)))) break;
      await send(90);
    }
    expect(seen.map((statuses) => [...statuses].sort((a, b) => a - b))).toEqual(every);
    const settled = seriesCount(await scrape(), ...names);
    await send(1_000);
    const text = await scrape();
    expect(seriesCount(text, ...names)).toBe(settled);
    // No raw path or id became a label.
    expect(text).not.toMatch(/route="\/v1\/[0-9a-f]{12}"/);
  });
});
