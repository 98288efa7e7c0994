// CPU time from /proc: stat and schedstat parsed, threads summed over a window with the fall-back
// to clock ticks, and per-request figures.
import { describe, expect, it } from 'vitest';
import {
  cpuBetween,
  type CpuReading,
  cpuRatio,
  microsPerRequest,
  parseSchedstat,
  parseStat,
  readCpu,
  systemShare,
} from './cpu-time.js';

/** A reading; ticks as [user, system], threads as thread id: [runtime, waited] in nanoseconds. */
const reading = (
  pid: number,
  [user, system]: [number, number],
  threads?: Record<number, [bigint, bigint]>,
): CpuReading => ({
  pid,
  ticks: { user, system },
  threads:
    threads === undefined
      ? undefined
      : new Map(
          Object.entries(threads).map(([tid, [runtime, waited]]) => [
            Number(tid),
            { runtime, waited },
          ]),
        ),
});

describe('parseStat', () => {
  it('reads utime and stime (fields 14 and 15)', () => {
    const line =
      '4242 (node) S 4200 4242 4200 0 -1 4194560 51000 0 12 0 1503 207 0 0 20 0 11 0 4799000 1234567 30000 18446744073709551615\n';
    expect(parseStat(line)).toEqual({ user: 1503, system: 207 });
  });

  it('reads past a command name holding spaces and parentheses', () => {
    const line = '77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 9 4 0 0 20 0 1 0 100 0 0\n';
    expect(parseStat(line)).toEqual({ user: 9, system: 4 });
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseStat('VmRSS: 1000 kB')).toThrow(/Not a \/proc\/<pid>\/stat line/);
  });
});

describe('parseSchedstat', () => {
  it('reads nanoseconds on a CPU and nanoseconds waiting for one', () => {
    expect(parseSchedstat('1085082 3336207 1\n')).toEqual({
      runtime: 1_085_082n,
      waited: 3_336_207n,
    });
    expect(parseSchedstat('98765432109876 5 7')).toEqual({
      runtime: 98_765_432_109_876n,
      waited: 5n,
    });
  });

  it('refuses anything else', () => {
    expect(() => parseSchedstat('')).toThrow(/Not a schedstat line/);
    expect(() => parseSchedstat('12 34')).toThrow(/Not a schedstat line/);
  });
});

describe('cpuBetween', () => {
  it('sums every thread of every process in nanoseconds, a thread born in the window from zero', () => {
    const before = [
      reading(10, [100, 10], { 10: [1_000n, 50n], 11: [500n, 0n] }),
      reading(20, [50, 5], { 20: [2_000n, 10n] }),
    ];
    const after = [
      reading(10, [104, 11], { 10: [4_000n, 80n], 11: [700n, 9n], 12: [300n, 1n] }),
      reading(20, [51, 6], { 20: [2_500n, 20n] }),
    ];
    expect(cpuBetween(before, after, 100)).toEqual({
      nanoseconds: 3_000 + 200 + 300 + 500,
      source: 'schedstat',
      ticks: { user: 5, system: 2 },
      mainThreadNanoseconds: 3_000 + 500,
      mainThreadWaitNanoseconds: 30 + 10,
    });
  });

  it('falls back to utime + stime when a thread ended inside the window', () => {
    const before = [reading(10, [100, 20], { 10: [1_000n, 0n], 11: [500n, 0n] })];
    const after = [reading(10, [102, 21], { 10: [4_000n, 0n] })];
    expect(cpuBetween(before, after, 100)).toEqual({
      nanoseconds: 30_000_000,
      source: 'stat',
      ticks: { user: 2, system: 1 },
      mainThreadNanoseconds: undefined,
      mainThreadWaitNanoseconds: undefined,
    });
  });

  it('falls back to utime + stime without schedstat, at the clock tick rate given', () => {
    const before = [reading(10, [100, 0]), reading(20, [10, 0])];
    const after = [reading(10, [300, 50]), reading(20, [11, 1])];
    expect(cpuBetween(before, after, 250).nanoseconds).toBe(1_008_000_000);
  });
});

it('gives the system share of the ticks', () => {
  expect(systemShare({ user: 880, system: 120 })).toBe(0.12);
  expect(systemShare({ user: 0, system: 0 })).toBe(0);
});

describe('per request', () => {
  it('gives microseconds per request to one decimal', () => {
    expect(microsPerRequest(2_940_000_000, 20_000)).toBe(147);
    expect(microsPerRequest(1_234_567, 100)).toBe(12.3);
    expect(microsPerRequest(5_000, 0)).toBe(0);
  });

  it('gives the ratio as the throughput ratio reads: baseline over API', () => {
    expect(cpuRatio(147, 24)).toBe(0.16);
    expect(cpuRatio(72, 24)).toBe(0.33);
    expect(cpuRatio(24, 24)).toBe(1);
    expect(cpuRatio(0, 24)).toBe(0);
  });
});

it('reads this process from /proc', () => {
  const first = readCpu(process.pid);
  // 30 ms of this process's own CPU, however long a busy machine takes to give it.
  const start = process.cpuUsage();
  while (process.cpuUsage(start).user < 30_000) {
    // spend some CPU
  }
  const second = readCpu(process.pid);
  expect(second.threads?.has(process.pid)).toBe(true);
  const spent = cpuBetween([first], [second], 100);
  expect(spent.nanoseconds).toBeGreaterThan(20_000_000);
  expect(spent.mainThreadNanoseconds).toBeGreaterThan(20_000_000);
  expect(spent.mainThreadWaitNanoseconds).toBeGreaterThanOrEqual(0);
});
