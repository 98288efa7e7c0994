/**
 * The webhook rows: how long a pet change takes to reach each of 100 endpoints, and what a create
 * costs while the delivery worker sends to them, beside the same creates with no endpoint.
 *
 * They run on instances of their own, on a database of their own, in development with
 * `WEBHOOK_ALLOW_PRIVATE=true` (everything else as the bench sets it): production delivers only to
 * public https addresses and refuses that setting, and the receiver here is plain http on loopback.
 * Beside the production instances, on their database, those instances' workers would claim the
 * deliveries and refuse the address. The receiver (webhook-receiver.server.ts) runs in a process
 * of its own, so that the load generator never holds its answers back: it verifies each signature
 * with the `standardwebhooks` package and notes when each delivery came.
 */
import { fileURLToPath } from 'node:url';
import { WEBHOOK_ENDPOINTS_MAX } from '@pets/contract';
import { createAccountKey, type ServerProcess } from '@pets/services';
import { cpuPerRequest, run, type Run, servicesCpuPerRequest } from './cpu-runs.js';
import { microsPerRequest } from './cpu-time.js';
import { measure, type Target } from './measure.js';
import { CONNECTIONS, type Settings } from './options.js';
import { chosen } from './photos.js';
import type { CreatesBeside, DeliveryLatency, VariantReport, WebhooksReport } from './report.js';
import { type ServersUnderTest, startBenchServer, startListening, stop } from './servers.js';
import { median, percentile } from './statistics.js';

/** The rows' names (`--endpoint webhooks` chooses both). */
export const DELIVERY_LATENCY = 'webhooks: from a pet change to its delivery at 100 endpoints';
export const CREATES_DELIVERING = 'webhooks: creates while deliveries flow to 100 endpoints';

/** Endpoints the changes are sent to, over as many accounts as their limit needs (7). */
export const ENDPOINTS = 100;
export const ACCOUNTS = Math.ceil(ENDPOINTS / WEBHOOK_ENDPOINTS_MAX);
/**
 * Each change is sent once the one before has reached every endpoint, so that it meets a worker
 * with nothing else to send (the latency of a change is measured, not a backlog), after a pause of
 * a random length up to this: a change then comes at any point of an idle worker's poll (every
 * second), not always just after its last round.
 */
export const PAUSE_MS = 1_000;
/** How long a change's deliveries are waited for before the next change (or the summary). */
const DRAIN_MS = 30_000;
/** The event types every endpoint takes. */
const EVENTS = ['pet.created', 'pet.updated'];

/** Whether `--endpoint` (if given) chooses either webhook row. */
export const webhooksChosen = (filter: string | undefined) =>
  chosen(filter, DELIVERY_LATENCY) || chosen(filter, CREATES_DELIVERING);

/** An instance of the webhook setup and staff's key to it. */
interface Api {
  baseUrl: string;
  key: string;
}

/** One delivery as the receiver took it. */
export interface Arrival {
  /** The endpoint's path at the receiver. */
  path: string;
  /** The pet's name in the event: which change it was. */
  name: string | undefined;
  /** When its request came in: the epoch in ms, to the µs ({@link now}). */
  at: number;
  /** Whether its signature held under the endpoint's secret. */
  verified: boolean;
}

/** The time as the receiver notes it: the epoch in ms, from the monotonic clock. */
const now = () => performance.timeOrigin + performance.now();

const RECEIVER = fileURLToPath(new URL('./webhook-receiver.server.js', import.meta.url));

/** The receiver of every endpoint (webhook-receiver.server.ts): one path each. */
interface Receiver {
  url: string;
  pid: number;
  /** Tells it the secret that signs each path's deliveries. */
  expect: (secrets: Record<string, string>) => Promise<void>;
  /** Every arrival so far. */
  arrivals: () => Promise<readonly Arrival[]>;
  stop: () => Promise<void>;
}

/** Starts the receiver in a process of its own; it keeps the arrivals, read here as they grow. */
async function startReceiver(): Promise<Receiver> {
  const { child, port } = await startListening(RECEIVER);
  const url = `http://127.0.0.1:${port}`;
  const known: Arrival[] = [];
  return {
    url,
    pid: child.pid ?? 0,
    expect: async (secrets) => {
      const response = await fetch(`${url}/control/secrets`, {
        method: 'PUT',
        body: JSON.stringify(secrets),
      });
      if (response.status !== 204) throw new Error(`The receiver answered ${response.status}`);
    },
    arrivals: async () => {
      const response = await fetch(`${url}/control/arrivals?from=${known.length}`);
      for (const arrival of (await response.json()) as Arrival[]) known.push(arrival);
      return known;
    },
    stop: () => stop(child),
  };
}

/** Sends staff's request to the instance and reads its JSON answer; any status but `status` throws. */
async function call(
  api: Api,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  status: number,
): Promise<unknown> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== status)
    throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Makes {@link ENDPOINTS} endpoints taking pet.created and pet.updated, each at a path of its own
 * at the receiver, over {@link ACCOUNTS} partner accounts (at most WEBHOOK_ENDPOINTS_MAX each);
 * staff make the accounts and their endpoints, and the receiver learns each secret.
 */
async function makeEndpoints(api: Api, receiver: Receiver): Promise<void> {
  const secrets: Record<string, string> = {};
  for (let a = 1; a <= ACCOUNTS; a++) {
    const account = (await call(
      api,
      'POST',
      '/v1/admin/accounts',
      { name: `Webhook receiver ${a}`, plan: 'free' },
      201,
    )) as { id: number };
    const count = Math.min(WEBHOOK_ENDPOINTS_MAX, ENDPOINTS - (a - 1) * WEBHOOK_ENDPOINTS_MAX);
    for (let n = 1; n <= count; n++) {
      const path = `/hooks/${a}/${n}`;
      const { secret } = (await call(
        api,
        'POST',
        `/v1/admin/accounts/${account.id}/webhooks`,
        { url: `${receiver.url}${path}`, events: EVENTS },
        201,
      )) as { secret: string };
      secrets[path] = secret;
    }
  }
  await receiver.expect(secrets);
}

/**
 * Resolves once the receiver holds `count` verified deliveries of pets with the names, read every
 * 10 ms, or after `ms` whatever it holds.
 */
async function untilDelivered(
  receiver: Receiver,
  names: ReadonlySet<string>,
  count: number,
  ms: number,
): Promise<void> {
  const deadline = now() + ms;
  while (deliveredOf(await receiver.arrivals(), names) < count && now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Verified deliveries whose pet bears one of the names. */
const deliveredOf = (arrivals: readonly Arrival[], names: ReadonlySet<string>) =>
  arrivals.filter((arrival) => arrival.verified && names.has(arrival.name ?? '')).length;

const round = (value: number) => Math.round(value * 10) / 10;

/** The mean time between times in order: 0 for fewer than two. */
const meanGap = (times: readonly number[]) =>
  times.length < 2 ? 0 : ((times.at(-1) ?? 0) - (times[0] ?? 0)) / (times.length - 1);

/** A change as it was sent: the pet's new name, and when it was sent and answered. */
export interface SentChange {
  name: string;
  /** Just before it was sent, and when its answer came ({@link now}). */
  sentAt: number;
  answeredAt: number;
}

/**
 * The latency row from the changes sent and what the receiver took: each change at each endpoint
 * timed from just before the change was sent to the first arrival that verified (a later one is a
 * duplicate); the time to the last of each change's deliveries, over the changes that reached them
 * all; what never came, and what did not verify. Arrivals of other pets' names are not counted.
 */
export function summariseLatency(
  sent: readonly SentChange[],
  arrivals: readonly Arrival[],
  endpoints: number,
  failedChanges: number,
): DeliveryLatency {
  const sentAt = new Map(sent.map((change) => [change.name, change.sentAt]));
  const first = new Map<string, number>();
  const last = new Map<string, { count: number; at: number }>();
  let duplicates = 0;
  let badSignatures = 0;
  for (const arrival of arrivals) {
    if (!arrival.verified) {
      badSignatures++;
      continue;
    }
    const name = arrival.name ?? '';
    const from = sentAt.get(name);
    if (from === undefined) continue;
    const pair = `${name} ${arrival.path}`;
    if (first.has(pair)) {
      duplicates++;
      continue;
    }
    first.set(pair, arrival.at - from);
    const reached = last.get(name) ?? { count: 0, at: 0 };
    last.set(name, { count: reached.count + 1, at: Math.max(reached.at, arrival.at - from) });
  }
  const times = [...first.values()];
  const lasts = [...last.values()].filter((r) => r.count === endpoints).map((r) => r.at);
  return {
    changes: sent.length,
    pauseMaxMs: PAUSE_MS,
    meanSpacingMs: round(meanGap(sent.map((change) => change.sentAt))),
    changeMedianMs: round(median(sent.map((change) => change.answeredAt - change.sentAt))),
    delivered: times.length,
    expected: sent.length * endpoints,
    missing: sent.length * endpoints - times.length,
    duplicates,
    badSignatures,
    failedChanges,
    medianMs: round(median(times)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(Math.max(0, ...times)),
    lastMedianMs: round(median(lasts)),
    lastMaxMs: round(Math.max(0, ...lasts)),
  };
}

/**
 * The latency row: a pet created (unmeasured: its deliveries open the instances' connections to
 * the receiver, after any events the worker still had to hand out), then `changes` renames of it,
 * each timed from just before it was sent, one at a time: each once the deliveries of the one
 * before have all come (or {@link DRAIN_MS} passed), after a random pause up to {@link PAUSE_MS}.
 */
async function deliveryLatency(
  api: Api,
  receiver: Receiver,
  changes: number,
): Promise<DeliveryLatency> {
  const opening = 'Webhook opening';
  const { id } = (await call(api, 'POST', '/v1/pets', { name: opening, categoryId: 1 }, 201)) as {
    id: number;
  };
  await untilDelivered(receiver, new Set([opening]), ENDPOINTS, DRAIN_MS);
  const sent: SentChange[] = [];
  let failed = 0;
  for (let i = 1; i <= changes; i++) {
    const name = `Webhook change ${i}`;
    const sentAt = now();
    const response = await fetch(`${api.baseUrl}/v1/pets/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    await response.arrayBuffer();
    sent.push({ name, sentAt, answeredAt: now() });
    if (response.status !== 200) failed++;
    await untilDelivered(receiver, new Set([name]), ENDPOINTS, DRAIN_MS);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * PAUSE_MS));
  }
  const names = new Set(sent.map((change) => change.name));
  await untilDelivered(receiver, names, changes * ENDPOINTS, DRAIN_MS);
  return summariseLatency(sent, await receiver.arrivals(), ENDPOINTS, failed);
}

/** Creates as the bench's create row sends them, over every instance. */
function createTarget(servers: readonly ServerProcess[], key: string): Target {
  return {
    urls: servers.map((server) => `${server.baseUrl}/v1/pets`),
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', categoryId: 3, status: 'pending' }),
    expectedStatus: 201,
  };
}

/** Runs of creates, the instances' CPU over each, and the deliveries that came meanwhile. */
async function createRuns(
  target: Target,
  pids: readonly number[],
  services: readonly number[],
  receiver: Receiver,
  settings: Settings,
): Promise<{ runs: Run[]; deliveries: number }> {
  const runs: Run[] = [];
  let deliveries = 0;
  for (let i = 0; i < settings.turns; i++) {
    const before = (await receiver.arrivals()).length;
    const options = { connections: CONNECTIONS, duration: settings.duration };
    runs.push(await run(target, pids, options, services));
    deliveries += (await receiver.arrivals()).length - before;
  }
  return { runs, deliveries };
}

/**
 * A line of creates from its runs: throughput and latency as the other rows give them (the mean
 * rate, the worst run's percentiles), the instances' CPU per create (and with PostgreSQL's and
 * Redis's, when read), and the deliveries that arrived during the runs.
 */
export function createsBeside(runs: readonly Run[], deliveries: number): CreatesBeside {
  const measurements = runs.map((r) => r.measurement);
  const requests = measurements.reduce((total, m) => total + m.total, 0);
  const seconds = runs.reduce((total, r) => total + (r.window.end - r.window.start) / 1e6, 0);
  const cpu = cpuPerRequest(runs);
  const services = servicesCpuPerRequest(runs);
  const line: CreatesBeside = {
    requestsPerSecond: Math.round(
      measurements.reduce((total, m) => total + m.requestsPerSecond, 0) /
        Math.max(1, measurements.length),
    ),
    p50: Math.max(0, ...measurements.map((m) => m.p50)),
    p99: Math.max(0, ...measurements.map((m) => m.p99)),
    errors: measurements.reduce((total, m) => total + m.errors + m.unexpected, 0),
    cpuMicrosPerRequest: cpu.micros,
    cpuSource: cpu.source,
    deliveries,
    deliveriesPerSecond: seconds > 0 ? Math.round(deliveries / seconds) : 0,
  };
  if (services) {
    const nanoseconds = runs.reduce(
      (total, r) => total + r.cpu.nanoseconds + (r.services?.nanoseconds ?? 0),
      0,
    );
    line.totalMicrosPerRequest = microsPerRequest(nanoseconds, requests);
  }
  return line;
}

/** The webhook setup's environment: the bench's, in development, private addresses allowed. */
export const webhookEnv = (env: Record<string, string>, databaseUrl: string) => ({
  ...env,
  NODE_ENV: 'development',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  DATABASE_URL: databaseUrl,
});

/**
 * The webhook rows chosen (none: `undefined`), on instances of their own (as many as the
 * variant's) on a new database: creates without any endpoint (after a warm-up, unless there is
 * none), then the endpoints made, the latency row, and the creates again while the worker
 * delivers. Not in turns: each run with endpoints leaves a backlog no run could clear (a create
 * makes 100 deliveries, far more than are sent meanwhile), which the runs after it would carry.
 * The instances and the receiver stop at the end, so that the backlog costs the rows after nothing.
 */
export async function webhookRows(
  name: VariantReport['name'],
  {
    env,
    instances,
    database,
    started,
    services,
  }: Pick<ServersUnderTest, 'env' | 'instances' | 'database' | 'started' | 'services'>,
  settings: Settings,
): Promise<WebhooksReport | undefined> {
  const latencyChosen = chosen(settings.endpoint, DELIVERY_LATENCY);
  const createsChosen = chosen(settings.endpoint, CREATES_DELIVERING);
  if (!latencyChosen && !createsChosen) return undefined;
  const ownEnv = webhookEnv(env, database('bench_webhooks'));
  const { key } = createAccountKey(ownEnv, {
    name: 'Webhook bench',
    plan: 'enterprise',
    role: 'staff',
    perMinute: 10_000_000,
    perDay: 1_000_000_000,
  });
  const receiver = await startReceiver();
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      const server = await startBenchServer(ownEnv);
      servers.push(server);
      started.push(server);
    }
    const pids = servers.map((server) => server.child.pid ?? 0);
    const api = { baseUrl: servers[0]?.baseUrl ?? '', key };
    const target = createTarget(servers, key);
    if (createsChosen && settings.warmup > 0)
      await measure(target, { connections: CONNECTIONS, duration: settings.warmup });
    const without = createsChosen
      ? await createRuns(target, pids, services, receiver, settings)
      : undefined;
    await makeEndpoints(api, receiver);
    const report: WebhooksReport = { instances, endpoints: ENDPOINTS, accounts: ACCOUNTS };
    if (latencyChosen) {
      report.latency = await deliveryLatency(api, receiver, settings.webhookChanges);
      process.stderr.write(`${name}: ${DELIVERY_LATENCY} done\n`);
    }
    if (without) {
      const withEndpoints = await createRuns(target, pids, services, receiver, settings);
      const created = withEndpoints.runs.reduce(
        (total, r) => total + r.measurement.total - r.measurement.unexpected,
        0,
      );
      report.creates = {
        runs: settings.turns,
        secondsPerRun: settings.duration,
        withoutEndpoints: createsBeside(without.runs, without.deliveries),
        withEndpoints: createsBeside(withEndpoints.runs, withEndpoints.deliveries),
        deliveriesMade: created * ENDPOINTS,
      };
      process.stderr.write(`${name}: ${CREATES_DELIVERING} done\n`);
    }
    return report;
  } finally {
    // Before the receiver: attempts under way are answered, and the instances stop at once.
    for (const server of servers) await stop(server.child);
    await receiver.stop();
  }
}
