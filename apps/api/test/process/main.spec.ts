// The built API as a process: it serves, logs JSON lines and stops cleanly on SIGTERM, and refuses
// to start, naming the variable, on a bad or missing setting.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer, startServer } from '@pets/services';

const dir = mkdtempSync(join(tmpdir(), 'pets-main-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the API process', () => {
  it('serves, logs JSON lines, and stops cleanly with exit 0 on SIGTERM', async () => {
    const server = await startServer({
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
    });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);

    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; url?: string });
    const messages = entries.map(({ msg }) => msg);
    expect(messages).toContain('stopped');
    // Started with PORT=0: the line names the port the system gave it, not 0.
    const { port } = new URL(server.baseUrl);
    expect(Number(port)).toBeGreaterThan(0);
    expect(entries.find(({ msg }) => msg === 'listening')?.url).toBe(`http://localhost:${port}`);
  });

  it('refuses to start on a bad variable, naming it, with exit code 1', async () => {
    const { code, output } = await runServer({ PORT: 'abc', LOG_LEVEL: 'chatty' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT must be a port number from 0 to 65535 (got "abc")');
    expect(output).toContain('LOG_LEVEL must be one of');
  });

  it('refuses to start in production without PUBLIC_URL or CURSOR_SECRET, naming each', async () => {
    const { code, output } = await runServer({ NODE_ENV: 'production', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('PUBLIC_URL is required in production');
    expect(output).toContain('CURSOR_SECRET is required in production');
    const withUrl = await runServer({
      NODE_ENV: 'production',
      PORT: '0',
      PUBLIC_URL: 'https://api.example.com',
    });
    expect(withUrl.code).toBe(1);
    expect(withUrl.output).toContain(
      'Invalid configuration:\n  CURSOR_SECRET is required in production (at least 32 characters, the same on every instance',
    );
    expect(withUrl.output).not.toContain('PUBLIC_URL');
  });

  it('refuses a CURSOR_SECRET shorter than 32 characters, without repeating it', async () => {
    const { code, output } = await runServer({ CURSOR_SECRET: 'short-secret', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('CURSOR_SECRET must be at least 32 characters');
    expect(output).not.toContain('short-secret');
  });
});
