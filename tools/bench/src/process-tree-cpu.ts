/**
 * The CPU of whole process trees over a run: PostgreSQL's postmaster with every process it forked
 * (the backends serving the API's pooled connections, autovacuum, the writers), and redis-server.
 * Their CPU is part of what a request costs when the API runs on them.
 *
 * Each process is read as cpu-time.ts reads the API's (schedstat of every thread, or utime + stime
 * when a thread ended). A process may also end inside the run (an autovacuum worker, a backend the
 * pool closed): it is gone from the second reading and its own figures with it, but its parent,
 * when it reaped it, added all its CPU to its own cutime + cstime. So the ended processes' time in
 * the run is the growth of their parents' reaped-children count less what they had used before the
 * run; it is counted in clock ticks (10 ms), and the report says when that happened. A process
 * that the parent has not reaped yet by the second reading is still read, as a zombie.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type CpuReading, cpuBetween, readCpu } from './cpu-time.js';

/** One process of a tree, as read at one moment. */
export interface TreeProcess {
  pid: number;
  ppid: number;
  /** When it started, in clock ticks after boot (stat field 22): tells a reused pid apart. */
  startTime: number;
  /** cutime + cstime (stat fields 16 and 17): the CPU of the children it reaped, in clock ticks. */
  reapedTicks: number;
  cpu: CpuReading;
}

/** Every process of the trees, by pid. */
export type TreeReading = Map<number, TreeProcess>;

/** Where the processes are read: /proc, or a fake in tests. */
export interface ProcSource {
  /** Every process's parent, by pid. */
  parents(): Map<number, number>;
  /** One process, or undefined when it has gone. */
  read(pid: number): TreeProcess | undefined;
}

/** The parent, reaped children's CPU and start time from a `/proc/<pid>/stat` line. */
export function parseTreeStat(
  text: string,
): Pick<TreeProcess, 'ppid' | 'startTime' | 'reapedTicks'> {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const [ppid, cutime, cstime, startTime] = [fields[1], fields[13], fields[14], fields[19]].map(
    Number,
  );
  if (![ppid, cutime, cstime, startTime].every((value) => Number.isInteger(value)))
    throw new Error(`Not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  return {
    ppid: ppid as number,
    reapedTicks: (cutime as number) + (cstime as number),
    startTime: startTime as number,
  };
}

const gone = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ESRCH';
};

/** The processes of this machine, from /proc. */
export const PROC: ProcSource = {
  parents() {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        parents.set(Number(entry), parseTreeStat(readFileSync(`/proc/${entry}/stat`, 'utf8')).ppid);
      } catch (error) {
        if (!gone(error)) throw error;
      }
    }
    return parents;
  },
  read(pid) {
    try {
      const stat = parseTreeStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      return { pid, ...stat, cpu: readCpu(pid) };
    } catch (error) {
      if (gone(error)) return undefined;
      throw error;
    }
  },
};

/** The processes `roots` and all their descendants, as they are now. */
export function readTree(roots: readonly number[], source: ProcSource = PROC): TreeReading {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of source.parents())
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree: TreeReading = new Map();
  const queue = [...roots];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    if (tree.has(pid)) continue;
    const process = source.read(pid);
    if (!process) continue;
    tree.set(pid, process);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The CPU the trees used between two readings. */
export interface TreeCpuSpent {
  /** Every process's, the ended ones' included. */
  nanoseconds: number;
  /** Of which the processes that ended in between, from their parents' reaped-children ticks. */
  endedNanoseconds: number;
  /** Processes of the first reading gone from the second. */
  ended: number;
  /** Processes of the second reading not in the first: all their CPU was spent in between. */
  started: number;
}

/** All the CPU a process has used: its threads' schedstat, or utime + stime without schedstat. */
function wholeCpu(reading: CpuReading, ticksPerSecond: number): number {
  if (reading.threads === undefined)
    return ((reading.ticks.user + reading.ticks.system) * 1e9) / ticksPerSecond;
  let total = 0n;
  for (const times of reading.threads.values()) total += times.runtime;
  return Number(total);
}

export function treeCpuBetween(
  before: TreeReading,
  after: TreeReading,
  ticksPerSecond: number,
): TreeCpuSpent {
  const same = (earlier: TreeProcess | undefined, later: TreeProcess | undefined) =>
    earlier !== undefined && later !== undefined && earlier.startTime === later.startTime;
  let nanoseconds = 0;
  let started = 0;
  let reaped = 0;
  for (const [pid, later] of after) {
    const earlier = before.get(pid);
    if (earlier !== undefined && same(earlier, later)) {
      nanoseconds += cpuBetween([earlier.cpu], [later.cpu], ticksPerSecond).nanoseconds;
      reaped += later.reapedTicks - earlier.reapedTicks;
    } else {
      started++;
      nanoseconds += wholeCpu(later.cpu, ticksPerSecond);
      reaped += later.reapedTicks;
    }
  }
  let ended = 0;
  // What the ended processes had used before the run, which their parents' count holds too.
  let endedBefore = 0;
  for (const [pid, earlier] of before) {
    if (same(earlier, after.get(pid))) continue;
    ended++;
    endedBefore += earlier.cpu.ticks.user + earlier.cpu.ticks.system + earlier.reapedTicks;
  }
  // Tick rounding may take it a tick below zero.
  const endedNanoseconds = (Math.max(0, reaped - endedBefore) * 1e9) / ticksPerSecond;
  return { nanoseconds: nanoseconds + endedNanoseconds, endedNanoseconds, ended, started };
}
