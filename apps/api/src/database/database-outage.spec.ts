// The database away while the API runs (PostgreSQL stopped, the SQLite file unwritable): 503 with
// Retry-After, reads served where they can be, `/readyz` saying why, and recovery on its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type PostgresServer, startPostgres } from '@pets/services';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { KEY_CACHE_TTL_MS } from '../accounts/api-keys/api-keys.service.js';
import { Metrics } from '../metrics/metrics.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { anAccount } from '../../test/factories.js';

/** Sends until the answer is what we wait for, for at most `ms`. */
async function eventually(
  send: () => Promise<LightMyRequestResponse>,
  until: (response: LightMyRequestResponse) => boolean,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await send();
    if (until(response) || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('PostgreSQL stops while the API runs', () => {
  let server: PostgresServer;
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startPostgres();
    t = await createTestApp({ databaseUrl: server.createDatabase('outage') });
    const { key } = await t.createKey(anAccount());
    headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
    server.destroy();
  });

  const list = () => t.as(headers).get('/v1/pets');
  const create = (name: string) => t.as(headers).post('/v1/pets', { name, categoryId: 1 });

  it('answers 503 with Retry-After (never a hang, never a 500), says why in /readyz, and recovers on its own', async () => {
    expect((await create('Before')).statusCode).toBe(201);

    server.stop();
    const started = Date.now();
    const down = await eventually(list, (response) => response.statusCode !== 200);
    expectProblem(down, {
      code: 'service_unavailable',
      message: 'The database is unavailable. Retry after the time in the Retry-After header.',
      status: 503,
    });
    expect(down.headers['retry-after']).toBe('5');
    expect(down.headers['x-ratelimit-remaining']).toBeDefined();
    const refused = await create('During');
    expect(refused.statusCode).toBe(503);
    const causes = t.logs.filter(
      (line) =>
        line['requestId'] === refused.headers['x-request-id'] &&
        line['msg'] === 'database unavailable',
    );
    expect(causes).toHaveLength(1);
    expect(t.rawLogs.filter((line) => line.includes('During'))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(15_000);

    // Once the key's cached lookup has expired, the key cannot be checked: still 503, however many
    // requests (they are not counted against the address as refused keys are: no 429).
    t.clock.advance(KEY_CACHE_TTL_MS + 1);
    const unchecked = [];
    for (let i = 0; i < 70; i++) unchecked.push((await list()).statusCode);
    expect(new Set(unchecked)).toEqual(new Set([503]));

    const ready = await t.as().get('/readyz');
    expect(ready.statusCode).toBe(503);
    // The public answer names the check; the reason goes to the log, once.
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } });
    expect(
      t.logs.filter((line) =>
        String(line['msg']).startsWith('database is unavailable: unreachable: '),
      ),
    ).toHaveLength(1);
    expect(t.logs.some((line) => line['level'] === 'error')).toBe(false);
    // Operators see it in the metrics too: every 503 counted, none as a failed query.
    const metrics = await t.app.get(Metrics).scrape();
    const unavailable = /^db_errors_total\{kind="unavailable"\} (\d+)$/m.exec(metrics)?.[1];
    expect(Number(unavailable)).toBeGreaterThanOrEqual(2);
    expect(metrics).not.toMatch(/^db_errors_total\{kind="query"\}/m);

    server.start();
    const back = await eventually(list, (response) => response.statusCode === 200);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ name: string }[]>().map((pet) => pet.name)).toEqual(['Before']);
    expect((await create('After')).statusCode).toBe(201);
    expect((await t.as().get('/readyz')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok' },
    });
  });
});

describe('the SQLite file becomes unwritable while the API runs', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let files: string[];
  const chattr = (flag: '+i' | '-i') => {
    // Immutable even to root (ext4): every write to the database fails with an I/O error.
    execFileSync('chattr', [flag, ...files.filter((file) => existsSync(file))]);
  };

  beforeAll(async () => {
    t = await createTestApp({ engine: 'sqlite' });
    const { key } = await t.createKey(anAccount());
    headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const file = t.config.database.kind === 'sqlite' ? t.config.database.file : '';
    files = [file, `${file}-wal`];
  });
  afterAll(async () => {
    chattr('-i');
    await t.close();
  });

  it('refuses writes with 503 and Retry-After, keeps serving reads, says why in /readyz, and recovers', async () => {
    const create = () => t.as(headers).post('/v1/pets', { name: 'Rex', categoryId: 1 });
    expect((await create()).statusCode).toBe(201);

    chattr('+i');
    try {
      const refused = await create();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(refused.headers['retry-after']).toBe('5');
      // The cause is logged once, under the request's id, without the SQL or its parameters.
      const requestId = refused.headers['x-request-id'];
      const causes = t.logs.filter(
        (line) => line['requestId'] === requestId && line['msg'] === 'database unavailable',
      );
      expect(causes).toEqual([
        expect.objectContaining({
          level: 'warn',
          databaseError: expect.stringMatching(/^SQLITE_(IOERR|READONLY|CANTOPEN)\w*: /) as string,
        }),
      ]);
      expect(t.rawLogs.filter((line) => line.includes('"Rex"') || line.includes('INSERT'))).toEqual(
        [],
      );
      const list = await t.as(headers).get('/v1/pets');
      expect(list.statusCode).toBe(200);
      expect(list.json<{ name: string }[]>().map((pet) => pet.name)).toEqual(['Rex']);
      const ready = await t.as().get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable' } });
      expect(
        t.logs.filter((line) =>
          String(line['msg']).startsWith('database is unavailable: unwritable: '),
        ),
      ).toHaveLength(1);
    } finally {
      chattr('-i');
    }

    expect((await create()).statusCode).toBe(201);
    expect((await t.as().get('/readyz')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok' },
    });
  });
});
