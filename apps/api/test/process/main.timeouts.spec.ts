// Slow clients on the built server: one that never finishes its headers, an idle keep-alive
// connection and a body sent a byte a second are each cut off in time.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountKey, type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pets-timeouts-'));
let server: ServerProcess;
let key: string;

beforeAll(async () => {
  const env = { NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}` };
  ({ key } = createAccountKey(env, { name: 'Slow', plan: 'pro' }));
  server = await startServer(env);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Opens a raw connection, writes `text`, then `trickle` a byte a second (until the server closes),
 * and resolves with what came back and how long it stayed open.
 */
function hold(text: string, trickle = ''): Promise<{ answer: string; openMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.baseUrl).port) });
    const opened = Date.now();
    let answer = '';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++] ?? '');
    }, 1_000);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    // A cut-off arrives as a reset when the server closes while a byte is on its way: it ends the
    // connection as a close does ('close' follows), so only another error fails the test.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer, openMs: Date.now() - opened });
    });
    socket.on('connect', () => socket.write(text));
  });
}

it(
  'a client that never finishes its headers is cut off within seconds',
  { timeout: 30_000 },
  async () => {
    const { answer, openMs } = await hold('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(openMs).toBeLessThan(8_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  },
);

it('an idle keep-alive connection is closed after 5 s', { timeout: 30_000 }, async () => {
  const { answer, openMs } = await hold('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  expect(openMs).toBeGreaterThanOrEqual(4_500);
  expect(openMs).toBeLessThan(8_000);
});

it(
  'a body sent a byte a second is cut off when the whole request has taken 15 s',
  { timeout: 40_000 },
  async () => {
    const body = JSON.stringify({ name: 'x'.repeat(60), categoryId: 1 });
    const { openMs } = await hold(
      `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    // Node checks the request timeout every second: 15 s, and at most a check later.
    expect(openMs).toBeGreaterThanOrEqual(14_500);
    expect(openMs).toBeLessThan(18_000);
  },
);
