/** A throw-away Prometheus for tests: it scrapes the targets given and answers PromQL queries. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** One series of an instant vector, as `/api/v1/query` returns it. */
export interface PrometheusSample {
  metric: Record<string, string>;
  /** Evaluation time in Unix seconds, and the value as Prometheus prints it (`"NaN"`, `"+Inf"`). */
  value: [number, string];
}

/** The `data` of a successful `/api/v1/query`. */
export type PrometheusQueryData =
  | { resultType: 'vector'; result: PrometheusSample[] }
  | { resultType: 'scalar' | 'string'; result: [number, string] }
  | {
      resultType: 'matrix';
      result: { metric: Record<string, string>; values: [number, string][] }[];
    };

/** A scrape target as `/api/v1/targets` describes it. */
export interface PrometheusTarget {
  labels: Record<string, string>;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

export interface PrometheusServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The scrape job's name, the `job` label of every series it scrapes. */
  readonly job: string;
  /** Evaluates PromQL now; a query Prometheus rejects throws with its error. */
  query(promql: string): Promise<PrometheusQueryData>;
  targets(): Promise<PrometheusTarget[]>;
  /** Resolves once every target has been scraped `count` more times than when it was called. */
  waitForScrapes(count?: number, timeoutMs?: number): Promise<void>;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export interface PrometheusOptions {
  /** `host:port` of each metrics listener. */
  targets: readonly string[];
  scrapeIntervalSeconds?: number;
  /** Defaults to the job name of docs/operators/metrics.md. */
  job?: string;
}

const MISSING =
  "Prometheus is not installed. Run `bash tools/services/install.sh` as root (it installs Debian's prometheus package).";

async function get<T>(url: string): Promise<T> {
  const response = await fetch(url);
  const body = (await response.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') {
    throw new Error(`Prometheus answered ${response.status} to ${url}: ${body.error ?? ''}`);
  }
  return body.data;
}

/**
 * Starts a throw-away Prometheus server from Debian's packages on a free loopback port, scraping
 * `targets` every `scrapeIntervalSeconds` (1 by default), with its data in a new temporary directory.
 * The first scrape comes about 5 s after it is ready: Prometheus hands new targets to its scrapers
 * at most every 5 s, static ones included, and 2.42 has no flag for it.
 */
export async function startPrometheus(options: PrometheusOptions): Promise<PrometheusServer> {
  if (spawnSync('prometheus', ['--version']).error) throw new Error(MISSING);
  const { targets, scrapeIntervalSeconds = 1, job = 'petstore-api' } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'pets-prometheus-'));
  const interval = `${scrapeIntervalSeconds}s`;
  // JSON is YAML too: no YAML writer needed. The timeout is explicit because it may not exceed the
  // interval, and the 10 s default would.
  const config = {
    global: { scrape_interval: interval, scrape_timeout: interval, evaluation_interval: interval },
    scrape_configs: [{ job_name: job, static_configs: [{ targets }] }],
  };
  const configFile = join(dir, 'prometheus.yml');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  let output = '';
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus was not ready within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const query = (promql: string) =>
    get<PrometheusQueryData>(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const targetsNow = async () =>
    (await get<{ activeTargets: PrometheusTarget[] }>(`${url}/api/v1/targets?state=active`))
      .activeTargets;

  /** Scrapes so far, by instance: every scrape, failed or not, writes one sample of `up`. */
  const scrapes = async () => {
    const data = await query(`count_over_time(up{job="${job}"}[1d])`);
    const counts = new Map<string, number>();
    if (data.resultType === 'vector') {
      for (const sample of data.result)
        counts.set(sample.metric['instance'] ?? '', Number(sample.value[1]));
    }
    return counts;
  };

  const waitForScrapes = async (count = 2, timeoutMs = 20_000) => {
    const before = await scrapes();
    const until = Date.now() + timeoutMs;
    for (;;) {
      const now = await scrapes();
      if (targets.every((target) => (now.get(target) ?? 0) >= (before.get(target) ?? 0) + count))
        return;
      if (Date.now() > until) {
        throw new Error(
          `Prometheus did not scrape ${targets.join(', ')} ${count} times within ${timeoutMs} ms: ` +
            JSON.stringify(await targetsNow()),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  return { url, job, query, targets: targetsNow, waitForScrapes, stop };
}
