// The CPU of process trees (PostgreSQL, Redis): stat's parent, reaped children and start time
// parsed, a tree found from its roots, and its CPU over a window, with processes that started,
// ended (counted from their parents' reaped-children ticks) or whose pid was reused in it.
import { describe, expect, it } from 'vitest';
import {
  parseTreeStat,
  PROC,
  type ProcSource,
  readTree,
  type TreeProcess,
  type TreeReading,
  treeCpuBetween,
} from './process-tree-cpu.js';

/** A stat line with the fields the tree reads; the others are zero. */
const statLine = (
  pid: number,
  command: string,
  ppid: number,
  cutime: number,
  cstime: number,
  start: number,
) => {
  const fields = Array.from({ length: 50 }, () => '0');
  fields[0] = 'S'; // field 3
  fields[1] = String(ppid); // field 4
  fields[13] = String(cutime); // field 16
  fields[14] = String(cstime); // field 17
  fields[19] = String(start); // field 22
  return `${pid} (${command}) ${fields.join(' ')}\n`;
};

/**
 * A process of a reading: ticks as utime + stime (all user here), its one thread's schedstat
 * runtime in nanoseconds (none: no schedstat), what it reaped, when it started.
 */
const proc = (
  pid: number,
  ppid: number,
  {
    ticks = 0,
    runtime,
    reaped = 0,
    start = 1,
  }: { ticks?: number; runtime?: bigint; reaped?: number; start?: number },
): TreeProcess => ({
  pid,
  ppid,
  startTime: start,
  reapedTicks: reaped,
  cpu: {
    pid,
    ticks: { user: ticks, system: 0 },
    threads: runtime === undefined ? undefined : new Map([[pid, { runtime, waited: 0n }]]),
  },
});

const treeOf = (...processes: TreeProcess[]): TreeReading =>
  new Map(processes.map((p) => [p.pid, p]));

describe('parseTreeStat', () => {
  it('reads the parent, the reaped children’s ticks and the start time, past any command name', () => {
    expect(parseTreeStat(statLine(42, 'postgres: bench (x) idle', 7, 30, 12, 9_001))).toEqual({
      ppid: 7,
      reapedTicks: 42,
      startTime: 9_001,
    });
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseTreeStat('nonsense')).toThrow(/Not a \/proc\/<pid>\/stat line/);
  });
});

describe('readTree', () => {
  it('takes the roots and all their descendants, and nothing else', () => {
    const parents = new Map([
      [1, 0],
      [10, 1], // the postmaster
      [11, 10],
      [12, 10],
      [13, 12], // a grandchild
      [20, 1], // redis-server
      [30, 1], // someone else's process
      [31, 30],
    ]);
    const source: ProcSource = {
      parents: () => parents,
      read: (pid) => proc(pid, parents.get(pid) ?? 0, {}),
    };
    expect([...readTree([10, 20], source).keys()].sort((a, b) => a - b)).toEqual([
      10, 11, 12, 13, 20,
    ]);
  });

  it('leaves out a process that ends between the listing and its reading', () => {
    const source: ProcSource = {
      parents: () =>
        new Map([
          [10, 1],
          [11, 10],
        ]),
      read: (pid) => (pid === 11 ? undefined : proc(pid, 1, {})),
    };
    expect([...readTree([10], source).keys()]).toEqual([10]);
  });

  it('reads this process from /proc', () => {
    const tree = readTree([process.pid]);
    const self = tree.get(process.pid);
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.startTime).toBeGreaterThan(0);
    expect(self?.cpu.ticks.user).toBeGreaterThanOrEqual(0);
  });

  it('lists every process’s parent from /proc', () => {
    expect(PROC.parents().get(process.pid)).toBe(process.ppid);
  });
});

describe('treeCpuBetween', () => {
  it('sums the schedstat of every process of the trees over the window', () => {
    const before = treeOf(proc(10, 1, { runtime: 1_000n }), proc(11, 10, { runtime: 5_000n }));
    const after = treeOf(proc(10, 1, { runtime: 1_500n }), proc(11, 10, { runtime: 9_000n }));
    expect(treeCpuBetween(before, after, 100)).toEqual({
      nanoseconds: 4_500,
      endedNanoseconds: 0,
      ended: 0,
      started: 0,
    });
  });

  it('counts a process that started in the window whole', () => {
    const before = treeOf(proc(10, 1, { runtime: 1_000n }));
    const after = treeOf(proc(10, 1, { runtime: 1_000n }), proc(12, 10, { runtime: 7_000n }));
    expect(treeCpuBetween(before, after, 100)).toMatchObject({ nanoseconds: 7_000, started: 1 });
  });

  it('counts a process that ended in the window from its parent’s reaped ticks, less what it had used before', () => {
    // Backend 11 had used 3 ticks (30 ms) before the window and ended in it with 5 in all (plus 1
    // of a child of its own); the postmaster reaped it: its count grew by 6.
    const before = treeOf(
      proc(10, 1, { runtime: 0n, ticks: 0, reaped: 100 }),
      proc(11, 10, { runtime: 30_000_000n, ticks: 3 }),
    );
    const after = treeOf(proc(10, 1, { runtime: 0n, ticks: 0, reaped: 106 }));
    expect(treeCpuBetween(before, after, 100)).toEqual({
      nanoseconds: 30_000_000,
      endedNanoseconds: 30_000_000,
      ended: 1,
      started: 0,
    });
  });

  it('counts a process that started and ended inside the window from its parent’s count alone', () => {
    const before = treeOf(proc(10, 1, { runtime: 0n, reaped: 100 }));
    const after = treeOf(proc(10, 1, { runtime: 0n, reaped: 102 }));
    expect(treeCpuBetween(before, after, 100)).toEqual({
      nanoseconds: 20_000_000,
      endedNanoseconds: 20_000_000,
      ended: 0,
      started: 0,
    });
  });

  it('takes a reused pid for a process that ended and one that started', () => {
    const before = treeOf(
      proc(10, 1, { runtime: 0n, reaped: 0 }),
      proc(11, 10, { runtime: 10_000_000n, ticks: 1, start: 50 }),
    );
    const after = treeOf(
      proc(10, 1, { runtime: 0n, reaped: 4 }),
      proc(11, 10, { runtime: 2_000n, ticks: 0, start: 90 }),
    );
    expect(treeCpuBetween(before, after, 100)).toEqual({
      nanoseconds: 30_002_000,
      endedNanoseconds: 30_000_000,
      ended: 1,
      started: 1,
    });
  });

  it('never counts below zero when tick rounding undercounts the reaped total', () => {
    const before = treeOf(proc(10, 1, { reaped: 10 }), proc(11, 10, { ticks: 5 }));
    const after = treeOf(proc(10, 1, { reaped: 14 }));
    expect(treeCpuBetween(before, after, 100).endedNanoseconds).toBe(0);
  });

  it('falls back to utime + stime for a process without schedstat', () => {
    const before = treeOf(proc(20, 1, { ticks: 10 }));
    const after = treeOf(proc(20, 1, { ticks: 13 }), proc(21, 20, { ticks: 2 }));
    expect(treeCpuBetween(before, after, 100).nanoseconds).toBe(50_000_000);
  });
});
