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
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface CpuReading {
  pid: number;
  /** utime + stime, in clock ticks, of the whole process. */
  ticks: number;
  /** Runtime in nanoseconds by thread id, or undefined when schedstat cannot be read. */
  threads: Map<number, bigint> | undefined;
}

export type CpuSource = 'schedstat' | 'stat';

export interface CpuSpent {
  nanoseconds: number;
  source: CpuSource;
  /** The main threads' share (thread id = process id), the one a V8 CPU profile samples. */
  mainThreadNanoseconds: number | undefined;
}

/** utime + stime (fields 14 and 15) of a `/proc/<pid>/stat` line, in clock ticks. */
export function parseStat(text: string): number {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isInteger(utime) || !Number.isInteger(stime))
    throw new Error(`Not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  return utime + stime;
}

/** The time spent on a CPU, in nanoseconds: the first field of a `schedstat` line. */
export function parseSchedstat(text: string): bigint {
  const first = /^(\d+) \d+ \d+\s*$/.exec(text)?.[1];
  if (first === undefined) throw new Error(`Not a schedstat line: ${text.slice(0, 80)}`);
  return BigInt(first);
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
  const complete = before.every((reading, i) => {
    const later = after[i]?.threads;
    return (
      reading.threads !== undefined &&
      later !== undefined &&
      [...reading.threads.keys()].every((tid) => later.has(tid))
    );
  });
  if (complete) {
    let total = 0n;
    let main = 0n;
    after.forEach((reading, i) => {
      const earlier = before[i]?.threads;
      for (const [tid, ns] of reading.threads ?? []) {
        const spent = ns - (earlier?.get(tid) ?? 0n);
        total += spent;
        if (tid === reading.pid) main += spent;
      }
    });
    return {
      nanoseconds: Number(total),
      source: 'schedstat',
      mainThreadNanoseconds: Number(main),
    };
  }
  const ticks = after.reduce((sum, reading, i) => sum + reading.ticks - (before[i]?.ticks ?? 0), 0);
  return {
    nanoseconds: (ticks * 1e9) / ticksPerSecond,
    source: 'stat',
    mainThreadNanoseconds: undefined,
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

function readThreads(pid: number): Map<number, bigint> | undefined {
  if (!HAS_SCHEDSTAT) return undefined;
  const threads = new Map<number, bigint>();
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
