// The time on every log line is the instant in ISO 8601 UTC, to the millisecond.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, isoTime } from './logger.js';

describe('the log time', () => {
  it('is the instant in ISO 8601 UTC, to the millisecond, whatever order the instants come in', () => {
    const base = Date.UTC(2026, 10, 22, 23, 59, 59);
    const instants = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, 61_000, -1_000, 5, 86_400_000].map(
      (offset) => base + offset,
    );
    for (const now of [...instants, ...instants.reverse()])
      expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
  });

  it('is what every log line carries', () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const before = Date.now();
    logger.info('hello');
    const { time } = JSON.parse(lines[0] ?? '{}') as { time: string };
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(time)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(time)).toBeLessThanOrEqual(Date.now());
  });
});
