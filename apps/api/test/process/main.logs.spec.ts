// The built server on a quiet day: its last log lines are written within a second or two, without
// more traffic to push them out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@pets/services';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pets-logs-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('a quiet server writes its last log lines within a second or two, without more traffic', async () => {
  const server = await startServer({
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
  });
  try {
    const requestId = 'quiet-server-last-line';
    const response = await fetch(`${server.baseUrl}/v1/nope`, {
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(401);
    const deadline = Date.now() + 2_500;
    while (!server.output().includes(requestId) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain(`"requestId":"${requestId}"`);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});
