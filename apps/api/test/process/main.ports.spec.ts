// The built API as a process: a port already in use (the API's or the metrics') stops the start
// with one line naming the setting, before anything is written.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runServer } from '@pets/services';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'pets-ports-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A listener of another program on a loopback port. */
async function occupy(): Promise<{ port: number; server: Server }> {
  const port = await freePort();
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { port, server };
}

describe('a port already in use', () => {
  it.each([
    ['PORT', (port: number) => ({ PORT: String(port), METRICS_PORT: '0' })],
    ['METRICS_PORT', (port: number) => ({ PORT: '0', METRICS_PORT: String(port) })],
  ])(
    '%s: the start stops with one line naming it, and nothing is written',
    async (setting, ports) => {
      const other = await occupy();
      const data = join(root, `taken-${setting}`, 'data');
      try {
        const { code, output } = await runServer({
          // The first run would write an account, a key and a link.
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          METRICS_HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:${join(data, 'petstore.sqlite')}`,
          ...ports(other.port),
        });
        expect(code).toBe(1);
        expect(output).toBe(
          `${setting} ${other.port} is already in use: choose another with ${setting}.\n`,
        );
        expect(existsSync(join(root, `taken-${setting}`))).toBe(false);
      } finally {
        await new Promise((resolve) => other.server.close(resolve));
      }
    },
  );
});
