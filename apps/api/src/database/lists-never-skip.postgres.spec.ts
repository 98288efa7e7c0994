/**
 * README, Lists never skip: a client that follows `Link` to the end of a list (pets, categories, orders)
 * and keeps asking sees every item ever acknowledged, exactly once. On PostgreSQL an id is handed
 * out at insert and the row appears at commit, so a transaction held open after its insert (a
 * trigger that sleeps here; a busy disk, a lock wait or a long audit write in production) must not
 * let items made after it, on another instance, be shown before it.
 */
import type { AuditEvent, CreatedWebhookEndpoint, Pet, WebhookAttempt } from '@pets/contract';
import { type PostgresServer, startPostgres } from '@pets/services';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { anAccount } from '../../test/factories.js';
import { holdInserts, untilHeld, useInstances } from '../../test/instances.js';
import { freshDatabaseUrl, type TestApp } from '../../test/test-app.js';
import { dataSourceOptions, MIGRATIONS } from './data-source.js';
import { AWAIT_LISTING, ENSURE_ID_BASE, LISTED_TABLES, listedBelow } from './list-order.js';
import { IDS_PER_TRANSACTION } from './migrations/1795305900000-list-order.js';
import { statement } from './statement.js';
import { nextPath } from '../../test/requests.js';
import { Receiver } from '../../test/webhook-receiver.js';
import { WebhookDeliveryWorker } from '../webhooks/webhook-delivery.worker.js';

const HOLD_SECONDS = 2;

const HOLD = [
  ...holdInserts('hold_pet', 'pets', "NEW.name LIKE 'Sync held pet%'", `${HOLD_SECONDS}`),
  ...holdInserts(
    'hold_event',
    'audit_events',
    "NEW.changes LIKE '%Sync held event%'",
    `${HOLD_SECONDS}`,
  ),
  ...holdInserts(
    'hold_category',
    'categories',
    "NEW.name LIKE 'Sync held category%'",
    `${HOLD_SECONDS}`,
  ),
  ...holdInserts(
    'hold_order',
    'orders',
    "(SELECT name FROM pets WHERE id = NEW.pet_id) LIKE 'Sync held order%'",
    `${HOLD_SECONDS}`,
  ),
  ...holdInserts('hold_link', 'person_links', "NEW.email LIKE 'sync-held%'", `${HOLD_SECONDS}`),
  // The receiver answers one delivery 201 (the others 200): its attempt is the one held.
  ...holdInserts(
    'hold_attempt',
    'webhook_attempts',
    'NEW.response_status = 201',
    `${HOLD_SECONDS}`,
  ),
];

/** Every pet a list may show now, by the bound the list statements use. */
const listedPets = statement(
  'postgres',
  () => sql<{ id: number }>`SELECT id FROM pets WHERE id < ${listedBelow('postgres')} ORDER BY id`,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lists never skip on PostgreSQL, with two instances', () => {
  // A server of its own: a transaction held open holds back what every database on a server lists.
  const { first, second, psql } = useInstances({
    ownServer: { database: 'lists' },
    statements: HOLD,
    env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
  });
  let key: string;
  let accountId: number;

  beforeAll(async () => {
    ({ key, accountId } = await first.createKey(anAccount({ name: 'Staff', role: 'staff' })));
  });

  const get = async (instance: TestApp, url: string) => {
    const answer = await instance.as(key).get(url);
    expect(answer.statusCode, answer.body).toBe(200);
    return { body: answer.json<unknown[]>(), next: nextPath(answer) };
  };
  const create = (instance: TestApp, name: string) =>
    instance
      .as(key)
      .post('/v1/pets', { name, categoryId: 1 })
      .then((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<Pet>();
      });

  /** Until the held transaction sleeps in its trigger: its row has its id by then. */
  const heldInTrigger = () => untilHeld(psql);

  /**
   * One held write through the first instance, and while it is held, `others` through the second;
   * resolves with everything acknowledged once all have answered.
   */
  const writeAround = async (
    held: string,
    others: string[],
    make: (instance: TestApp, name: string) => Promise<{ id: number }> = create,
  ) => {
    const slow = make(first, held);
    await heldInTrigger();
    const fast = await Promise.all(others.map((name) => make(second, name)));
    return [await slow, ...fast];
  };
  const createCategory = (instance: TestApp, name: string) =>
    instance
      .as(key)
      .post('/v1/categories', { name })
      .then((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: number }>();
      });

  it('a poller following Link through pets, page after page, sees every acknowledged pet once', async () => {
    const seen: number[] = [];
    // Set once every write has been answered: the poller then makes one last pass.
    const writes = { done: false };
    // The poller: follows Link; at the end it asks for the same page again, as a syncing client does.
    const poller = (async () => {
      let url: string = '/v1/pets?limit=2&name=sync';
      for (let turn = 0; ; turn++) {
        const last = writes.done;
        const page = await get(turn % 2 === 0 ? first : second, url);
        for (const pet of page.body as Pet[]) if (!seen.includes(pet.id)) seen.push(pet.id);
        if (page.next !== undefined) url = page.next;
        else if (last) return;
        else await sleep(5);
      }
    })();
    const acknowledged = await writeAround(
      'Sync held pet',
      Array.from({ length: 6 }, (_, i) => `Sync pet ${i + 1}`),
    );
    writes.done = true;
    await poller;
    const ids = acknowledged.map((pet) => pet.id).sort((a, b) => a - b);
    // Each id shown once, in ascending order, and none acknowledged was missed.
    expect(seen).toEqual(ids);
    // The held pet was acknowledged first: its id is the lowest.
    expect(acknowledged[0]?.id).toBe(ids[0]);
  });

  it('a poller following Link through categories sees every acknowledged category once', async () => {
    const seen: number[] = [];
    const writes = { done: false };
    const poller = (async () => {
      let url: string = '/v1/categories?limit=2';
      for (let turn = 0; ; turn++) {
        const last = writes.done;
        const page = await get(turn % 2 === 0 ? first : second, url);
        for (const category of page.body as { id: number }[])
          if (!seen.includes(category.id)) seen.push(category.id);
        if (page.next !== undefined) url = page.next;
        else if (last) return;
        else await sleep(5);
      }
    })();
    const acknowledged = await writeAround(
      'Sync held category',
      Array.from({ length: 6 }, (_, i) => `Sync category ${i + 1}`),
      createCategory,
    );
    writes.done = true;
    await poller;
    const ids = acknowledged.map((category) => category.id).sort((a, b) => a - b);
    // Each shown once, in ascending order (the starter set first), and none acknowledged missed.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(acknowledged[0]?.id).toBe(ids[0]);
  });

  /** Pets made beforehand, by name: making one waits for the held write to be listed. */
  const petsByName = new Map<string, number>();
  /** An order for the pet named `name`, placed through `instance`. */
  const placeOrder = async (instance: TestApp, name: string) => {
    const answer = await instance.as(key).post('/v1/store/orders', { petId: petsByName.get(name) });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: number }>();
  };

  it('a poller following Link through orders sees every acknowledged order once', async () => {
    const seen: number[] = [];
    const writes = { done: false };
    const poller = (async () => {
      let url: string = '/v1/store/orders?limit=2';
      for (let turn = 0; ; turn++) {
        const last = writes.done;
        const page = await get(turn % 2 === 0 ? first : second, url);
        for (const order of page.body as { id: number }[])
          if (!seen.includes(order.id)) seen.push(order.id);
        if (page.next !== undefined) url = page.next;
        else if (last) return;
        else await sleep(5);
      }
    })();
    const others = Array.from({ length: 6 }, (_, i) => `Sync order ${i + 1}`);
    for (const name of ['Sync held order', ...others])
      petsByName.set(name, (await create(first, name)).id);
    const acknowledged = await writeAround('Sync held order', others, placeOrder);
    writes.done = true;
    await poller;
    const ids = acknowledged.map((order) => order.id).sort((a, b) => a - b);
    expect(seen).toEqual(ids);
    expect(acknowledged[0]?.id).toBe(ids[0]);
  });

  /** An invitation to the staff account, made through `instance`. */
  const invite = (instance: TestApp, email: string) =>
    instance
      .as(key)
      .post(`/v1/admin/accounts/${accountId}/invitations`, { email })
      .then((answer) => {
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: number }>();
      });

  it("a poller following Link through an account's open invitations sees every one once", async () => {
    const seen: number[] = [];
    const writes = { done: false };
    const poller = (async () => {
      let url: string = `/v1/admin/accounts/${accountId}/invitations?limit=2`;
      for (let turn = 0; ; turn++) {
        const last = writes.done;
        const page = await get(turn % 2 === 0 ? first : second, url);
        for (const invitation of page.body as { id: number }[])
          if (!seen.includes(invitation.id)) seen.push(invitation.id);
        if (page.next !== undefined) url = page.next;
        else if (last) return;
        else await sleep(5);
      }
    })();
    const acknowledged = await writeAround(
      'sync-held@invitations.example',
      Array.from({ length: 6 }, (_, i) => `sync-${i + 1}@invitations.example`),
      invite,
    );
    writes.done = true;
    await poller;
    const ids = acknowledged.map((invitation) => invitation.id).sort((a, b) => a - b);
    expect(seen).toEqual(ids);
    // The held one came first: the others waited for it (the account's lock), so none overtook it.
    expect(acknowledged[0]?.id).toBe(ids[0]);
  });

  it('a poller of the audit trail, newest first, reading down to what it has seen, misses no event', async () => {
    const seen: number[] = [];
    // Set once every write has been answered: the poller then makes one last pass.
    const writes = { done: false };
    // Reads from the newest event down until one it has seen (or the end), then starts again.
    const poller = (async () => {
      let newest = 0;
      for (let turn = 0; ; turn++) {
        let url: string | undefined = '/v1/admin/audit?targetType=pet&limit=2';
        let top = newest;
        const last = writes.done;
        walk: while (url !== undefined) {
          const page = await get(turn % 2 === 0 ? first : second, url);
          for (const event of page.body as AuditEvent[]) {
            if (event.id <= newest) break walk;
            top = Math.max(top, event.id);
            seen.push(event.id);
          }
          url = page.next;
        }
        newest = top;
        if (last) return;
        await sleep(5);
      }
    })();
    const acknowledged = await writeAround(
      'Sync held event',
      Array.from({ length: 6 }, (_, i) => `Sync event ${i + 1}`),
    );
    writes.done = true;
    await poller;
    const { rows } = await psql.query<{ id: string }>(
      `SELECT id FROM audit_events WHERE target_type = 'pet' AND target_id = ANY($1) ORDER BY id`,
      [acknowledged.map((pet) => pet.id)],
    );
    const events = rows.map((row) => Number(row.id));
    expect(events).toHaveLength(acknowledged.length);
    // Every event of these pets seen, once each.
    expect(seen.filter((id) => events.includes(id)).sort((a, b) => a - b)).toEqual(events);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("a poller of an endpoint's attempts, newest first, misses none logged late", async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const made = await first
        .as(key)
        .post('/v1/account/webhooks', { url: `${receiver.url}/log`, events: ['pet.created'] });
      expect(made.statusCode, made.body).toBe(201);
      const hook = made.json<CreatedWebhookEndpoint>();
      receiver.secret = hook.secret;
      // Deliveries due together, sent side by side: the first is answered (201) at once and
      // logged, its id handed out, and held open while the others, answered 300 ms later, are
      // logged after it and commit.
      for (let i = 0; i < 6; i++) await create(second, `Sync attempt ${i}`);
      receiver.answers = [201];
      // (The endpoint may also hear the earlier tests' pets: their events share its fake time.)
      receiver.waits = [0, ...Array.from({ length: 30 }, () => 300)];
      const seen: number[] = [];
      const writes = { done: false };
      const poller = (async () => {
        let newest = 0;
        for (let turn = 0; ; turn++) {
          let url: string | undefined = `/v1/account/webhooks/${hook.id}/attempts?limit=2`;
          let top = newest;
          const last = writes.done;
          walk: while (url !== undefined) {
            const page = await get(turn % 2 === 0 ? first : second, url);
            for (const attempt of page.body as WebhookAttempt[]) {
              if (attempt.id <= newest) break walk;
              top = Math.max(top, attempt.id);
              seen.push(attempt.id);
            }
            url = page.next;
          }
          newest = top;
          if (last) return;
          await sleep(5);
        }
      })();
      await first.app.get(WebhookDeliveryWorker).runOnce();
      writes.done = true;
      await poller;
      const { rows } = await psql.query<{ id: string; status: number }>(
        'SELECT id, response_status AS status FROM webhook_attempts WHERE endpoint_id = $1 ORDER BY id',
        [hook.id],
      );
      expect(rows.length).toBeGreaterThanOrEqual(6);
      // The case at hand: the held attempt has an id below attempts that committed before it.
      const heldId = Number(rows.find(({ status }) => status === 201)?.id);
      expect(rows.some(({ id }) => Number(id) > heldId)).toBe(true);
      const logged = rows.map(({ id }) => Number(id));
      expect([...seen].sort((a, b) => a - b)).toEqual(logged);
    } finally {
      await receiver.stop();
    }
  });
});

describe('the listed tables on PostgreSQL', () => {
  it('are exactly those whose ids the list_order trigger hands out, with no identity of their own', async () => {
    const { url } = await freshDatabaseUrl('postgres');
    const migrated = new DataSource({
      ...dataSourceOptions({ kind: 'postgres', url }),
      migrations: MIGRATIONS,
    });
    await migrated.initialize();
    try {
      const triggered = await migrated.query<{ table: string }[]>(
        `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE t.tgname = 'list_order' AND NOT t.tgisinternal ORDER BY 1`,
      );
      expect(triggered.map((row) => row.table)).toEqual([...LISTED_TABLES].sort());
      const identities = await migrated.query<{ table: string }[]>(
        `SELECT table_name AS table FROM information_schema.columns
         WHERE column_name = 'id' AND is_identity = 'YES' AND table_name = ANY($1)`,
        [[...LISTED_TABLES]],
      );
      expect(identities).toEqual([]);
      // ensure_id_base() keeps new ids above those of every listed table.
      const [{ body }] = await migrated.query<[{ body: string }]>(
        `SELECT pg_get_functiondef('ensure_id_base'::regproc) AS body`,
      );
      for (const table of LISTED_TABLES) expect(body).toContain(`FROM ${table})`);
    } finally {
      await migrated.destroy();
    }
  });
});

describe('ids in list order on PostgreSQL, across the migration and a restore', () => {
  // A server of its own, as above: transaction ids, and the oldest one in flight, are the server's,
  // not a database's. On the run's shared server, other test files' transactions (migrations,
  // writes) in flight from before ensure_id_base() to the last list held the list's bound below the
  // rows after the restore, so it missed them now and then; and any that took transaction ids
  // between ensure_id_base() and the next insert pushed that insert's id further above the restore.
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => {
    server.destroy();
  });

  it('go on above the ids from before the migration, also for the previous release, and above a restored database', async () => {
    const url = server.createDatabase('restore');
    const database = { kind: 'postgres', url } as const;
    // The database as the previous release left it, with a pet, an event and a fresh identity.
    const before = new DataSource({
      ...dataSourceOptions(database),
      migrations: MIGRATIONS.slice(0, -1),
    });
    await before.initialize();
    const previousInsert = `INSERT INTO pets (name, name_key, category_id, status, created_at)
      VALUES ('Rex', 'rex', 1, 'available', 1) RETURNING id`;
    const [{ id: old }] = await before.query<[{ id: number }]>(previousInsert);
    await before.destroy();

    const after = new DataSource({ ...dataSourceOptions(database), migrations: MIGRATIONS });
    await after.initialize();
    try {
      // The previous release's insert, on the migrated schema: an id from the trigger, above the old.
      const [{ id: next }] = await after.query<[{ id: number }]>(previousInsert);
      const [{ xid }] = await after.query<[{ xid: number }]>(
        `SELECT pg_current_xact_id()::text::bigint AS xid`,
      );
      expect(next).toBeGreaterThan(old);
      expect(next % IDS_PER_TRANSACTION).toBe(0);
      expect(next).toBeLessThan((xid + 1) * IDS_PER_TRANSACTION);
      // Two rows in one transaction: one id after the other.
      const [first, second] = await after.query<[{ id: number }, { id: number }]>(
        `INSERT INTO pets (name, name_key, category_id, status, created_at)
         VALUES ('A', 'a', 1, 'available', 1), ('B', 'b', 1, 'available', 1) RETURNING id`,
      );
      expect(second.id).toBe(first.id + 1);
      expect(first.id).toBeGreaterThan(next);

      // A restore into a new cluster starts transaction ids over, below the ids it holds; at
      // start the API moves new ids above them.
      const restored = 9_000_000_000_000;
      await after.query(`UPDATE pets SET id = $1 WHERE id = $2`, [restored, second.id]);
      await after.query(ENSURE_ID_BASE);
      const [{ id: afterRestore }] = await after.query<[{ id: number }]>(previousInsert);
      expect(afterRestore).toBeGreaterThan(restored);
      expect(afterRestore).toBeLessThan(restored + 10 * IDS_PER_TRANSACTION);
      // Lists show them all once every transaction in flight has ended, which is what a write
      // through the API waits for before its 2xx (on this server of its own, at once).
      const [{ listed: waited }] = await after.query<[{ listed: boolean }]>(
        `${AWAIT_LISTING} AS listed`,
      );
      expect(waited).toBe(true);
      const listed = await after.query<{ id: number }[]>(listedPets.sql);
      expect(listed.map((row) => row.id)).toEqual([old, next, first.id, restored, afterRestore]);
    } finally {
      await after.destroy();
    }
  });
});
