// Concurrent writes never nest: a transaction that fails among many leaves nothing behind, and
// every other write is stored once, on both engines.
import { rmSync } from 'node:fs';
import type { AuditEvent, Pet } from '@pets/contract';
import { DataSource } from 'typeorm';
import { ApiKeysService } from '../accounts/api-keys/api-keys.service.js';
import { describe, expect, it } from 'vitest';
import { bodyOf, createHeaders } from '../../test/write-ledger.js';
import { createTestApp, ENGINES, freshDatabaseUrl } from '../../test/test-app.js';
import { followLinks } from '../../test/requests.js';
import { anAccount } from '../../test/factories.js';

/** A trigger that makes one request's transaction fail after its pet was inserted. */
const DOOM = {
  sqlite: [
    `CREATE TRIGGER doom BEFORE INSERT ON idempotency_keys WHEN NEW.key = 'Doomed'
     BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
  postgres: [
    `CREATE FUNCTION doom() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN IF NEW.key = 'Doomed' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`,
    `CREATE TRIGGER doom BEFORE INSERT ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION doom()`,
  ],
};

/** A trigger that makes the audit event of any change or removal of the pets `ids` fail. */
const DOOM_CHANGES = {
  sqlite: (ids: number[]) => [
    `CREATE TRIGGER doom_changes BEFORE INSERT ON audit_events
     WHEN NEW.target_type = 'pet' AND NEW.action <> 'pet.created' AND NEW.target_id IN (${ids.join()})
     BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
  postgres: (ids: number[]) => [
    `CREATE FUNCTION doom_changes() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.target_type = 'pet' AND NEW.action <> 'pet.created' AND NEW.target_id IN (${ids.join()})
       THEN RAISE EXCEPTION 'injected failure'; END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER doom_changes BEFORE INSERT ON audit_events
     FOR EACH ROW EXECUTE FUNCTION doom_changes()`,
  ],
};

describe.each(ENGINES)('concurrent writes on %s', (engine) => {
  it('never nest: one transaction fails in the middle of many, and every other one is stored, once', async () => {
    const database = await freshDatabaseUrl(engine);
    try {
      let t = await createTestApp({ engine, databaseUrl: database.url });
      const { key, accountId } = await t.createKey(anAccount());
      const spares = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const created = await t.app.get(ApiKeysService).create(accountId, 'spare', 'cli');
          return { id: created.apiKey.id, key: created.key };
        }),
      );
      for (const sql of DOOM[engine]) await t.app.get(DataSource).query(sql);

      const names = [
        ...Array.from({ length: 60 }, (_, i) => `Pet ${i}`),
        'Doomed',
        ...Array.from({ length: 60 }, (_, i) => `Pet ${60 + i}`),
      ];
      const create = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: createHeaders(key, name),
          payload: bodyOf(name),
        });
      const revoke = (id: number) => t.as(key).delete(`/v1/account/keys/${id}`);
      // All at once: creates (each a transaction of its pet and its key), their retries with the
      // same key, and revocations, interleaved.
      const [creates, retries, revocations] = await Promise.all([
        Promise.all(names.map(create)),
        Promise.all(names.slice(0, 30).map(create)),
        Promise.all(spares.map((spare) => revoke(spare.id))),
      ]);
      const statusOf = new Map(names.map((name, i) => [name, creates[i]?.statusCode]));
      expect(statusOf.get('Doomed')).toBe(500);
      // The unexpected error is logged with its type, message and stack: never the statement or
      // its parameters (the pet, the idempotency key, the stored response).
      const unexpected = t.rawLogs.filter((line) => line.includes('unexpected error'));
      expect(unexpected).toHaveLength(1);
      expect(unexpected[0]).toContain('injected failure');
      expect(unexpected[0]).not.toMatch(/INSERT|parameters|Doomed/);
      expect([...statusOf].filter(([name, status]) => name !== 'Doomed' && status !== 201)).toEqual(
        [],
      );
      expect(retries.map((response) => response.statusCode)).toEqual(retries.map(() => 201));
      expect(revocations.map((response) => response.statusCode)).toEqual(spares.map(() => 200));
      const ids = new Map(names.map((name, i) => [name, creates[i]?.json<{ id: number }>().id]));
      retries.forEach((response, i) => {
        expect(response.json<{ id: number }>().id).toBe(ids.get(names[i] ?? ''));
      });

      // Restart on the same database: what was acknowledged is there, once; the failed one is not.
      await t.close();
      t = await createTestApp({ engine, databaseUrl: database.url });
      const stored = await followLinks<{ id: number; name: string }>(
        (url) => t.as(key).get(url),
        '/v1/pets?limit=100',
      );
      expect(stored.map((pet) => pet.name).sort()).toEqual(
        names.filter((name) => name !== 'Doomed').sort(),
      );
      for (const pet of stored) expect(pet.id).toBe(ids.get(pet.name));
      for (const spare of spares) {
        const response = await t.as(spare.key).get('/v1/pets');
        expect(response.statusCode).toBe(401);
      }
      // The failed create left nothing behind: with the trigger gone, its key creates the pet now.
      await t.app
        .get(DataSource)
        .query('DROP TRIGGER doom' + (engine === 'postgres' ? ' ON idempotency_keys' : ''));
      const again = await create('Doomed');
      expect(again.statusCode).toBe(201);
      await t.close();
    } finally {
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    }
  });

  it('a change or removal whose audit event fails is not made, and every other one around it is', async () => {
    const database = await freshDatabaseUrl(engine);
    try {
      let t = await createTestApp({ engine, databaseUrl: database.url });
      const { key } = await t.createKey(anAccount({ role: 'staff' }));
      const pets: Pet[] = [];
      for (let i = 0; i < 40; i++)
        pets.push((await t.as(key).post('/v1/pets', { name: `Pet ${i}`, categoryId: 1 })).json());
      // Even pets are changed and odd ones removed; one of each has an event that cannot be written.
      const doomed = [pets[10]?.id ?? 0, pets[21]?.id ?? 0];
      for (const sql of DOOM_CHANGES[engine](doomed)) await t.app.get(DataSource).query(sql);
      const change = (pet: Pet, i: number) =>
        i % 2 === 0
          ? t.as(key).patch(`/v1/pets/${pet.id}`, { name: `${pet.name} sold`, status: 'sold' })
          : t.as(key).delete(`/v1/pets/${pet.id}`);
      const answers = await Promise.all(pets.map(change));
      expect(answers.map((answer) => answer.statusCode)).toEqual(
        pets.map((pet, i) => (doomed.includes(pet.id) ? 500 : i % 2 === 0 ? 200 : 204)),
      );

      // After a restart: the failed ones as they were, with only their creation on record.
      await t.close();
      t = await createTestApp({ engine, databaseUrl: database.url });
      for (const [i, pet] of pets.entries()) {
        const stored = await t.as(key).get(`/v1/pets/${pet.id}`);
        const events = await t.as(key).get(`/v1/admin/audit?targetType=pet&targetId=${pet.id}`);
        const actions = events.json<AuditEvent[]>().map((event) => event.action);
        if (doomed.includes(pet.id)) {
          expect([stored.json(), actions]).toEqual([pet, ['pet.created']]);
        } else if (i % 2 === 0) {
          const changed = { ...pet, name: `${pet.name} sold`, status: 'sold' };
          expect([stored.json(), actions]).toEqual([changed, ['pet.updated', 'pet.created']]);
        } else {
          expect([stored.statusCode, actions]).toEqual([404, ['pet.deleted', 'pet.created']]);
        }
      }
      await t.close();
    } finally {
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    }
  });
});
