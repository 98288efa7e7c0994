import { describe, expect, it } from 'vitest';
import {
  cpuBetween,
  type CpuReading,
  cpuRatio,
  microsPerRequest,
  parseSchedstat,
  parseStat,
  readCpu,
} from './cpu-time.js';

const reading = (pid: number, ticks: number, threads?: Record<number, bigint>): CpuReading => ({
  pid,
  ticks,
  threads:
    threads === undefined
      ? undefined
      : new Map(Object.entries(threads).map(([t, ns]) => [Number(t), ns])),
});

describe('parseStat', () => {
  it('adds utime and stime (fields 14 and 15)', () => {
    const line =
      '4242 (node) S 4200 4242 4200 0 -1 4194560 51000 0 12 0 1503 207 0 0 20 0 11 0 4799000 1234567 30000 18446744073709551615\n';
    expect(parseStat(line)).toBe(1710);
  });

  it('reads past a command name holding spaces and parentheses', () => {
    const line = '77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 9 4 0 0 20 0 1 0 100 0 0\n';
    expect(parseStat(line)).toBe(13);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseStat('VmRSS: 1000 kB')).toThrow(/Not a \/proc\/<pid>\/stat line/);
  });
});

describe('parseSchedstat', () => {
  it('reads the first field, nanoseconds on a CPU', () => {
    expect(parseSchedstat('1085082 3336207 1\n')).toBe(1_085_082n);
    expect(parseSchedstat('98765432109876 5 7')).toBe(98_765_432_109_876n);
  });

  it('refuses anything else', () => {
    expect(() => parseSchedstat('')).toThrow(/Not a schedstat line/);
    expect(() => parseSchedstat('12 34')).toThrow(/Not a schedstat line/);
  });
});

describe('cpuBetween', () => {
  it('sums every thread of every process in nanoseconds, a thread born in the window from zero', () => {
    const before = [reading(10, 100, { 10: 1_000n, 11: 500n }), reading(20, 50, { 20: 2_000n })];
    const after = [
      reading(10, 101, { 10: 4_000n, 11: 700n, 12: 300n }),
      reading(20, 51, { 20: 2_500n }),
    ];
    expect(cpuBetween(before, after, 100)).toEqual({
      nanoseconds: 3_000 + 200 + 300 + 500,
      source: 'schedstat',
      mainThreadNanoseconds: 3_000 + 500,
    });
  });

  it('falls back to utime + stime when a thread ended inside the window', () => {
    const before = [reading(10, 100, { 10: 1_000n, 11: 500n })];
    const after = [reading(10, 103, { 10: 4_000n })];
    expect(cpuBetween(before, after, 100)).toEqual({
      nanoseconds: 30_000_000,
      source: 'stat',
      mainThreadNanoseconds: undefined,
    });
  });

  it('falls back to utime + stime without schedstat, at the clock tick rate given', () => {
    const before = [reading(10, 100), reading(20, 10)];
    const after = [reading(10, 350), reading(20, 12)];
    expect(cpuBetween(before, after, 250).nanoseconds).toBe(1_008_000_000);
  });
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
  const end = Date.now() + 30;
  while (Date.now() < end) {
    // spend some CPU
  }
  const second = readCpu(process.pid);
  expect(second.threads?.has(process.pid)).toBe(true);
  const spent = cpuBetween([first], [second], 100);
  expect(spent.nanoseconds).toBeGreaterThan(20_000_000);
  expect(spent.mainThreadNanoseconds).toBeGreaterThan(20_000_000);
});
