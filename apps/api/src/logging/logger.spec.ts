// The time on every log line is the instant in ISO 8601 UTC, to the millisecond; the line of a
// request is what pino would write for it.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, isoTime, type RequestLine, requestLineWriter } from './logger.js';

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

describe('the line of a request', () => {
  const capture = (level: 'info' | 'warn') => {
    const lines: string[] = [];
    const logger = createLogger(
      level,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    return { logger, lines };
  };
  const withoutTime = (line: string | undefined) =>
    (line ?? '').replace(/,"time":"[^"]*"/, ',"time":"…"');

  it('is, byte for byte, the line pino writes for it (apart from the instant)', () => {
    const { logger, lines } = capture('info');
    const write = requestLineWriter(logger);
    const cases: [string, RequestLine][] = [
      [
        '0b9d4a43-93c8-4b43-a6a9-6a2f1dd1e1b5',
        { method: 'GET', route: '/healthz', status: 200, latencyMs: 0.63, accountId: null },
      ],
      [
        'log-check:1',
        { method: 'POST', route: '/v1/pets', status: 201, latencyMs: 12, accountId: 42 },
      ],
      [
        'a.b_c-d',
        {
          method: 'DELETE',
          route: null,
          status: 404,
          latencyMs: 0,
          accountId: 9_007_199_254_740_991,
        },
      ],
      [
        'x',
        {
          method: 'GET',
          route: '/v1/"quoted"\\path\u2028',
          status: 500,
          latencyMs: 1.5,
          accountId: 7,
        },
      ],
      ['y', { method: 'GET', route: '/', status: 200, latencyMs: Number.NaN, accountId: null }],
    ];
    for (const [requestId, line] of cases) {
      logger.child({ requestId }).info({ ...line }, 'request');
      write(requestId, line);
      const [byPino, byWriter] = lines.splice(0);
      expect(withoutTime(byWriter)).toBe(withoutTime(byPino));
      expect(JSON.parse(byWriter ?? '')).toMatchObject({ requestId, msg: 'request' });
    }
  });

  it('is not written when the log is above info', () => {
    const { logger, lines } = capture('warn');
    requestLineWriter(logger)('z', {
      method: 'GET',
      route: '/healthz',
      status: 200,
      latencyMs: 1,
      accountId: null,
    });
    expect(lines).toEqual([]);
  });
});
