// Idempotency-Key on each database when a create fails or repeats: a retry within 24 hours replays
// what was stored and writes nothing, and an expired key or an unrelated failure is never replayed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIdempotencyApp } from '../../test/idempotent-poster.js';
import { ENGINES, type TestApp } from '../../test/test-app.js';
import { Writer } from '../database/writer.js';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.service.js';
import { PetsRepository } from '../pets/pets.repository.js';

const databaseDown = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe.each(ENGINES)('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  let post: Awaited<ReturnType<typeof startIdempotencyApp>>['post'];

  beforeAll(async () => {
    ({ t, post } = await startIdempotencyApp(engine));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a retry within 24 h is answered from what was stored: it writes nothing', async () => {
    const first = await post({ name: 'Reader', categoryId: 1 }, 'read-only-1');
    expect(first.statusCode).toBe(201);
    const writes = vi.spyOn(t.app.get(Writer), 'transaction');
    try {
      const retry = await post({ name: 'Reader', categoryId: 1 }, 'read-only-1');
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      const reused = await post({ name: 'Someone else', categoryId: 1 }, 'read-only-1');
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
    }
  });

  it('once a key has expired, a failed create is an error, never the expired response', async () => {
    const first = await post({ name: 'Expiring', categoryId: 1 }, 'expiring-1');
    t.clock.advance(IDEMPOTENCY_WINDOW_MS);
    const insert = vi
      .spyOn(t.app.get(PetsRepository), 'insert')
      .mockRejectedValueOnce(databaseDown());
    try {
      const failed = await post({ name: 'Expiring', categoryId: 1 }, 'expiring-1');
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ code: 'service_unavailable' });
    } finally {
      insert.mockRestore();
    }
    const retried = await post({ name: 'Expiring', categoryId: 1 }, 'expiring-1');
    expect(retried.statusCode).toBe(201);
    expect(retried.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
  });

  it('a unique violation with no stored response for the key is reported as it was, not replayed', async () => {
    const violation = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: engine === 'postgres' ? '23505' : 'SQLITE_CONSTRAINT_UNIQUE',
    });
    const insert = vi.spyOn(t.app.get(PetsRepository), 'insert').mockRejectedValueOnce(violation);
    const logged = t.logs.length;
    try {
      const response = await post({ name: 'Ghost', categoryId: 1 }, 'no-winner-1');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'internal_error' });
    } finally {
      insert.mockRestore();
    }
    const errors = t.logs.slice(logged).filter((line) => line['msg'] === 'unexpected error');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('duplicate key value violates unique constraint');
    // Nothing was kept for the key: it creates the pet now.
    const created = await post({ name: 'Ghost', categoryId: 1 }, 'no-winner-1');
    expect(created.statusCode).toBe(201);
  });
});
