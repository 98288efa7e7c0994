/** The report of one bench run, as latest.json holds it, and its Markdown (latest.md). */
import type { CpuSource } from './cpu-time.js';

export interface EndpointResult {
  name: string;
  requestsPerSecond: number;
  baselineRequestsPerSecond: number;
  /** The API's requests per second over the baseline's, measured in turns. */
  ratio: number;
  /** The API's CPU time per request, every API process summed, over the endpoint's runs. */
  cpuMicrosPerRequest: number;
  /** The bare Fastify process's, over its runs beside them. */
  baselineCpuMicrosPerRequest: number;
  /** Baseline over API: 1 is as cheap as bare Fastify, 0.25 four times its CPU per request. */
  cpuRatio: number;
  /** schedstat (nanoseconds), or stat (clock ticks) where a thread ended inside a run. */
  cpuSource: CpuSource;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers without the endpoint's expected status. */
  errors: number;
}

export interface VariantReport {
  name: 'sqlite' | 'postgres-redis';
  instances: number;
  endpoints: EndpointResult[];
  fixedRate: {
    offered: number;
    seconds: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    non2xx: number;
    cpuMicrosPerRequest: number;
  };
  memory: {
    requests: number;
    rssBeforeMb: number[];
    rssAfterMb: number[];
    growthMb: number[];
    /** The highest RSS read in the first and in the last tenth of the run, and their difference. */
    firstTenthPeakMb: number[];
    lastTenthPeakMb: number[];
    trendMb: number[];
    errors: number;
  };
}

export interface BenchReport {
  date: string;
  smoke: boolean;
  machine: { cpus: number; model: string; node: string; kernel: string };
  connections: number;
  secondsPerRun: number;
  variants: VariantReport[];
}

const TITLES: Record<VariantReport['name'], string> = {
  sqlite: 'SQLite (embedded default), one instance',
  'postgres-redis': 'PostgreSQL + Redis, two instances',
};

const number = (value: number) => value.toLocaleString('en-US');
const micros = (value: number) => (value >= 100 ? String(Math.round(value)) : value.toFixed(1));

export function toMarkdown(report: BenchReport): string {
  const lines = [
    `# Benchmark${report.smoke ? ' (smoke run: the numbers mean nothing)' : ''}`,
    '',
    `${report.date} · ${report.machine.cpus} CPUs (${report.machine.model}) · Linux ${report.machine.kernel} · Node ${report.machine.node} · autocannon, ${report.connections} connections, ${report.secondsPerRun} s per run, API and baseline in turns (A B A B)`,
    '',
    'CPU µs/req: CPU time of the server processes over the requests they answered in the runs (every API instance summed), from /proc; CPU ratio: the bare baseline’s µs/req over the API’s.',
  ];
  for (const variant of report.variants) {
    const fallback = variant.endpoints.filter((e) => e.cpuSource === 'stat').map((e) => e.name);
    lines.push(
      '',
      `## ${TITLES[variant.name]}`,
      '',
      '| endpoint | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio | p50 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...variant.endpoints.map(
        (e) =>
          `| ${e.name} | ${number(e.requestsPerSecond)} | ${number(e.baselineRequestsPerSecond)} | ${e.ratio.toFixed(2)}× | ${micros(e.cpuMicrosPerRequest)} | ${micros(e.baselineCpuMicrosPerRequest)} | ${e.cpuRatio.toFixed(2)}× | ${e.p50} | ${e.p99} | ${e.errors} |`,
      ),
    );
    if (fallback.length > 0)
      lines.push(
        '',
        `- A thread ended during the runs of ${fallback.join(', ')}: CPU from utime + stime (10 ms ticks), not schedstat.`,
      );
    lines.push(
      '',
      `- Offered ${number(variant.fixedRate.offered)} req/s for ${variant.fixedRate.seconds} s to GET /v1/pets?limit=20: served ${number(variant.fixedRate.requestsPerSecond)} req/s, p50 ${variant.fixedRate.p50} ms, p99 ${variant.fixedRate.p99} ms, ${variant.fixedRate.errors + variant.fixedRate.non2xx} errors, ${micros(variant.fixedRate.cpuMicrosPerRequest)} CPU µs per request.`,
      `- Memory over ${number(variant.memory.requests)} requests: RSS ${variant.memory.rssBeforeMb.join(' / ')} MB before, ${variant.memory.rssAfterMb.join(' / ')} MB after (growth ${variant.memory.growthMb.join(' / ')} MB); highest in the first tenth of the run ${variant.memory.firstTenthPeakMb.join(' / ')} MB, in the last tenth ${variant.memory.lastTenthPeakMb.join(' / ')} MB (trend ${variant.memory.trendMb.join(' / ')} MB); ${variant.memory.errors} errors.`,
    );
  }
  return lines.join('\n');
}
