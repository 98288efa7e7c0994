/**
 * Reads V8 CPU profiles (`node --cpu-prof`, `.cpuprofile` JSON) and counts the samples in which
 * each function, and each package, was on top of the stack (its self time) over chosen windows of
 * the run: what the main thread did while one endpoint was under load, not while the server
 * started or the database was seeded.
 *
 * Samples are counted, not weighted by the time to the next one: V8 samples on a wall clock, so a
 * thread the kernel set aside (two busy cores, a load generator woken by each write) takes its
 * next sample late, and weighting by time would charge the wait to whatever ran just before it,
 * the socket write most of all. Counted, the shares follow CPU time; /proc gives their size.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  /** Zero-based, -1 when unknown. */
  lineNumber: number;
  columnNumber: number;
  scriptId?: string;
}

export interface CpuProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  /** Microseconds, on the clock of `process.hrtime` (CLOCK_MONOTONIC on Linux). */
  startTime: number;
  endTime: number;
  /** The node on top of the stack at each sample, and the microseconds since the one before. */
  samples?: number[];
  timeDeltas?: number[];
}

/** Microseconds on the clock of `process.hrtime.bigint() / 1000n`. */
export interface Window {
  start: number;
  end: number;
}

export interface SelfTime {
  /** The function's name, `(anonymous)` when it has none. */
  name: string;
  /** File and one-based line, shortened; empty for native code and V8's own entries. */
  location: string;
  /** The package or project the time belongs to (see {@link areaOf}). */
  area: string;
  /** Samples with this function on top of the stack. */
  samples: number;
}

export interface ProfileSummary {
  /** Samples in the windows, idle included. */
  samples: number;
  /** Samples taken while the thread waited for events (`(idle)`). */
  idle: number;
  /** The rest: samples of work, which the shares are of. */
  busy: number;
  /** By function (name and location), most samples first. */
  functions: SelfTime[];
  /** By area, most samples first. */
  areas: { area: string; samples: number }[];
}

const IDLE = '(idle)';
const NATIVE_SUFFIX = ' (native)';

/** A file URL as a reader looks for it: from its package, or from the workspace root. */
export function shortLocation(url: string, root: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) return path.slice(modules + '/node_modules/'.length);
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * Where a frame's time belongs: V8's own entries (garbage collection, `(program)`) by name; Node's
 * JavaScript as `node`; a package by its name (`@nestjs/core`); the workspace by project
 * (`apps/api`). Native functions (no URL: C++ bindings such as a socket write or a SQLite step)
 * belong to the area that called them, marked native.
 */
export function areaOf(frame: CallFrame, root: string, callerArea?: string): string {
  if (frame.url === '') {
    if (frame.functionName.startsWith('(')) return frame.functionName;
    const caller = callerArea?.endsWith(NATIVE_SUFFIX)
      ? callerArea.slice(0, -NATIVE_SUFFIX.length)
      : callerArea;
    return `${caller ?? 'unknown'}${NATIVE_SUFFIX}`;
  }
  if (frame.url.startsWith('node:')) return 'node';
  const location = shortLocation(frame.url, root);
  if (frame.url.includes('/node_modules/')) {
    const [first = '', second = ''] = location.split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (location.startsWith('/') || location.includes(':')) return location;
  return location.split('/').slice(0, 2).join('/');
}

interface Sample {
  node: number;
  /** Undefined when the profile has hit counts only. */
  at: number | undefined;
  count: number;
}

/** Each sample with its time; a profile with hit counts only has no times, so no window applies. */
function samplesOf(profile: CpuProfile): Sample[] {
  const { samples, timeDeltas } = profile;
  if (samples && timeDeltas && samples.length === timeDeltas.length) {
    let at = profile.startTime;
    return samples.map((node, i) => {
      at += timeDeltas[i] ?? 0;
      return { node, at, count: 1 };
    });
  }
  return profile.nodes
    .filter((node) => (node.hitCount ?? 0) > 0)
    .map((node) => ({ node: node.id, at: undefined, count: node.hitCount ?? 0 }));
}

const inside = (at: number | undefined, windows: readonly Window[] | undefined) =>
  windows === undefined ||
  at === undefined ||
  windows.some((window) => at >= window.start && at <= window.end);

/** Self samples by function and by area over the windows (all of each profile without windows). */
export function summariseProfiles(
  profiles: readonly CpuProfile[],
  options: { root: string; windows?: readonly Window[] },
): ProfileSummary {
  const functions = new Map<string, SelfTime>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parentOf.set(child, node.id);
    const areaById = new Map<number, string>();
    const areaFor = (id: number): string | undefined => {
      const known = areaById.get(id);
      if (known !== undefined) return known;
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(root)') return undefined;
      const parent = parentOf.get(id);
      const area = areaOf(
        node.callFrame,
        options.root,
        node.callFrame.url === '' && parent !== undefined ? areaFor(parent) : undefined,
      );
      areaById.set(id, area);
      return area;
    };

    for (const sample of samplesOf(profile)) {
      if (!inside(sample.at, options.windows)) continue;
      const node = byId.get(sample.node);
      if (!node) continue;
      total += sample.count;
      const frame = node.callFrame;
      if (frame.functionName === IDLE) {
        idle += sample.count;
        continue;
      }
      const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
      const short = shortLocation(frame.url, options.root);
      const location = short === '' ? '' : `${short}:${frame.lineNumber + 1}`;
      const key = `${name}\u0000${location}`;
      const area = areaFor(node.id) ?? name;
      const entry = functions.get(key) ?? { name, location, area, samples: 0 };
      entry.samples += sample.count;
      functions.set(key, entry);
      areas.set(area, (areas.get(area) ?? 0) + sample.count);
    }
  }
  return {
    samples: total,
    idle,
    busy: total - idle,
    functions: [...functions.values()].sort((a, b) => b.samples - a.samples),
    areas: [...areas.entries()]
      .map(([area, samples]) => ({ area, samples }))
      .sort((a, b) => b.samples - a.samples),
  };
}
