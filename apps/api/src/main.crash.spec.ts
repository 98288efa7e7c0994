import { rmSync } from 'node:fs';
import { createAccountKey, startServer } from '@pets/services';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshDatabaseUrl } from '../test/test-app.js';

describe.each(ENGINES)('kill -9 while partners create pets, on %s', (engine) => {
  it('every acknowledged pet is there once after a restart, and retries with the same key never duplicate', async () => {
    const database = await freshDatabaseUrl(engine);
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url };
    const { key } = createAccountKey(env, {
      name: 'Crash',
      plan: 'enterprise',
      perMinute: 10_000_000,
      perDay: 100_000_000,
    });
    const headers = (n: number) => ({
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      'idempotency-key': `crash-${n}`,
    });
    const body = (n: number) => JSON.stringify({ name: `Crash ${n}`, categoryId: 1 + (n % 5) });
    try {
      const first = await startServer(env);
      const acknowledged = new Map<number, number>();
      const unanswered = new Set<number>();
      let next = 0;
      const loops = Array.from({ length: 8 }, async () => {
        for (;;) {
          const n = next++;
          try {
            const response = await fetch(`${first.baseUrl}/v1/pets`, {
              method: 'POST',
              headers: headers(n),
              body: body(n),
            });
            const pet = (await response.json()) as { id: number };
            expect(response.status).toBe(201);
            acknowledged.set(n, pet.id);
          } catch {
            unanswered.add(n);
            return;
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      first.child.kill('SIGKILL');
      await first.exited;
      await Promise.all(loops);
      expect(acknowledged.size).toBeGreaterThan(20);

      const second = await startServer(env);
      try {
        // Whatever was never answered is sent again, with its key, as a careful client would.
        for (const n of unanswered) {
          const response = await fetch(`${second.baseUrl}/v1/pets`, {
            method: 'POST',
            headers: headers(n),
            body: body(n),
          });
          expect(response.status).toBe(201);
        }
        const names = new Map<string, number[]>();
        let url: string | undefined = `${second.baseUrl}/v1/pets?limit=100`;
        while (url) {
          const response: Response = await fetch(url, {
            headers: { authorization: `Bearer ${key}` },
          });
          for (const pet of (await response.json()) as { id: number; name: string }[])
            names.set(pet.name, [...(names.get(pet.name) ?? []), pet.id]);
          url = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
        }
        for (const [n, id] of acknowledged)
          expect(names.get(`Crash ${n}`), `Crash ${n}`).toEqual([id]);
        for (const n of unanswered) expect(names.get(`Crash ${n}`), `Crash ${n}`).toHaveLength(1);
        expect([...names.values()].filter((ids) => ids.length > 1)).toEqual([]);
        expect(names.size).toBe(acknowledged.size + unanswered.size);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    }
  });
});
