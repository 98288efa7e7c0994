import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pets-timeouts-'));
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
  });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a raw connection, writes `text`, and resolves with what came back and how long it stayed open. */
function hold(text: string): Promise<{ answer: string; openMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.baseUrl).port) });
    const opened = Date.now();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
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
