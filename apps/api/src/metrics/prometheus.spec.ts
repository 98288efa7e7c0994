/**
 * The metrics as an operator gets them: Debian's real Prometheus scrapes a real instance with the
 * job name of docs/operators/metrics.md, that page's queries run in the real engine, promtool lints
 * the text and checks the page's alert rules. A
 * missing prometheus or promtool fails this file (`bash tools/services/install.sh`), never skips it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The operators' page on metrics, which gives the queries and the alert rules. */
const PAGE = readFileSync(
  new URL('../../../../docs/operators/metrics.md', import.meta.url),
  'utf8',
);

/** Every query in the page's `promql` blocks, as written there. */
const PAGE_QUERIES = [...PAGE.matchAll(/```promql\n([\s\S]*?)```/g)]
  .flatMap((block) => (block[1] ?? '').split('\n'))
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** The page's one query that reads `metric`. */
const pageQuery = (metric: string) => {
  const found = PAGE_QUERIES.filter((query) => query.includes(metric));
  expect(found, `the page's queries reading ${metric}`).toHaveLength(1);
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
  // A scrape between the two refusals, so that rate() over the page's windows sees counters rise
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

  it("runs the page's queries, as written there", async () => {
    // Every query there is checked below; a new one needs its check.
    expect(PAGE_QUERIES).toHaveLength(3);
    // The 5m windows are kept: rate() needs two samples in its window, not five minutes of them,
    // and the scrapes above were 1 s apart.

    // Refusals by plan and code: the Free key's, rising between the two scrapes around them.
    const refusals = vector(await prometheus!.query(pageQuery('ratelimit_refusals_total')));
    expect(refusals.map((s) => s.metric)).toEqual([{ plan: 'free', code: 'rate_limited' }]);
    expect(Number(refusals[0]?.value[1])).toBeGreaterThan(0);

    // p99 by route: one series per route. /v1/pets had answers between scrapes, so a value within
    // the buckets. A route whose counts never rose between two scrapes has no rate to take a
    // quantile of, and shows NaN: each 404 route had one request, its series appearing with it.
    const p99 = vector(await prometheus!.query(pageQuery('histogram_quantile')));
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
    // the page's `or vector(0)` makes it 0, a value an alert and a graph can use. The
    // denominator alone shows the query did read traffic.
    const errorRatio = pageQuery('status=~"5.."');
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

describe('promtool check rules', () => {
  it("accepts the page's alert rules, each on a metric the instance exports", async () => {
    const [rules] = [...PAGE.matchAll(/```yaml\n(groups:[\s\S]*?)```/g)].map((block) => block[1]);
    expect(rules, 'a yaml block of alert rules on the page').toBeDefined();
    const file = join(dir, 'petstore-api.rules.yml');
    writeFileSync(file, rules ?? '');
    const check = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(check.stderr + check.stdout).toMatch(/SUCCESS: \d+ rules found/);
    expect(check.status).toBe(0);

    // A rule on a metric the instance does not export would never fire.
    const text = await (await fetch(metricsUrl)).text();
    const exported = new Set([...text.matchAll(/^# TYPE (\w+)/gm)].map((match) => match[1]));
    const named = [...(rules ?? '').matchAll(/\b([a-z_]+)\{job=/g)].map((match) => match[1] ?? '');
    const base = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
    expect(named.filter((name) => name !== 'up' && !exported.has(base(name)))).toEqual([]);
  });
});
