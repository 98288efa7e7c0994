/** The report of one bench run, as latest.json holds it, and its Markdown (latest.md). */
import type { ProfileSummary } from './cpu-profile.js';
import type { CpuSource } from './cpu-time.js';
import { type MetricsCostParts, metricsCostPerRequest } from './metrics-cost.js';
import type { LimitCheck, TargetCheck } from './targets.js';

/**
 * Where one endpoint's main thread spent its CPU, from the profile's samples over the endpoint's
 * measured runs: each entry's share of the samples of work, and that share of the main thread's
 * CPU per request read from /proc (the profile gives the shares, the kernel their size).
 */
export interface EndpointProfile {
  /** Requests answered in the profiled windows. */
  requests: number;
  /** Samples of work in the windows (idle left out). */
  samples: number;
  /** The main thread's CPU per request; undefined when schedstat could not be read for every run. */
  mainThreadMicrosPerRequest: number | undefined;
  /** How long per request the main thread was ready to run but waited for a core. */
  mainThreadWaitMicrosPerRequest: number | undefined;
  /** The share of the processes' CPU the kernel counted as system time (system calls). */
  systemShare: number;
  areas: { area: string; share: number; microsPerRequest: number | undefined }[];
  functions: {
    name: string;
    location: string;
    area: string;
    share: number;
    microsPerRequest: number | undefined;
  }[];
}

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
  /** The row's own yardstick, when not the bare Fastify list (a photo's bytes, served bare). */
  baseline?: string;
  /** Baseline over API: 1 is as cheap as bare Fastify, 0.25 four times its CPU per request. */
  cpuRatio: number;
  /** schedstat (nanoseconds), or stat (clock ticks) where a thread ended inside a run. */
  cpuSource: CpuSource;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers without the endpoint's expected status. */
  errors: number;
  /**
   * On PostgreSQL + Redis: the CPU of their processes (the postmaster and all it forked,
   * redis-server) over the same runs, per request, and the API's and theirs together.
   */
  services?: {
    microsPerRequest: number;
    totalMicrosPerRequest: number;
    /** The baseline's µs per request over the API's and the services' together. */
    cpuRatio: number;
    /**
     * Of their µs per request, what processes that ended during the runs used: counted from their
     * parents' total of reaped children (clock ticks); and how many of those were running when a
     * run began (one that started and ended inside a run is counted in the µs, not here).
     */
    endedMicrosPerRequest: number;
    ended: number;
  };
  profile?: EndpointProfile;
}

/**
 * Uploads of a camera's JPEG to one instance (photos.ts): one after another, then as many at once
 * as the API takes; wall-clock seconds as the caller sees them, the instance's CPU and peak RSS.
 */
export interface UploadsReport {
  image: { width: number; height: number; bytes: number };
  /** RSS before the first upload (the unmeasured one, with a warm-up). */
  rssIdleMb: number;
  oneAtATime: {
    uploads: number;
    medianSeconds: number;
    maxSeconds: number;
    cpuSecondsPerUpload: number;
    rssBeforeMb: number;
    peakRssMb: number;
  };
  together: { uploads: number; seconds: number; rssBeforeMb: number; peakRssMb: number };
  /** The kernel's peak RSS (VmHWM, reset before each part), or readings every 20 ms. */
  peakFrom: 'VmHWM' | 'samples';
  /** Uploads not added (any status but 201). */
  errors: number;
  targets: LimitCheck[];
}

/**
 * How long a pet change takes to reach each of the webhook endpoints (webhooks.ts): the changes
 * one at a time, each timed from just before it was sent to each delivery's arrival.
 */
export interface DeliveryLatency {
  changes: number;
  /**
   * Each change was sent once the one before had reached every endpoint, after a random pause up
   * to this; and the mean time from one change's sending to the next.
   */
  pauseMaxMs: number;
  meanSpacingMs: number;
  /** Deliveries of the changes that arrived signed as they should be, and those due. */
  delivered: number;
  expected: number;
  /** Due but not arrived when the wait ended; a second arrival of one change at one endpoint. */
  missing: number;
  duplicates: number;
  /** Deliveries whose signature did not verify (not counted as delivered). */
  badSignatures: number;
  /** Changes the API did not answer with 200. */
  failedChanges: number;
  /** The changes' own time, from their sending to their answer (part of every delivery's), ms. */
  changeMedianMs: number;
  /** Over every delivery (a change at an endpoint), ms. */
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  /** Over the changes: the time to the last of a change's deliveries, ms. */
  lastMedianMs: number;
  lastMaxMs: number;
}

/** Creates under the bench's load on the webhook instances, with no endpoint or with them all. */
export interface CreatesBeside {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 201. */
  errors: number;
  /** The API instances' CPU over the runs per create, the delivery worker's included. */
  cpuMicrosPerRequest: number;
  cpuSource: CpuSource;
  /** On PostgreSQL + Redis: the API's and their processes' CPU together, per create. */
  totalMicrosPerRequest?: number;
  /** Deliveries that arrived at the receiver during the runs, and how many a second. */
  deliveries: number;
  deliveriesPerSecond: number;
}

/**
 * The webhook rows (webhooks.ts), on instances of their own on a database of their own, in
 * development with `WEBHOOK_ALLOW_PRIVATE=true`: production delivers only to public https addresses,
 * and the receiver is plain http on loopback.
 */
export interface WebhooksReport {
  /** The instances that served and delivered: one on SQLite, two on PostgreSQL + Redis. */
  instances: number;
  endpoints: number;
  accounts: number;
  latency?: DeliveryLatency;
  creates?: {
    runs: number;
    secondsPerRun: number;
    /** Before any endpoint was made, and then with the endpoints listening. */
    withoutEndpoints: CreatesBeside;
    withEndpoints: CreatesBeside;
    /** Deliveries the creates of the runs with endpoints made (one per create and endpoint). */
    deliveriesMade: number;
  };
}

export interface VariantReport {
  name: 'sqlite' | 'postgres-redis';
  instances: number;
  endpoints: EndpointResult[];
  /**
   * The NestJS peers (tools/bench/src/peers), each on its list in turns with the same baseline;
   * left out with `--endpoint` unless `--peers`.
   */
  peers?: EndpointResult[];
  /** The targets, from this variant's rows (targets.ts). */
  targets?: TargetCheck[];
  /** Photo uploads, unless `--endpoint` chose no upload row. */
  uploads?: UploadsReport;
  /** The webhook rows, unless `--endpoint` chose neither. */
  webhooks?: WebhooksReport;
  /** Left out when only some endpoints were measured (`--endpoint`). */
  fixedRate?: {
    offered: number;
    seconds: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    non2xx: number;
    cpuMicrosPerRequest: number;
  };
  memory?: {
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
  /**
   * What metrics cost a request (tools/bench/src/metrics-cost.ts): the keyed list on two
   * instances on one database, one with metrics and one without (`METRICS_PORT=off`), in turns;
   * and the parts metrics add, each measured on its own.
   */
  metricsCost?: {
    rounds: number;
    /** Medians over the rounds, CPU µs per request. */
    withMicros: number;
    withoutMicros: number;
    /** Mean of each round's difference, and the half-width of its 95 % interval. */
    differenceMicros: number;
    differenceHalfWidth: number;
    parts: MetricsCostParts;
  };
}

export interface BenchReport {
  date: string;
  smoke: boolean;
  /** The API ran under `node --cpu-prof`: its CPU figures include the profiler's own cost. */
  profiled: boolean;
  machine: { cpus: number; model: string; node: string; kernel: string };
  connections: number;
  secondsPerRun: number;
  /** Runs of the baseline and of the API on each endpoint, in turns (A B A B is two). */
  turns: number;
  /** Requests a second each run of the turns offered in all (`--rate`); absent: as many as answered. */
  offeredRate?: number;
  variants: VariantReport[];
}

const TITLES: Record<VariantReport['name'], string> = {
  sqlite: 'SQLite (embedded default), one instance',
  'postgres-redis': 'PostgreSQL + Redis, two instances',
};

const number = (value: number) => value.toLocaleString('en-US');
const micros = (value: number | undefined) =>
  value === undefined ? '–' : value >= 100 ? String(Math.round(value)) : value.toFixed(1);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** One endpoint's profile: its top functions and areas, as shares and µs per request. */
export function toEndpointProfile(
  summary: ProfileSummary,
  measured: Pick<
    EndpointProfile,
    'requests' | 'mainThreadMicrosPerRequest' | 'mainThreadWaitMicrosPerRequest' | 'systemShare'
  >,
  limits = { functions: 20, areas: 12 },
): EndpointProfile {
  const { mainThreadMicrosPerRequest } = measured;
  const share = (samples: number) =>
    summary.busy > 0 ? Math.round((samples / summary.busy) * 1000) / 1000 : 0;
  const size = (samples: number) =>
    mainThreadMicrosPerRequest === undefined || summary.busy === 0
      ? undefined
      : Math.round((samples / summary.busy) * mainThreadMicrosPerRequest * 10) / 10;
  return {
    ...measured,
    samples: summary.busy,
    areas: summary.areas.slice(0, limits.areas).map((entry) => ({
      area: entry.area,
      share: share(entry.samples),
      microsPerRequest: size(entry.samples),
    })),
    functions: summary.functions.slice(0, limits.functions).map((entry) => ({
      name: entry.name,
      location: entry.location,
      area: entry.area,
      share: share(entry.samples),
      microsPerRequest: size(entry.samples),
    })),
  };
}

function profileMarkdown(variant: VariantReport, endpoint: EndpointResult): string[] {
  const profile = endpoint.profile;
  if (!profile) return [];
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '',
    `### Profile of ${endpoint.name} (${TITLES[variant.name]})`,
    '',
    `The main thread used ${micros(profile.mainThreadMicrosPerRequest)} of the ${micros(endpoint.cpuMicrosPerRequest)} CPU µs per request (the rest ran on libuv's pool and V8's helper threads) and waited a further ${micros(profile.mainThreadWaitMicrosPerRequest)} µs per request for a core; the kernel counted ${percent(profile.systemShare)} of the process's CPU as system calls. ${number(profile.samples)} samples of work over ${number(profile.requests)} requests.`,
    '',
    "Share: of the samples; µs/req: that share of the main thread's CPU. Self time: a function's own code, not what it called; native: C++ called from there. V8 samples on the wall clock, so a wait for a core is charged to where the thread stood, above all the socket write that wakes the load generator (writev): its share beyond the system calls' is waiting, not work.",
    '',
    '| where (package, or project of this workspace) | share | µs/req |',
    '| --- | ---: | ---: |',
    ...profile.areas.map(
      (entry) =>
        `| ${cell(entry.area)} | ${percent(entry.share)} | ${micros(entry.microsPerRequest)} |`,
    ),
    '',
    '| function (self time) | file:line | share | µs/req |',
    '| --- | --- | ---: | ---: |',
    ...profile.functions.map(
      (entry) =>
        `| ${cell(entry.name)} | ${cell(entry.location || entry.area)} | ${percent(entry.share)} | ${micros(entry.microsPerRequest)} |`,
    ),
  ];
}

/**
 * The endpoints (the API's side) that served under 95 % of the rate the turns offered: saturated,
 * so not measured at that rate. None when the turns offered no rate.
 */
export function belowOfferedRate(
  endpoints: readonly EndpointResult[],
  offeredRate: number | undefined,
): EndpointResult[] {
  if (offeredRate === undefined) return [];
  return endpoints.filter((e) => e.requestsPerSecond < offeredRate * 0.95);
}

export function toMarkdown(report: BenchReport): string {
  const notes = [
    report.smoke ? 'smoke run: the numbers mean nothing' : '',
    report.profiled ? "profiled: the CPU figures include the profiler's cost" : '',
  ].filter((note) => note !== '');
  const lines = [
    `# Benchmark${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`,
    '',
    `${report.date} · ${report.machine.cpus} CPUs (${report.machine.model}) · Linux ${report.machine.kernel} · Node ${report.machine.node} · autocannon, ${report.connections} connections, ${report.secondsPerRun} s per run${report.offeredRate === undefined ? '' : ` at ${number(report.offeredRate)} req/s offered in all`}, API and baseline in turns (${Array.from({ length: report.turns }, () => 'A B').join(' ')})`,
    '',
    'CPU µs/req: CPU time of the server processes over the requests they answered in the runs (every API instance summed), from /proc; CPU ratio: the bare baseline’s µs/req over the API’s.',
  ];
  for (const variant of report.variants) {
    const fallback = [...variant.endpoints, ...(variant.peers ?? [])]
      .filter((e) => e.cpuSource === 'stat')
      .map((e) => e.name);
    lines.push('', `## ${TITLES[variant.name]}`);
    // No table when only the cost of metrics was measured.
    if (variant.endpoints.length > 0) lines.push('', ...endpointTable(variant.endpoints));
    const services = variant.endpoints.some((e) => e.services !== undefined);
    const ended = variant.endpoints.filter(
      (e) => (e.services?.ended ?? 0) > 0 || (e.services?.endedMicrosPerRequest ?? 0) > 0,
    );
    const ownYardstick = variant.endpoints.filter((e) => e.baseline !== undefined);
    const short = belowOfferedRate(variant.endpoints, report.offeredRate);
    if (fallback.length > 0 || services || ownYardstick.length > 0 || short.length > 0)
      lines.push('');
    for (const e of ownYardstick)
      lines.push(`- ${e.name}: its baseline is ${e.baseline ?? ''}, in its own turns.`);
    if (short.length > 0)
      lines.push(
        `- Below the ${number(report.offeredRate ?? 0)} req/s offered (saturated): ${short.map((e) => e.name).join(', ')}. Their CPU per request is at the rate they kept up, not at the one offered.`,
      );
    if (services)
      lines.push(
        "- CPU µs/req with PostgreSQL + Redis: the API's and, over the same runs, that of every PostgreSQL process (the postmaster and all it forked: the backends of the API's pools, autovacuum, the writers) and of redis-server; CPU ratio with PostgreSQL + Redis: the baseline's µs/req over that sum.",
      );
    if (fallback.length > 0)
      lines.push(
        `- A thread ended during the runs of ${fallback.join(', ')}: CPU from utime + stime (10 ms ticks), not schedstat.`,
      );
    if (ended.length > 0)
      lines.push(
        `- PostgreSQL or Redis processes ended during the runs of ${ended.map((e) => `${e.name} (${micros(e.services?.endedMicrosPerRequest)} µs/req)`).join(', ')}: their CPU in the runs is counted from their parents' total of reaped children (10 ms ticks), not schedstat.`,
      );
    if (variant.uploads) lines.push('', ...uploadsMarkdown(variant.uploads));
    if (variant.webhooks) lines.push('', ...webhooksMarkdown(variant.webhooks));
    if (variant.fixedRate || variant.memory || variant.metricsCost) lines.push('');
    if (variant.fixedRate)
      lines.push(
        `- Offered ${number(variant.fixedRate.offered)} req/s for ${variant.fixedRate.seconds} s to GET /v1/pets?limit=20: served ${number(variant.fixedRate.requestsPerSecond)} req/s, p50 ${variant.fixedRate.p50} ms, p99 ${variant.fixedRate.p99} ms, ${variant.fixedRate.errors + variant.fixedRate.non2xx} errors, ${micros(variant.fixedRate.cpuMicrosPerRequest)} CPU µs per request.`,
      );
    if (variant.memory)
      lines.push(
        `- Memory over ${number(variant.memory.requests)} requests: RSS ${variant.memory.rssBeforeMb.join(' / ')} MB before, ${variant.memory.rssAfterMb.join(' / ')} MB after (growth ${variant.memory.growthMb.join(' / ')} MB); highest in the first tenth of the run ${variant.memory.firstTenthPeakMb.join(' / ')} MB, in the last tenth ${variant.memory.lastTenthPeakMb.join(' / ')} MB (trend ${variant.memory.trendMb.join(' / ')} MB); ${variant.memory.errors} errors.`,
      );
    if (variant.metricsCost) lines.push(...metricsCostMarkdown(variant.metricsCost));
    if (variant.peers && variant.peers.length > 0) lines.push(...peersMarkdown(variant.peers));
    if (variant.targets && variant.targets.length > 0)
      lines.push(...targetsMarkdown(variant.targets));
    for (const endpoint of variant.endpoints) lines.push(...profileMarkdown(variant, endpoint));
  }
  return lines.join('\n');
}

/** The endpoints' table; with the CPU of PostgreSQL and Redis when it was read. */
export function endpointTable(endpoints: readonly EndpointResult[]): string[] {
  const services = endpoints.some((e) => e.services !== undefined);
  const extraHead = services
    ? ' CPU µs/req with PostgreSQL + Redis | CPU ratio with PostgreSQL + Redis |'
    : '';
  const extraRule = services ? ' ---: | ---: |' : '';
  const extra = (e: EndpointResult) =>
    !services
      ? ''
      : e.services === undefined
        ? ' – | – |'
        : ` ${micros(e.services.totalMicrosPerRequest)} | ${e.services.cpuRatio.toFixed(2)}× |`;
  return [
    `| endpoint | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio |${extraHead} p50 ms | p99 ms | errors |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: |${extraRule} ---: | ---: | ---: |`,
    ...endpoints.map(
      (e) =>
        `| ${e.name} | ${number(e.requestsPerSecond)} | ${number(e.baselineRequestsPerSecond)} | ${e.ratio.toFixed(2)}× | ${micros(e.cpuMicrosPerRequest)} | ${micros(e.baselineCpuMicrosPerRequest)} | ${e.cpuRatio.toFixed(2)}× |${extra(e)} ${e.p50} | ${e.p99} | ${e.errors} |`,
    ),
  ];
}

/** The NestJS peers' table: each one's list beside the baseline's runs in the same rotation. */
export function peersMarkdown(peers: readonly EndpointResult[]): string[] {
  return [
    '',
    '### NestJS peers: the same list of 20 pets, as NestJS serves it',
    '',
    'Each a server of its own (tools/bench/src/peers), measured once per variant in one rotation with the same bare Fastify baseline; the docs peers always run on SQLite. Our /healthz runs in the same turns, the side of the first target that bare NestJS is compared with. CPU ratio: the baseline’s µs/req over the peer’s.',
    '',
    '| peer | req/s | baseline req/s | ratio | CPU µs/req | baseline CPU µs/req | CPU ratio | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...peers.map(
      (p) =>
        `| ${p.name} | ${number(p.requestsPerSecond)} | ${number(p.baselineRequestsPerSecond)} | ${p.ratio.toFixed(2)}× | ${micros(p.cpuMicrosPerRequest)} | ${micros(p.baselineCpuMicrosPerRequest)} | ${p.cpuRatio.toFixed(2)}× | ${p.p50} | ${p.p99} | ${p.errors} |`,
    ),
  ];
}

/** The targets: each ratio from this run's rows, with the µs it compares. */
export function targetsMarkdown(targets: readonly TargetCheck[]): string[] {
  const verdict = (met: boolean | undefined) =>
    met === undefined ? 'not measured in this run' : met ? 'met' : '**missed**';
  return [
    '',
    '### Targets, from this run',
    '',
    'CPU ratio: the yardstick’s µs/req over ours; met when it is at least the one wanted.',
    '',
    '| target | wanted | CPU ratio | ours µs/req | yardstick µs/req | |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...targets.map(
      (t) =>
        `| ${t.name} | ≥ ${t.wanted.toFixed(2)}× | ${t.ratio === undefined ? '–' : `${t.ratio.toFixed(2)}×`} | ${micros(t.ours)} | ${micros(t.yardstick)} | ${verdict(t.met)} |`,
    ),
  ];
}

/** The upload row: the times, CPU and peak RSS of each part, and its targets met or missed. */
export function uploadsMarkdown(uploads: UploadsReport): string[] {
  const { image, oneAtATime: one, together } = uploads;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const peak = uploads.peakFrom === 'VmHWM' ? 'peak RSS (VmHWM)' : 'peak RSS (read every 20 ms)';
  return [
    `- Uploading a ${(image.width * image.height) / 1e6} MP JPEG (${image.width} × ${image.height}, ${mb(image.bytes)} MB) to POST /v1/pets/{petId}/photos, RSS ${uploads.rssIdleMb} MB before the first; ${one.uploads} one after another: median ${one.medianSeconds.toFixed(2)} s, max ${one.maxSeconds.toFixed(2)} s, ${one.cpuSecondsPerUpload.toFixed(2)} CPU s each; RSS ${one.rssBeforeMb} MB before, ${peak} ${one.peakRssMb} MB. ${together.uploads} at once (what the API takes: 2 in work, 2 waiting): all added in ${together.seconds.toFixed(2)} s, RSS ${together.rssBeforeMb} MB before, peak ${together.peakRssMb} MB. ${uploads.errors} errors.`,
    `- Upload targets: ${uploads.targets.map((t) => `${t.name} at most ${t.wanted} ${t.unit}: ${t.measured} ${t.unit}, ${t.met ? 'met' : '**missed**'}`).join('; ')}.`,
  ];
}

/**
 * The webhook rows: where they ran and why, the time from a change to its deliveries, and the
 * creates without and with endpoints in a table of their own.
 */
export function webhooksMarkdown(webhooks: WebhooksReport): string[] {
  const { latency, creates } = webhooks;
  const ms = (value: number) => value.toFixed(1);
  const instances = webhooks.instances === 1 ? 'one instance' : `${webhooks.instances} instances`;
  const lines = [
    `- Webhooks: ${webhooks.endpoints} endpoints over ${webhooks.accounts} accounts, each taking pet.created and pet.updated, at a receiver on loopback in a process of its own (it verifies every signature). On ${instances} of their own, on a database of their own, with NODE_ENV=development and WEBHOOK_ALLOW_PRIVATE=true (production delivers only to public https addresses); everything else as the rows above.`,
  ];
  if (latency)
    lines.push(
      `- Webhooks, from a change to its delivery: ${latency.changes} changes of a pet (PATCH /v1/pets/{petId}, each answered in a median ${ms(latency.changeMedianMs)} ms) one at a time: each once the one before had reached every endpoint, after a random pause of up to ${number(latency.pauseMaxMs)} ms (a mean ${ms(latency.meanSpacingMs)} ms apart); each timed from just before it was sent to its arrival at each endpoint: median ${ms(latency.medianMs)} ms, p99 ${ms(latency.p99Ms)} ms, max ${ms(latency.maxMs)} ms over ${number(latency.delivered)} deliveries; to the last of a change's ${webhooks.endpoints}: median ${ms(latency.lastMedianMs)} ms, max ${ms(latency.lastMaxMs)} ms. ${number(latency.missing)} of ${number(latency.expected)} missing, ${latency.duplicates} duplicates, ${latency.badSignatures} bad signatures, ${latency.failedChanges} changes refused.`,
    );
  if (!creates) return lines;
  const services = creates.withEndpoints.totalMicrosPerRequest !== undefined;
  const row = (name: string, line: CreatesBeside) =>
    `| ${name} | ${number(line.requestsPerSecond)} | ${micros(line.cpuMicrosPerRequest)} |${services ? ` ${micros(line.totalMicrosPerRequest)} |` : ''} ${line.p50} | ${line.p99} | ${line.errors} | ${number(line.deliveries)} | ${number(line.deliveriesPerSecond)} |`;
  return [
    ...lines,
    `- Webhooks, creates while deliveries flow: POST /v1/pets, ${creates.runs} run${creates.runs === 1 ? '' : 's'} of ${creates.secondsPerRun} s each way, first with no endpoint (before any was made), then with the endpoints listening. CPU µs/req: the instances' CPU over the runs per create, the delivery worker's included (the receiver's not). The runs with endpoints made ${number(creates.deliveriesMade)} deliveries; ${number(creates.withEndpoints.deliveries)} arrived during them, the rest were still waiting when the instances stopped.`,
    '',
    `| creates | req/s | CPU µs/req |${services ? ' CPU µs/req with PostgreSQL + Redis |' : ''} p50 ms | p99 ms | errors | deliveries arrived | a second |`,
    `| --- | ---: | ---: |${services ? ' ---: |' : ''} ---: | ---: | ---: | ---: | ---: |`,
    row('no endpoint', creates.withoutEndpoints),
    row(`${webhooks.endpoints} endpoints, the worker delivering`, creates.withEndpoints),
  ];
}

/** The metrics' budget: what metrics may add to a request (docs/team/performance.md). */
export const METRICS_BUDGET_MICROS = 5;

function metricsCostMarkdown(cost: NonNullable<VariantReport['metricsCost']>): string[] {
  const { parts } = cost;
  const added = metricsCostPerRequest(parts);
  const two = (value: number) => value.toFixed(2);
  const verdict = added.total < METRICS_BUDGET_MICROS ? 'under' : '**over**';
  return [
    `- Metrics on the hot path: ${two(added.total)} CPU µs per request, ${verdict} the ${METRICS_BUDGET_MICROS} µs budget. Counting a request ${two(added.counting)} µs (the API's \`Metrics.request\` over a mix of routes: ${parts.countingNanos.with.toFixed(0)} ns on, ${parts.countingNanos.without.toFixed(0)} ns off); in the background ${two(added.background)} µs (idle, ${number(Math.round(parts.idleMicrosPerSecond.with))} CPU µs a second with metrics and ${number(Math.round(parts.idleMicrosPerSecond.without))} without, over ${number(Math.round(parts.requestsPerSecond))} req/s); garbage collections recorded ${two(added.collections)} µs (${parts.collectionsPerRequest.toFixed(3)} a request, ${parts.collectionRecordNanos.toFixed(0)} ns each).`,
    `- End to end, GET /v1/pets?limit=20 on two fresh instances in turns: ${micros(cost.withMicros)} CPU µs per request with metrics and ${micros(cost.withoutMicros)} without (METRICS_PORT=off), medians of ${cost.rounds} runs each; the rounds' difference ${cost.differenceMicros >= 0 ? '+' : '−'}${micros(Math.abs(cost.differenceMicros))} ± ${micros(cost.differenceHalfWidth)} µs (95 %). Runs of one build differ by 10 to 30 µs here, so this comparison cannot see a few µs: the parts above measure them.`,
  ];
}
