/**
 * The metrics as an operator gets them: Debian's real Prometheus scrapes a real instance with the
 * README's job name, the README's queries run in the real engine, and promtool lints the text. A
 * missing prometheus or promtool fails this file (`bash tools/services/install.sh`), never skips it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAccountKey,
  freePort,
  type PrometheusQueryData,
  type PrometheusSample,
  type PrometheusServer,
  type ServerProcess,
  startPrometheus,
  startServer,
} from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pets-prometheus-'));
let server: ServerProcess | undefined;
let prometheus: PrometheusServer | undefined;
let target: string;
let metricsUrl: string;
/** What the instance answered, as the client saw it. */
const sent = { petsOk: 0, refused: 0 };

/** Every query in the README's `promql` blocks, as written there. */
const README_QUERIES = [
  ...readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8').matchAll(
    /```promql\n([\s\S]*?)```/g,
  ),
]
  .flatMap((block) => (block[1] ?? '').split('\n'))
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The README's one query that reads `metric`. */
const readmeQuery = (metric: string) => {
  const found = README_QUERIES.filter((query) => query.includes(metric));
  expect(found, `README queries reading ${metric}`).toHaveLength(1);
  return found[0] ?? '';
};

const vector = (data: PrometheusQueryData): PrometheusSample[] => {
  expect(data.resultType).toBe('vector');
  return data.resultType === 'vector' ? data.result : [];
};

/** The value of a query that selects one series. */
const single = async (promql: string) => {
  const result = vector(await prometheus!.query(promql));
  expect(result, promql).toHaveLength(1);
  return Number(result[0]?.value[1]);
};

beforeAll(async () => {
  const metricsPort = await freePort();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
    METRICS_PORT: String(metricsPort),
  };
  const { key } = createAccountKey(env, { name: 'Free partner', plan: 'free' });
  server = await startServer(env);
  target = `127.0.0.1:${metricsPort}`;
  metricsUrl = `http://${target}/metrics`;
  prometheus = await startPrometheus({ targets: [target] });

  const send = async (path: string) => {
    const response = await fetch(`${server!.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await response.arrayBuffer();
    return response.status;
  };
  const countPets = (status: number) => {
    if (status === 200) sent.petsOk++;
    if (status === 429) sent.refused++;
  };
  /** GET /v1/pets until the Free plan's 60 a minute refuse `refusals` more. */
  const untilRefused = async (refusals: number) => {
    const goal = sent.refused + refusals;
    for (let i = 0; i < 130 && sent.refused < goal; i++) countPets(await send('/v1/pets'));
    expect(sent.refused).toBe(goal);
  };

  for (let i = 0; i < 3; i++) countPets(await send('/v1/pets'));
  // Not found under /v1 (the fallback route, after the key and the limit) and outside it.
  expect(await send('/v1/no-such-route')).toBe(404);
  expect(await send('/no-such-page')).toBe(404);
  await untilRefused(1);
  // A scrape between the two refusals, so that rate() over the README's windows sees counters rise
  // and answers more than zero (or, for the quantile, more than NaN).
  await prometheus.waitForScrapes(2);
  await untilRefused(1);
  // Two scrapes: at least the second began after the last answer was counted.
  await prometheus.waitForScrapes(2);
}, 90_000);

afterAll(async () => {
  await prometheus?.stop();
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('Prometheus scraping an instance', () => {
  it('parses the exposition: the target is up (a text it cannot parse makes the scrape fail, up 0)', async () => {
    expect(await single(`up{job="${prometheus!.job}",instance="${target}"}`)).toBe(1);
    const [scraped] = await prometheus!.targets();
    expect(scraped).toMatchObject({ health: 'up', lastError: '' });
  });

  it('holds the counts the instance answered', async () => {
    expect(
      await single('sum(http_requests_total{method="GET",route="/v1/pets",status="200"})'),
    ).toBe(sent.petsOk);
    expect(await single('sum(http_requests_total{route="/v1/pets",status="429"})')).toBe(
      sent.refused,
    );
    expect(await single('sum(http_requests_total{route="/v1/*",status="404"})')).toBe(1);
    expect(await single('sum(http_requests_total{route="(unmatched)",status="404"})')).toBe(1);
    expect(await single('ratelimit_refusals_total{plan="free",code="rate_limited"}')).toBe(2);
    expect(await single('redis_fallback_active')).toBe(0);
  });

  it("runs the README's queries, as written there", async () => {
    // Every query there is checked below; a new one needs its check.
    expect(README_QUERIES).toHaveLength(3);
    // The 5m windows are kept: rate() needs two samples in its window, not five minutes of them,
    // and the scrapes above were 1 s apart.

    // Refusals by plan and code: the Free key's, rising between the two scrapes around them.
    const refusals = vector(await prometheus!.query(readmeQuery('ratelimit_refusals_total')));
    expect(refusals.map((s) => s.metric)).toEqual([{ plan: 'free', code: 'rate_limited' }]);
    expect(Number(refusals[0]?.value[1])).toBeGreaterThan(0);

    // p99 by route: one series per route. /v1/pets had answers between scrapes, so a value within
    // the buckets. A route whose counts never rose between two scrapes has no rate to take a
    // quantile of, and shows NaN: each 404 route had one request, its series appearing with it.
    const p99 = vector(await prometheus!.query(readmeQuery('histogram_quantile')));
    const byRoute = new Map(p99.map((s) => [s.metric['route'], Number(s.value[1])]));
    expect(p99.every((s) => Object.keys(s.metric).join() === 'route')).toBe(true);
    expect([...byRoute.keys()]).toEqual(
      expect.arrayContaining(['/v1/pets', '/v1/*', '(unmatched)']),
    );
    expect(byRoute.get('/v1/pets')).toBeGreaterThan(0);
    expect(byRoute.get('/v1/pets')).toBeLessThanOrEqual(10);
    expect(byRoute.get('/v1/*')).toBeNaN();
    expect(byRoute.get('(unmatched)')).toBeNaN();

    // Error ratio: no 5xx was answered, and a counter is only exported once a status has been
    // seen, so the numerator alone would select nothing and the ratio would be an empty vector:
    // the README's `or vector(0)` makes it 0, a value an alert and a graph can use. The
    // denominator alone shows the query did read traffic.
    const errorRatio = readmeQuery('status=~"5.."');
    expect(await single(errorRatio)).toBe(0);
    const numerator = errorRatio.split(' / ')[0] ?? '';
    expect(vector(await prometheus!.query(numerator.replace(' or vector(0)', '')))).toEqual([]);
    const denominator = errorRatio.split(' / ')[1] ?? '';
    expect(denominator).toBe('sum(rate(http_requests_total[5m]))');
    expect(await single(denominator)).toBeGreaterThan(0);
  });
});

describe('promtool check metrics', () => {
  /**
   * Problems promtool reports in prom-client's own default metrics (gauges named `_total`), not in
   * ours. Anything else fails, so that a new problem shows.
   */
  const KNOWN = [
    'nodejs_active_handles_total non-counter metrics should not have "_total" suffix',
    'nodejs_active_requests_total non-counter metrics should not have "_total" suffix',
    'nodejs_active_resources_total non-counter metrics should not have "_total" suffix',
  ];

  it('finds no problem in the text but the known ones in default metrics', async () => {
    const text = await (await fetch(metricsUrl)).text();
    // Our series are there to be linted: the traffic above created them.
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'ratelimit_refusals_total',
    ])
      expect(text).toMatch(new RegExp(`^${name}\\{`, 'm'));
    expect(text).toMatch(/^redis_fallback_active /m);

    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    if (lint.error) {
      throw new Error(
        `promtool could not run (${lint.error.message}). Run \`bash tools/services/install.sh\` as root (it installs Debian's prometheus package).`,
      );
    }
    const problems = `${lint.stdout}${lint.stderr}`.split('\n').filter((line) => line !== '');
    expect(problems.filter((problem) => !KNOWN.includes(problem))).toEqual([]);
    // 3 is "lint problems found"; a text it cannot parse is another status.
    expect([0, 3]).toContain(lint.status);
  });
});
