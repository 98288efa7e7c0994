/**
 * A server's CPU time, read from /proc around a measurement and divided by the requests it
 * answered: steadier than requests per second on a shared machine, where the load generator and
 * other work take turns on the same cores.
 *
 * The finest figure Linux offers is the scheduler's runtime in nanoseconds, the first field of
 * `schedstat`. `/proc/<pid>/schedstat` counts the main thread only, so a process's figure is the
 * sum over `/proc/<pid>/task/<tid>/schedstat` (libuv's pool and V8's helpers included). A thread
 * that ends inside the window takes its time with it; then the window falls back to utime + stime
 * of `/proc/<pid>/stat`, which keeps the time of ended threads but counts in clock ticks.
 *
 * Also read, for the CPU profile: the main thread's wait for a core (schedstat's second field) and
 * the split between user and system time (stat), the kernel's own count of its share.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface CpuReading {
  pid: number;
  /** utime and stime, in clock ticks, of the whole process. */
  ticks: ProcessTicks;
  /** schedstat by thread id, or undefined when the kernel has none. */
  threads: Map<number, ThreadTimes> | undefined;
}

export interface ProcessTicks {
  user: number;
  system: number;
}

/** Nanoseconds on a CPU, and waiting on a run queue for one. */
export interface ThreadTimes {
  runtime: bigint;
  waited: bigint;
}

export type CpuSource = 'schedstat' | 'stat';

export interface CpuSpent {
  nanoseconds: number;
  source: CpuSource;
  /** utime and stime over the window: how much of the CPU the kernel spent in system calls. */
  ticks: ProcessTicks;
  /** The main threads' CPU (thread id = process id), the thread a V8 CPU profile samples. */
  mainThreadNanoseconds: number | undefined;
  /** How long the main threads were ready to run but waited for a core. */
  mainThreadWaitNanoseconds: number | undefined;
}

/** utime and stime (fields 14 and 15) of a `/proc/<pid>/stat` line, in clock ticks. */
export function parseStat(text: string): ProcessTicks {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isInteger(user) || !Number.isInteger(system))
    throw new Error(`Not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  return { user, system };
}

/** A `schedstat` line: nanoseconds on a CPU, nanoseconds waiting for one, time slices. */
export function parseSchedstat(text: string): ThreadTimes {
  const match = /^(\d+) (\d+) \d+\s*$/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`Not a schedstat line: ${text.slice(0, 80)}`);
  return { runtime: BigInt(match[1]), waited: BigInt(match[2]) };
}

/** The share of CPU time the kernel counted as system time. */
export function systemShare(ticks: ProcessTicks): number {
  const total = ticks.user + ticks.system;
  return total > 0 ? Math.round((ticks.system / total) * 1000) / 1000 : 0;
}

/**
 * The CPU spent between two readings of the same processes. Nanoseconds from schedstat when every
 * thread of the first reading is still there; otherwise from utime + stime.
 */
export function cpuBetween(
  before: readonly CpuReading[],
  after: readonly CpuReading[],
  ticksPerSecond: number,
): CpuSpent {
  const ticks = { user: 0, system: 0 };
  after.forEach((reading, i) => {
    ticks.user += reading.ticks.user - (before[i]?.ticks.user ?? 0);
    ticks.system += reading.ticks.system - (before[i]?.ticks.system ?? 0);
  });
  const complete = before.every((reading, i) => {
    const later = after[i]?.threads;
    return (
      reading.threads !== undefined &&
      later !== undefined &&
      [...reading.threads.keys()].every((tid) => later.has(tid))
    );
  });
  if (!complete)
    return {
      nanoseconds: ((ticks.user + ticks.system) * 1e9) / ticksPerSecond,
      source: 'stat',
      ticks,
      mainThreadNanoseconds: undefined,
      mainThreadWaitNanoseconds: undefined,
    };
  let total = 0n;
  let main = 0n;
  let waited = 0n;
  after.forEach((reading, i) => {
    const earlier = before[i]?.threads;
    for (const [tid, times] of reading.threads ?? []) {
      const spent = times.runtime - (earlier?.get(tid)?.runtime ?? 0n);
      total += spent;
      if (tid !== reading.pid) continue;
      main += spent;
      waited += times.waited - (earlier?.get(tid)?.waited ?? 0n);
    }
  });
  return {
    nanoseconds: Number(total),
    source: 'schedstat',
    ticks,
    mainThreadNanoseconds: Number(main),
    mainThreadWaitNanoseconds: Number(waited),
  };
}

/** Microseconds per request, to one decimal. */
export function microsPerRequest(nanoseconds: number, requests: number): number {
  return requests > 0 ? Math.round(nanoseconds / requests / 100) / 10 : 0;
}

/**
 * The baseline's cost over the API's, as the throughput ratio reads: 1 means as cheap as bare
 * Fastify, 0.25 means four times its CPU per request.
 */
export function cpuRatio(apiMicros: number, baselineMicros: number): number {
  return apiMicros > 0 ? Math.round((baselineMicros / apiMicros) * 100) / 100 : 0;
}

/** Kernels built without CONFIG_SCHED_INFO have no schedstat files. */
const HAS_SCHEDSTAT = existsSync('/proc/self/schedstat');

function readThreads(pid: number): Map<number, ThreadTimes> | undefined {
  if (!HAS_SCHEDSTAT) return undefined;
  const threads = new Map<number, ThreadTimes>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8');
      threads.set(Number(tid), parseSchedstat(text));
    } catch (error) {
      // A thread that ended between the listing and the read: it is not in this reading.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return threads;
}

/** The CPU the process has used so far. */
export function readCpu(pid: number): CpuReading {
  return {
    pid,
    ticks: parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8')),
    threads: readThreads(pid),
  };
}

/** Clock ticks per second for utime and stime (`getconf CLK_TCK`, 100 nearly everywhere). */
export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}
