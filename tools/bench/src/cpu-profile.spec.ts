// Reading CPU profiles: self samples by function and by area within the measured windows, over
// several instances, and the short names of where code lives.
import { describe, expect, it } from 'vitest';
import {
  areaOf,
  type CallFrame,
  type CpuProfile,
  type CpuProfileNode,
  shortLocation,
  summariseProfiles,
} from './cpu-profile.js';

const ROOT = '/ws';

const frame = (functionName: string, url = '', lineNumber = -1): CallFrame => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
});

const node = (id: number, callFrame: CallFrame, children: number[] = []): CpuProfileNode => ({
  id,
  callFrame,
  children,
});

const SERVICE = 'file:///ws/apps/api/dist/pets/pets.service.js';
const REPLY = 'file:///ws/node_modules/fastify/lib/reply.js';

/**
 * root ─┬─ (program) 2, (idle) 3, (garbage collector) 4
 *       ├─ list (pets.service.js:57) 5 ── writev (native) 6
 *       └─ Reply.header (fastify) 7 ── list (pets.service.js:57) 8   (the same function by another path)
 */
const nodes = [
  node(1, frame('(root)'), [2, 3, 4, 5, 7]),
  node(2, frame('(program)')),
  node(3, frame('(idle)')),
  node(4, frame('(garbage collector)')),
  node(5, frame('list', SERVICE, 56), [6]),
  node(6, frame('writev')),
  node(7, frame('Reply.header', REPLY, 272), [8]),
  node(8, frame('list', SERVICE, 56)),
];

/** Samples 1 ms apart from t = 1,000,000 µs. */
const profile: CpuProfile = {
  nodes,
  startTime: 1_000_000,
  endTime: 1_012_000,
  samples: [3, 5, 6, 6, 6, 8, 7, 4, 2, 3, 5, 6],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe('summariseProfiles', () => {
  it('counts self samples by function and by area, idle left out of the work', () => {
    const summary = summariseProfiles([profile], { root: ROOT });
    expect(summary).toEqual({
      samples: 12,
      idle: 2,
      busy: 10,
      functions: [
        { name: 'writev', location: '', area: 'apps/api (native)', samples: 4 },
        {
          name: 'list',
          location: 'apps/api/dist/pets/pets.service.js:57',
          area: 'apps/api',
          samples: 3,
        },
        { name: 'Reply.header', location: 'fastify/lib/reply.js:273', area: 'fastify', samples: 1 },
        { name: '(garbage collector)', location: '', area: '(garbage collector)', samples: 1 },
        { name: '(program)', location: '', area: '(program)', samples: 1 },
      ],
      areas: [
        { area: 'apps/api (native)', samples: 4 },
        { area: 'apps/api', samples: 3 },
        { area: 'fastify', samples: 1 },
        { area: '(garbage collector)', samples: 1 },
        { area: '(program)', samples: 1 },
      ],
    });
  });

  it('keeps only the samples inside the windows, ends included', () => {
    // Samples at 1,002,000 … 1,005,000 (list, writev ×3) and 1,011,000 … 1,012,000 (list, writev).
    const summary = summariseProfiles([profile], {
      root: ROOT,
      windows: [
        { start: 1_002_000, end: 1_005_000 },
        { start: 1_011_000, end: 1_020_000 },
      ],
    });
    expect(summary.samples).toBe(6);
    expect(summary.busy).toBe(6);
    expect(summary.functions.map((f) => [f.name, f.samples])).toEqual([
      ['writev', 4],
      ['list', 2],
    ]);
  });

  it('adds up several profiles (one per instance)', () => {
    const summary = summariseProfiles([profile, profile], { root: ROOT });
    expect(summary.busy).toBe(20);
    expect(summary.functions[0]).toMatchObject({ name: 'writev', samples: 8 });
  });

  it('reads hit counts when a profile has no samples, ignoring windows it cannot place', () => {
    const counted: CpuProfile = {
      startTime: 0,
      endTime: 10_000,
      nodes: nodes.map((entry) => ({
        ...entry,
        hitCount: { 3: 5, 5: 2, 6: 7, 8: 1 }[entry.id] ?? 0,
      })),
    };
    const summary = summariseProfiles([counted], {
      root: ROOT,
      windows: [{ start: 0, end: 1 }],
    });
    expect(summary).toMatchObject({ samples: 15, idle: 5, busy: 10 });
    expect(summary.functions.map((f) => [f.name, f.samples])).toEqual([
      ['writev', 7],
      ['list', 3],
    ]);
  });
});

describe('shortLocation', () => {
  it('names a package file from its package, the innermost when nested', () => {
    expect(shortLocation(REPLY, ROOT)).toBe('fastify/lib/reply.js');
    expect(
      shortLocation('file:///ws/node_modules/@nestjs/core/node_modules/uid/dist/index.js', ROOT),
    ).toBe('uid/dist/index.js');
  });

  it('names a workspace file from the root, and leaves others whole', () => {
    expect(shortLocation(SERVICE, '/ws/')).toBe('apps/api/dist/pets/pets.service.js');
    expect(shortLocation('file:///elsewhere/x.js', ROOT)).toBe('/elsewhere/x.js');
    expect(shortLocation('node:internal/http', ROOT)).toBe('node:internal/http');
    expect(shortLocation('', ROOT)).toBe('');
  });
});

describe('areaOf', () => {
  it('groups by package (scoped ones whole), by project, and Node’s own code as node', () => {
    expect(areaOf(frame('f', 'file:///ws/node_modules/@nestjs/core/router/x.js'), ROOT)).toBe(
      '@nestjs/core',
    );
    expect(areaOf(frame('f', REPLY), ROOT)).toBe('fastify');
    expect(areaOf(frame('f', SERVICE), ROOT)).toBe('apps/api');
    expect(areaOf(frame('f', 'node:internal/stream_base_commons'), ROOT)).toBe('node');
  });

  it('puts native code with its caller, and V8’s entries by name', () => {
    expect(areaOf(frame('writev'), ROOT, 'node')).toBe('node (native)');
    expect(areaOf(frame('inner'), ROOT, 'node (native)')).toBe('node (native)');
    expect(areaOf(frame('(garbage collector)'), ROOT, 'node')).toBe('(garbage collector)');
  });
});
