// The bench's command line: which variants and settings each option gives, and the refusals
// (exit code 2) for a variant, duration, turn count or other build that cannot be measured.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { FULL, parseOptions, programsOf, SMOKE } from './options.js';
import { turnOptions } from './turns.js';

const API_DIST = fileURLToPath(new URL('../../../apps/api/dist', import.meta.url));

it('measures both variants with the full settings unless told otherwise', () => {
  expect(parseOptions([])).toMatchObject({
    variants: ['sqlite', 'postgres-redis'],
    settings: FULL,
    smoke: false,
    profile: false,
  });
});

it('a smoke run of one variant, its duration and turns as given, profiles kept beside the report', () => {
  const args = ['--smoke', '--variant', 'sqlite', '--duration', '3', '--turns', '4', '--profile'];
  expect(parseOptions([...args, '--out', '/tmp/out', '--endpoint', '404'])).toEqual({
    variants: ['sqlite'],
    settings: {
      ...SMOKE,
      duration: 3,
      turns: 4,
      endpoint: '404',
      peers: false,
      profileDir: join('/tmp/out', 'profiles'),
    },
    out: '/tmp/out',
    smoke: true,
    profile: true,
  });
});

it('measures the NestJS peers in a full run, and with --endpoint only when --peers asks', () => {
  const peers = (args: string[]) => {
    const options = parseOptions(args);
    return 'settings' in options ? options.settings.peers : undefined;
  };
  expect(FULL.peers).toBe(true);
  expect(peers([])).toBe(true);
  expect(peers(['--smoke'])).toBe(true);
  expect(peers(['--endpoint', 'healthz'])).toBe(false);
  expect(peers(['--endpoint', 'healthz', '--peers'])).toBe(true);
});

it('--metrics-cost measures SQLite alone, whatever the variant', () => {
  expect(parseOptions(['--metrics-cost', '--variant', 'postgres-redis'])).toMatchObject({
    variants: ['sqlite'],
    settings: { metricsOnly: true },
  });
});

it('--rate: the turns offer that many requests a second in all; without it, as many as answered', () => {
  expect(FULL.rate).toBeUndefined();
  expect(parseOptions(['--rate', '400'])).toMatchObject({ settings: { rate: 400 } });
  expect(turnOptions({ ...FULL, rate: 400 })).toEqual({
    connections: 50,
    duration: FULL.duration,
    overallRate: 400,
  });
  expect(turnOptions(FULL)).toEqual({ connections: 50, duration: FULL.duration });
});

it('asks for the help with --help or -h', () => {
  expect(parseOptions(['--help'])).toEqual({ help: true });
  expect(parseOptions(['-h', '--variant', 'nonsense'])).toEqual({ help: true });
});

it.each([
  [['--variant', 'mysql'], '--variant must be sqlite, postgres-redis or all (got "mysql")'],
  [['--duration', '0'], '--duration must be a whole number of seconds (got "0")'],
  [['--duration', '10000'], '--duration must be a whole number of seconds (got "10000")'],
  [['--turns', '100'], '--turns must be a whole number from 1 to 99 (got "100")'],
  [['--rate', '0'], '--rate must be a whole number of requests a second, at most 999999 (got "0")'],
  [
    ['--rate', '1.5'],
    '--rate must be a whole number of requests a second, at most 999999 (got "1.5")',
  ],
  [
    ['--against', '/no/such/dist'],
    `--against must name a built API's dist directory, with bundle/main.js and bundle/keys.js, or main.js and cli/keys.js (got "/no/such/dist")`,
  ],
])('refuses %j', (args, refused) => {
  expect(parseOptions(args)).toEqual({ refused });
});

// The bench's tests run after the API is built.
it('--against takes a built API, but not with --profile or --metrics-cost', () => {
  expect(parseOptions(['--against', API_DIST])).toMatchObject({ settings: { against: API_DIST } });
  for (const other of ['--profile', '--metrics-cost'])
    expect(parseOptions(['--against', API_DIST, other])).toEqual({
      refused: '--against measures endpoints only: not with --profile or --metrics-cost',
    });
});

it('runs a build bundled, or one from before the bundle from its modules', () => {
  const dist = mkdtempSync(join(tmpdir(), 'pets-bench-dist-'));
  try {
    const write = (...path: string[]) => {
      mkdirSync(join(dist, ...path.slice(0, -1)), { recursive: true });
      writeFileSync(join(dist, ...path), '');
    };
    write('main.js');
    expect(programsOf(dist)).toBeUndefined();
    write('cli', 'keys.js');
    expect(programsOf(dist)).toEqual({
      main: join(dist, 'main.js'),
      keys: join(dist, 'cli', 'keys.js'),
    });
    write('bundle', 'main.js');
    write('bundle', 'keys.js');
    expect(programsOf(dist)).toEqual({
      main: join(dist, 'bundle', 'main.js'),
      keys: join(dist, 'bundle', 'keys.js'),
    });
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

it('an option it does not know is an error', () => {
  expect(() => parseOptions(['--bogus'])).toThrow(/Unknown option '--bogus'/);
});
