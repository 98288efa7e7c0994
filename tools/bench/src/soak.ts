/**
 * `npm run soak`: two API instances on PostgreSQL + Redis under steady traffic from several
 * accounts, checked for 5xx answers, bans, exact per-minute limits and memory growth.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PLAN_LIMITS } from '@pets/contract';
import { createAccountKey, type ServerProcess, startPostgres, startRedis } from '@pets/services';
import { startBenchServer } from './servers.js';

const HELP = `Soak test: two API instances on PostgreSQL + Redis, steady mixed traffic from several accounts.

Usage: npm run soak -- [--seconds <n>]   (default 300)

Checks, and exits non-zero when one fails: no 5xx answer, no ban, each account admitted exactly
min(sent, limit) requests in every UTC minute (across both instances), memory not growing.`;

interface Traffic {
  name: string;
  plan: 'free' | 'pro' | 'enterprise';
  perMinute: number;
  /** Requests per second offered, steadily. */
  rate: number;
}

/**
 * Steady offered rates. The clients are polite (after a 429 they wait Retry-After, as the contract
 * asks), so the busy Free account meets its limit every minute and is never banned.
 */
const TRAFFIC: Traffic[] = [
  { name: 'Free one', plan: 'free', perMinute: PLAN_LIMITS.free.perMinute, rate: 5 },
  { name: 'Free two', plan: 'free', perMinute: PLAN_LIMITS.free.perMinute, rate: 1.25 },
  { name: 'Pro', plan: 'pro', perMinute: PLAN_LIMITS.pro.perMinute, rate: 6 },
  { name: 'Enterprise', plan: 'enterprise', perMinute: 1_200, rate: 8 },
];

interface Answer {
  account: string;
  status: number;
  code?: string;
  /** The minute the answer was counted in (X-RateLimit-Reset of the minute window). */
  window?: string;
}

export interface SoakSummary {
  seconds: number;
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: number;
  bans: number;
  networkErrors: number;
  windows: {
    account: string;
    window: string;
    sent: number;
    admitted: number;
    limit: number;
    exact: boolean;
  }[];
  /** Windows in which an account met its limit: the limiter was exercised, not just idle. */
  limitedWindows: number;
  rssMb: { first: number[]; last: number[]; growth: number[] };
  ok: boolean;
}

const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '300' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!/^[1-9][0-9]{0,4}$/.test(values.seconds)) {
    process.stderr.write(`--seconds must be a whole number (got "${values.seconds}")\n`);
    return 2;
  }
  const seconds = Number(values.seconds);

  const postgres = await startPostgres();
  const redis = await startRedis();
  const servers: ServerProcess[] = [];
  try {
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      CURSOR_SECRET: 'soak-cursor-secret-every-instance-shares',
      WEBHOOK_SECRETS_KEY: 'soak-webhook-secrets-key-every-instance-shares',
      DATABASE_URL: postgres.createDatabase('soak'),
      REDIS_URL: redis.url,
    };
    const accounts = TRAFFIC.map((traffic) => ({
      ...traffic,
      key: createAccountKey(env, {
        name: traffic.name,
        plan: traffic.plan,
        ...(traffic.plan === 'enterprise'
          ? { perMinute: traffic.perMinute, perDay: 10_000_000 }
          : {}),
      }).key,
    }));
    servers.push(await startBenchServer(env), await startBenchServer(env));
    const pids = servers.map((server) => server.child.pid ?? 0);

    const answers: Answer[] = [];
    let networkErrors = 0;
    let sequence = 0;
    /** Pets the soak made: reads by id ask for these (ids differ by engine). */
    const created: number[] = [];
    const inFlight = new Set<Promise<void>>();
    const pausedUntil = new Map<string, number>();
    const send = (account: (typeof accounts)[number]) => {
      if (Date.now() < (pausedUntil.get(account.name) ?? 0)) return;
      const n = sequence++;
      const server = servers[n % servers.length];
      if (!server) return;
      const kind = n % 10;
      const headers: Record<string, string> = { authorization: `Bearer ${account.key}` };
      const request =
        kind < 7
          ? fetch(
              `${server.baseUrl}/v1/pets?limit=${1 + (n % 50)}${n % 3 ? '' : '&status=available'}`,
              { headers },
            )
          : kind < 9
            ? fetch(`${server.baseUrl}/v1/pets`, {
                method: 'POST',
                headers: {
                  ...headers,
                  'content-type': 'application/json',
                  'idempotency-key': `soak-${n}`,
                },
                body: JSON.stringify({
                  name: `Soak ${n}`,
                  // One of the six categories a new installation starts with.
                  categoryId: 1 + (n % 6),
                  status: 'available',
                }),
              })
            : fetch(`${server.baseUrl}/v1/pets/${created[n % Math.max(1, created.length)] ?? 1}`, {
                headers,
              });
      const done = request
        .then(async (response) => {
          const body = (await response.json().catch(() => ({}))) as { code?: string; id?: number };
          if (kind >= 7 && kind < 9 && response.status === 201 && body.id !== undefined)
            created.push(body.id);
          if (response.status === 429) {
            const wait = Number(response.headers.get('retry-after') ?? 1) * 1000;
            pausedUntil.set(
              account.name,
              Math.max(pausedUntil.get(account.name) ?? 0, Date.now() + wait),
            );
          }
          const minute = (response.headers.get('ratelimit') ?? '').startsWith('"minute"');
          answers.push({
            account: account.name,
            status: response.status,
            ...(body.code ? { code: body.code } : {}),
            ...(minute ? { window: response.headers.get('x-ratelimit-reset') ?? '' } : {}),
          });
        })
        .catch(() => {
          networkErrors += 1;
        })
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    };

    const samples: number[][] = [];
    const timers = accounts.map((account) =>
      setInterval(() => {
        send(account);
      }, 1000 / account.rate),
    );
    const sampler = setInterval(() => samples.push(pids.map(rss)), 5_000);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    timers.forEach(clearInterval);
    clearInterval(sampler);
    await Promise.all(inFlight);
    samples.push(pids.map(rss));

    const byStatus: Record<string, number> = {};
    for (const answer of answers) byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    const groups = new Map<
      string,
      { account: string; window: string; sent: number; admitted: number; limit: number }
    >();
    for (const answer of answers) {
      if (answer.window === undefined) continue;
      const id = `${answer.account} ${answer.window}`;
      const limit = accounts.find((account) => account.name === answer.account)?.perMinute ?? 0;
      const group = groups.get(id) ?? {
        account: answer.account,
        window: answer.window,
        sent: 0,
        admitted: 0,
        limit,
      };
      group.sent += 1;
      if (answer.status !== 429) group.admitted += 1;
      groups.set(id, group);
    }
    const windows = [...groups.values()].map((group) => ({
      ...group,
      exact: group.admitted === Math.min(group.sent, group.limit),
    }));
    const first = samples[1] ?? samples[0] ?? [];
    const last = samples[samples.length - 1] ?? [];
    const growth = last.map((mb, i) => Math.round((mb - (first[i] ?? mb)) * 10) / 10);
    const serverErrors = answers.filter((answer) => answer.status >= 500).length;
    const bans = answers.filter((answer) => answer.code === 'api_key_banned').length;
    const summary: SoakSummary = {
      seconds,
      requests: answers.length,
      byStatus,
      serverErrors,
      bans,
      networkErrors,
      windows,
      limitedWindows: windows.filter((w) => w.sent > w.limit).length,
      rssMb: {
        first: first.map((mb) => Math.round(mb)),
        last: last.map((mb) => Math.round(mb)),
        growth,
      },
      // Memory: flat means no steady climb; 40 MB allows for a heap settling in a short run.
      ok:
        serverErrors === 0 &&
        bans === 0 &&
        networkErrors === 0 &&
        windows.every((w) => w.exact) &&
        growth.every((mb) => mb < 40),
    };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return summary.ok ? 0 : 1;
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await redis.stop();
    postgres.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `The soak failed to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
