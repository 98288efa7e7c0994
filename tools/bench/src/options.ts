/**
 * The bench's command line: its help text, the settings of a full and of a smoke run, and the
 * options read into the settings of this run (or the message that refuses them).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { VariantReport } from './report.js';

export const HELP = `Benchmarks the pet store API against a bare Fastify baseline on this machine.

Usage: npm run bench -- [--variant sqlite|postgres-redis|all] [--smoke] [--duration <s>] [--out <dir>]
                        [--endpoint <text>] [--peers] [--profile] [--metrics-cost]
                        [--against <dist>] [--turns <n>] [--rate <n>]

  --variant   which setup to measure (default: all)
  --smoke     seconds instead of minutes: proves the bench works, numbers mean nothing
  --duration  seconds per measurement (default 8)
  --out       where to write latest.md and latest.json (default tools/bench/results)
  --endpoint  measure only the endpoints whose name contains this text, e.g. limit=20 or 404
              (one word: npm and Nx split arguments at spaces); no fixed-rate or memory run,
              and no NestJS peers unless --peers; --endpoint webhooks: the webhook rows alone
              (a change to its delivery to 100 endpoints, creates while deliveries flow)
  --peers     with --endpoint, measure the NestJS peers too (a run without --endpoint always
              does): bare NestJS on Fastify with the 20 pets from memory, and NestJS as its docs
              teach (passport bearer key looked up with TypeORM, throttler, ValidationPipe,
              repository.find on SQLite) on Fastify and on Express, each on its list in turns
              with the baseline, once per variant; the targets read them
  --profile   run the API under node --cpu-prof and print, for each endpoint, the functions and
              packages with the most self time per request over its measured runs; the profiles
              are kept in <out>/profiles for Chrome DevTools (the profiler adds its own CPU)
  --against   another build of the API (a dist directory, e.g. an older checkout's apps/api/dist
              built there): started on a database of its own with the same seed and measured in
              the same turns, each endpoint reported for both builds beside one baseline
  --turns     how many times the baseline and the API take turns on each endpoint (default 2)
  --rate      the turns send this many requests a second in all (on 50 connections) instead of as
              many as are answered: CPU per request then does not move with how fast the database
              answers (below saturation, a slower database does not pack fewer requests into each
              event-loop turn); a rate no target keeps up with is said in the report
  --metrics-cost  only what metrics cost a request (also part of a full run): counting, the idle
              background and garbage collections recorded, each measured on its own, and the
              keyed list on SQLite on two instances, with metrics and with METRICS_PORT=off`;

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
/**
 * What the bench keeps of an API instance's output (its log): the last mebibyte, for the error
 * that says why an instance stopped. A full run's millions of log lines are not kept.
 */
export const KEPT_OUTPUT_CHARS = 1 << 20;

/** Connections the load generator keeps open on every measured endpoint. */
export const CONNECTIONS = 50;

export interface Settings {
  duration: number;
  /** Only the endpoints whose name contains this text, and no fixed-rate or memory run. */
  endpoint: string | undefined;
  /** Whether the NestJS peers are measured (always without `--endpoint`, else with `--peers`). */
  peers: boolean;
  /** Where the API writes its CPU profiles, when profiled. */
  profileDir: string | undefined;
  fixedRate: { rate: number; duration: number };
  memoryRequests: number;
  /** What metrics cost: runs of the keyed list with and without, each; idle windows; calls. */
  metrics: { rounds: number; idleWindows: number; idleSeconds: number; calls: number };
  /** Only the cost of metrics (SQLite), nothing else. */
  metricsOnly: boolean;
  /** How often RSS is read during the memory run. */
  rssSampleMs: number;
  seed: number;
  /** Seconds of load before measuring anything, on each target; 0 for none. */
  warmup: number;
  /** Turns of the baseline and the API on each endpoint (A B A B is two). */
  turns: number;
  /** Requests a second the turns send in all (`--rate`); `undefined`: as many as are answered. */
  rate: number | undefined;
  /** Another build of the API (its `dist` directory), measured in the same turns on its own database. */
  against: string | undefined;
  /** Uploads of a 12 MP JPEG timed one after another (photos.ts). */
  photoUploads: number;
  /** Pet changes timed from their sending to their delivery to each webhook endpoint (webhooks.ts). */
  webhookChanges: number;
}

export const FULL: Settings = {
  duration: 8,
  endpoint: undefined,
  peers: true,
  profileDir: undefined,
  fixedRate: { rate: 5_000, duration: 30 },
  memoryRequests: 1_000_000,
  metrics: { rounds: 10, idleWindows: 5, idleSeconds: 2, calls: 1_000_000 },
  metricsOnly: false,
  rssSampleMs: 1_000,
  seed: 1_000,
  warmup: 3,
  turns: 2,
  rate: undefined,
  against: undefined,
  photoUploads: 8,
  webhookChanges: 50,
};
/** A smoke run (`--smoke`): the full run's settings, scaled down to seconds. */
export const SMOKE: Settings = {
  ...FULL,
  // Half a second a run: enough for thousands of requests, which is all a smoke run asks for.
  duration: 0.5,
  fixedRate: { rate: 500, duration: 0.5 },
  memoryRequests: 2_000,
  metrics: { rounds: 2, idleWindows: 1, idleSeconds: 0.2, calls: 10_000 },
  rssSampleMs: 50,
  seed: 100,
  warmup: 0,
  turns: 1,
  photoUploads: 2,
  webhookChanges: 3,
};

/**
 * The API and its key CLI in a built `dist` directory: bundled (`bundle/`), or, in a build from
 * before the bundle, the modules tsc wrote. `undefined` when it holds neither.
 */
export function programsOf(dist: string): { main: string; keys: string } | undefined {
  for (const [main, keys] of [
    [join(dist, 'bundle', 'main.js'), join(dist, 'bundle', 'keys.js')],
    [join(dist, 'main.js'), join(dist, 'cli', 'keys.js')],
  ] as const)
    if (existsSync(main) && existsSync(keys)) return { main, keys };
  return undefined;
}

/** What the command line asks for: the help, a refusal (exit code 2), or a run. */
export type Options =
  | { help: true }
  | { refused: string }
  | {
      variants: VariantReport['name'][];
      settings: Settings;
      /** Where latest.md and latest.json are written. */
      out: string;
      smoke: boolean;
      profile: boolean;
    };

/** Reads the bench's arguments; an option it does not know throws, as `parseArgs` does. */
export function parseOptions(args: string[]): Options {
  const { values } = parseArgs({
    args,
    options: {
      variant: { type: 'string', default: 'all' },
      smoke: { type: 'boolean', default: false },
      duration: { type: 'string' },
      out: { type: 'string' },
      endpoint: { type: 'string' },
      peers: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'metrics-cost': { type: 'boolean', default: false },
      against: { type: 'string' },
      turns: { type: 'string' },
      rate: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return { help: true };
  const variants: VariantReport['name'][] = values['metrics-cost']
    ? ['sqlite']
    : values.variant === 'all'
      ? ['sqlite', 'postgres-redis']
      : values.variant === 'sqlite' || values.variant === 'postgres-redis'
        ? [values.variant]
        : [];
  if (variants.length === 0)
    return { refused: `--variant must be sqlite, postgres-redis or all (got "${values.variant}")` };
  const settings = { ...(values.smoke ? SMOKE : FULL) };
  if (values.duration !== undefined) {
    if (!/^[1-9][0-9]{0,3}$/.test(values.duration))
      return {
        refused: `--duration must be a whole number of seconds (got "${values.duration}")`,
      };
    settings.duration = Number(values.duration);
  }
  if (values.turns !== undefined) {
    if (!/^[1-9][0-9]?$/.test(values.turns))
      return { refused: `--turns must be a whole number from 1 to 99 (got "${values.turns}")` };
    settings.turns = Number(values.turns);
  }
  if (values.rate !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(values.rate))
      return {
        refused: `--rate must be a whole number of requests a second, at most 999999 (got "${values.rate}")`,
      };
    settings.rate = Number(values.rate);
  }
  const out = values.out ?? RESULTS;
  settings.endpoint = values.endpoint;
  settings.peers = values.endpoint === undefined || values.peers;
  settings.metricsOnly = values['metrics-cost'];
  if (values.against !== undefined) {
    const dist = resolve(values.against);
    if (programsOf(dist) === undefined)
      return {
        refused: `--against must name a built API's dist directory, with bundle/main.js and bundle/keys.js, or main.js and cli/keys.js (got "${values.against}")`,
      };
    if (values.profile || values['metrics-cost'])
      return { refused: '--against measures endpoints only: not with --profile or --metrics-cost' };
    settings.against = dist;
  }
  if (values.profile) settings.profileDir = join(out, 'profiles');
  return { variants, settings, out, smoke: values.smoke, profile: values.profile };
}
