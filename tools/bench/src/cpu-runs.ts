/**
 * Measurements with the CPU the servers under test spent over them, read from /proc before and
 * after (cpu-time.ts), and that CPU per request; also what an idle server spends a second.
 */
import {
  type CpuSpent,
  type CpuReading,
  clockTicksPerSecond,
  cpuBetween,
  microsPerRequest,
  readCpu,
} from './cpu-time.js';
import type { Window } from './cpu-profile.js';
import { type Measurement, measure, type RunOptions, type Target } from './measure.js';
import { readTree, type TreeCpuSpent, treeCpuBetween } from './process-tree-cpu.js';
import { median } from './statistics.js';

const TICKS_PER_SECOND = clockTicksPerSecond();

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface Run {
  measurement: Measurement;
  /** CPU of the measured processes over the run. */
  cpu: CpuSpent;
  window: Window;
  /** CPU of the services the processes use (PostgreSQL, Redis) over the run, when asked. */
  services?: TreeCpuSpent;
}

/**
 * One measurement, with the CPU the given processes used over it, read from /proc; and with
 * `services` (the root processes of PostgreSQL and Redis), the CPU of those trees too.
 */
export async function run(
  target: Target,
  pids: readonly number[],
  options: RunOptions,
  services: readonly number[] = [],
): Promise<Run> {
  // What the run uses up is made ready before its CPU is read.
  await target.prepare?.(options);
  const servicesBefore = services.length > 0 ? readTree(services) : undefined;
  const before = pids.map(readCpu);
  const start = monotonicMicros();
  const measurement = await measure(target, options);
  const end = monotonicMicros();
  const after = pids.map(readCpu);
  const measured: Run = {
    measurement,
    cpu: cpuBetween(before, after, TICKS_PER_SECOND),
    window: { start, end },
  };
  if (servicesBefore !== undefined)
    measured.services = treeCpuBetween(servicesBefore, readTree(services), TICKS_PER_SECOND);
  return measured;
}

/** µs per request over several runs: their CPU summed over their requests summed. */
export function cpuPerRequest(runs: readonly Run[]): {
  micros: number;
  source: CpuSpent['source'];
} {
  const nanoseconds = runs.reduce((total, r) => total + r.cpu.nanoseconds, 0);
  const requests = runs.reduce((total, r) => total + r.measurement.total, 0);
  return {
    micros: microsPerRequest(nanoseconds, requests),
    source: runs.every((r) => r.cpu.source === 'schedstat') ? 'schedstat' : 'stat',
  };
}

/**
 * µs per request of the services over several runs (their CPU summed over the runs' requests), of
 * which the processes that ended in the runs, and how many of those were seen before they ended;
 * undefined unless every run read them.
 */
export function servicesCpuPerRequest(
  runs: readonly Run[],
): { micros: number; endedMicros: number; ended: number } | undefined {
  if (runs.length === 0 || runs.some((r) => r.services === undefined)) return undefined;
  const sum = (of: (spent: TreeCpuSpent) => number) =>
    runs.reduce((total, r) => total + (r.services ? of(r.services) : 0), 0);
  const requests = runs.reduce((total, r) => total + r.measurement.total, 0);
  return {
    micros: microsPerRequest(
      sum((spent) => spent.nanoseconds),
      requests,
    ),
    endedMicros: microsPerRequest(
      sum((spent) => spent.endedNanoseconds),
      requests,
    ),
    ended: sum((spent) => spent.ended),
  };
}

/** CPU µs a second of each process while nothing is sent: the median of `windows` windows. */
export async function idleMicrosPerSecond(pids: number[], windows: number, seconds: number) {
  const readings: number[][] = pids.map(() => []);
  for (let window = 0; window < windows; window++) {
    const before = pids.map(readCpu);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
    const after = pids.map(readCpu);
    pids.forEach((_, i) => {
      const spent = cpuBetween(
        [before[i] as CpuReading],
        [after[i] as CpuReading],
        TICKS_PER_SECOND,
      );
      readings[i]?.push(spent.nanoseconds / 1_000 / seconds);
    });
  }
  return readings.map(median);
}
