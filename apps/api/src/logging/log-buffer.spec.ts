// The log's buffer (docs/operators/deployment.md): lines wait until a batch is full, a flush or the exit, and
// reach the file whole, in order, once; a reader that is gone loses lines, never the process.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, LogBuffer } from './logger.js';

// The built logger (the tests run after the build), run in a process of its own.
const LOGGER = new URL('../../dist/logging/logger.js', import.meta.url).pathname;

function file() {
  const path = join(mkdtempSync(join(tmpdir(), 'pets-log-')), 'out.log');
  const fd = openSync(path, 'w');
  return { path, fd, text: () => readFileSync(path, 'utf8') };
}

describe('the log buffer', () => {
  it('writes nothing until a batch is full, then every line whole and in order', () => {
    const out = file();
    const buffer = new LogBuffer(out.fd, 100);
    buffer.write('{"n":1}\n');
    buffer.write('{"n":2}\n');
    expect(out.text()).toBe('');
    const long = `{"n":3,"pad":"${'x'.repeat(100)}"}\n`;
    buffer.write(long);
    expect(out.text()).toBe(`{"n":1}\n{"n":2}\n${long}`);
    buffer.write('{"n":4}\n');
    buffer.flush();
    expect(out.text()).toBe(`{"n":1}\n{"n":2}\n${long}{"n":4}\n`);
    buffer.flush();
    expect(out.text().split('\n')).toHaveLength(5);
    closeSync(out.fd);
  });

  it('keeps the lines of a reader that is gone from growing without bound, and never throws', () => {
    const closed = file();
    closeSync(closed.fd);
    // A closed descriptor: every write fails (EBADF), as for a reader that went away.
    const buffer = new LogBuffer(closed.fd, 10, 50);
    for (let i = 0; i < 1_000; i++) buffer.write(`{"n":${i}}\n`);
    buffer.flush();
    expect(closed.text()).toBe('');
  });

  it('counts the lines it had to drop, and says so once the reader takes lines again', () => {
    const out = file();
    // Nothing is written until the backlog is full: a batch larger than the backlog.
    const buffer = new LogBuffer(out.fd, 1_000, 20);
    buffer.write('{"n":1,"pad":"xxxxxxxx"}\n');
    buffer.write('{"n":2}\n');
    buffer.write('{"n":3}\n');
    buffer.flush();
    const lines = out.text().trim().split('\n');
    expect(lines[0]).toBe('{"n":1,"pad":"xxxxxxxx"}');
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({
      level: 'warn',
      dropped: 2,
      msg: 'log lines dropped: standard output was not read',
    });
    expect(lines).toHaveLength(2);
    closeSync(out.fd);
  });

  it('keeps what a full pipe does not take and writes it once the reader reads again, in order, once', async () => {
    const out = file();
    closeSync(out.fd);
    // A reader that reads only once the test lets it (a byte on its descriptor 3), or after 20 s:
    // until then the pipe (64 KiB) fills up.
    const reader = spawn(
      'sh',
      ['-c', `timeout 20 head -c 1 <&3 > /dev/null; cat > '${out.path}'`],
      {
        stdio: ['pipe', 'ignore', 'inherit', 'pipe'],
      },
    );
    const stdin = reader.stdio[0] as Writable;
    const fd = (stdin as unknown as { _handle: { fd: number } })._handle.fd;
    const buffer = new LogBuffer(fd, 1_000);
    const lines = Array.from({ length: 4_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(40)}"}\n`);
    for (const line of lines) buffer.write(line);
    // Never blocked on the full pipe: a write that waited would wait for the reader, which has read
    // nothing yet, however slow the machine.
    expect(out.text()).toBe('');
    (reader.stdio[3] as Writable).end('g');
    // 236 KB written, the pipe took 64 KiB: the rest waits (EAGAIN), nothing is lost or thrown.
    const all = lines.join('');
    for (let tries = 0; tries < 100 && out.text().length < all.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      buffer.flush();
    }
    stdin.end();
    await new Promise((resolve) => reader.once('exit', resolve));
    expect(out.text()).toBe(all);
  });

  it('writes every line pino gave it when the process exits, without a flush', () => {
    const script = [
      `import { createLogger } from ${JSON.stringify(LOGGER)};`,
      `const logger = createLogger('info');`,
      `for (let i = 0; i < 5; i++) logger.info({ i }, 'line');`,
      `process.exit(0);`,
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number });
    expect(lines.map((line) => line.i)).toEqual([0, 1, 2, 3, 4]);
  });
});

it('is where createLogger writes: redacted JSON lines, on flush', () => {
  const out = file();
  const buffer = new LogBuffer(out.fd);
  const logger = createLogger('info', buffer);
  logger.info({ apiKey: 'pets_live_secret', status: 200 }, 'request');
  expect(out.text()).toBe('');
  buffer.flush();
  const line = JSON.parse(out.text()) as Record<string, unknown>;
  expect(line).toMatchObject({ level: 'info', apiKey: '[redacted]', status: 200, msg: 'request' });
  expect(out.text()).not.toContain('pets_live_secret');
  closeSync(out.fd);
});
