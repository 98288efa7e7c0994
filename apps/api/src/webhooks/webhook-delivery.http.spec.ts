/**
 * Webhook delivery through the real app on both engines, to a receiver on loopback that verifies
 * each message with the `standardwebhooks` package (decisions §22): every event an endpoint takes is
 * delivered, signed, with its `webhook-id` the same on every attempt; a failure is tried again on
 * the schedule (the fake clock moved by hand), a `410` disables the endpoint, a redirect is not
 * followed, and a name that resolves to a private address by the time of delivery is not called.
 */
import {
  type CreatedWebhookEndpoint,
  type Event,
  notPublicIssue,
  type Pet,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '@pets/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { followLinks } from '../../test/requests.js';
import { type Received, Receiver } from '../../test/webhook-receiver.js';
import { Database } from '../database/database.js';
import { Writer } from '../database/writer.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import type { HostResolver } from './address-policy.js';
import { GIVE_UP_AFTER_MS, nextAttemptAt, RETRY_DELAYS_MS } from './retry-schedule.js';
import { INSERT_MANY_ROWS, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { DELIVERY_TIMEOUT_MS } from './webhook-sender.js';

const PUBLIC_ADDRESS = '93.184.215.14';

describe.each(ENGINES)('webhook delivery on %s', (engine) => {
  let t: TestApp;
  let partner: { key: string; accountId: number };
  const receiver = new Receiver();
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      engine,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });
  afterEach(async () => {
    // Each test's endpoints go with it: what they still owe is never sent.
    const listed = await t.as(partner.key).get('/v1/account/webhooks?limit=100');
    for (const { id } of listed.json<WebhookEndpoint[]>())
      await t.as(partner.key).delete(`/v1/account/webhooks/${id}`);
    receiver.received.length = 0;
    receiver.answers = [];
  });

  const worker = () => t.app.get(WebhookDeliveryWorker);
  const endpoint = async (url: string, events: string[]) => {
    const answer = await t.as(partner.key).post('/v1/account/webhooks', { url, events });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json<CreatedWebhookEndpoint>();
    receiver.secret = created.secret;
    return created;
  };
  const createPet = async (name: string) => {
    const answer = await t.as(partner.key).post('/v1/pets', { name, categoryId: 1 });
    expect(answer.statusCode).toBe(201);
    return answer.json<Pet>();
  };
  const events = () => followLinks<Event>((next) => t.as(partner.key).get(next), '/v1/events');

  it('delivers each event an endpoint takes, signed, as GET /v1/events lists it', async () => {
    const before = await events();
    await endpoint(`${receiver.url}/hooks`, ['pet.created', 'pet.updated']);
    const pet = await createPet('Rex');
    expect(
      (await t.as(partner.key).patch(`/v1/pets/${pet.id}`, { status: 'pending' })).statusCode,
    ).toBe(200);
    await t.as(partner.key).post('/v1/store/orders', { petId: (await createPet('Milo')).id });

    await worker().runOnce();
    // Rex created and changed, Milo created and made pending by its order; not the order itself.
    const wanted = (await events())
      .slice(before.length)
      .filter((event) => event.type === 'pet.created' || event.type === 'pet.updated');
    expect(wanted).toHaveLength(4);
    // Sent several at once: they may arrive in any order (the events' ids give theirs).
    const byId = (a: Received, b: Received) => Number(a.id.slice(4)) - Number(b.id.slice(4));
    receiver.received.sort(byId);
    expect(receiver.received.map(({ path, id, verified }) => ({ path, id, verified }))).toEqual(
      wanted.map((event) => ({ path: '/hooks', id: `evt_${event.id}`, verified: true })),
    );
    expect(receiver.received.map(({ body }) => JSON.parse(body) as unknown)).toEqual(wanted);
    // Sent once: nothing is due any more.
    await worker().runOnce();
    expect(receiver.received).toHaveLength(4);
    // Logged as sent, each once, and done.
    const database = t.app.get(Database);
    const attempts = await database.all(
      database.statement((db) => db.selectFrom('webhook_attempts').selectAll()),
      {},
    );
    expect(
      attempts.map(({ succeeded, response_status }) => [Boolean(succeeded), response_status]),
    ).toEqual(Array.from({ length: 4 }, () => [true, 200]));
    expect(attempts.every(({ response_excerpt }) => response_excerpt === 'thanks')).toBe(true);
    const deliveries = await database.all(
      database.statement((db) =>
        db.selectFrom('webhook_deliveries').select(['status', 'attempts']),
      ),
      {},
    );
    expect(deliveries).toEqual(
      Array.from({ length: 4 }, () => ({ status: 'succeeded', attempts: 1 })),
    );
  });

  it('hands a batch out to several endpoints whole, whatever the names hold', async () => {
    const before = await events();
    await endpoint(`${receiver.url}/one`, ['pet.created']);
    await endpoint(`${receiver.url}/two`, ['pet.created']);
    // What a column of an array must carry as it is: quotes, a backslash, braces, commas, NULL.
    const names = ['Say "hi"', 'Back\\slash', '{Curly}, comma', 'NULL', 'Zoë 🐾'];
    for (const name of names) await createPet(name);
    // Ten deliveries: more than one round sends at once.
    for (let round = 0; round < 5 && receiver.received.length < 10; round++)
      await worker().runOnce();
    const wanted = (await events()).slice(before.length);
    expect(wanted.map((event) => (event.data as Pet).name)).toEqual(names);
    for (const path of ['/one', '/two']) {
      const got = receiver.received
        .filter((received) => received.path === path)
        .sort((a, b) => Number(a.id.slice(4)) - Number(b.id.slice(4)));
      expect(got.map(({ body }) => JSON.parse(body) as unknown)).toEqual(wanted);
    }
    // The receiver holds the last endpoint's secret: its copies verify, byte for byte.
    const two = receiver.received.filter((received) => received.path === '/two');
    expect(two.every(({ verified }) => verified)).toBe(true);
  });

  it(`inserts more deliveries than one statement takes (${INSERT_MANY_ROWS}), each once, in order`, async () => {
    const { id } = await endpoint(`${receiver.url}/many`, ['pet.created']);
    const made = Array.from({ length: INSERT_MANY_ROWS + 2 }, (_, n) => ({
      endpointId: id,
      messageId: `msg_many_${n}`,
      eventId: null,
      eventType: 'webhook.test',
      body: `{"n":${n}}`,
    }));
    const repository = t.app.get(WebhookDeliveriesRepository);
    await t.app.get(Writer).transaction((tx) => repository.insertAll(tx, 1, made));
    const database = t.app.get(Database);
    const stored = await database.all(
      database.statement((db, p: { endpointId: number }) =>
        db
          .selectFrom('webhook_deliveries')
          .select(['message_id', 'body', 'status', 'next_attempt_at'])
          .where('endpoint_id', '=', p.endpointId)
          .orderBy('id'),
      ),
      { endpointId: id },
    );
    expect(stored).toEqual(
      made.map(({ messageId, body }) => ({
        message_id: messageId,
        body,
        status: 'pending',
        next_attempt_at: 1,
      })),
    );
  });

  it('tries a failure again on the schedule, with the same webhook-id, until it succeeds', async () => {
    await endpoint(`${receiver.url}/retry`, ['pet.created']);
    receiver.answers = [500, 503];
    await createPet('Biscuit');
    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
    // Not due before its time.
    t.clock.advance((RETRY_DELAYS_MS[0] as number) - 1);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(1);
    await worker().runOnce();
    t.clock.advance(RETRY_DELAYS_MS[1] as number);
    await worker().runOnce();
    expect(receiver.received.map(({ id }) => id)).toEqual(
      Array.from({ length: 3 }, () => receiver.received[0]?.id),
    );
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
    t.clock.advance(RETRY_DELAYS_MS[2] as number);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(3);
  });

  it('tries a failing delivery for 3 days, then gives it up; a failure after 3 days disables', async () => {
    const hook = await endpoint(`${receiver.url}/down`, ['pet.created']);
    const status = async () =>
      (await t.as(partner.key).get(`/v1/account/webhooks/${hook.id}`)).json<WebhookEndpoint>();
    receiver.answers = Array.from({ length: 100 }, () => 500);
    const firstAt = t.clock.now();
    await createPet('Unheard');
    // Each attempt at its time, as the worker finds it due: the clock moved to it, no further.
    let at = firstAt;
    for (let attempt = 1; ; attempt++) {
      await worker().runOnce();
      expect(receiver.received).toHaveLength(attempt);
      const next = nextAttemptAt(firstAt, attempt, at);
      if (next === undefined) break;
      t.clock.advance(next - 1 - t.clock.now());
      await worker().runOnce();
      // Not a moment early.
      expect(receiver.received).toHaveLength(attempt);
      t.clock.advance(1);
      at = next;
    }
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h: 12 attempts, the last 67.6 h in.
    expect(receiver.received).toHaveLength(12);
    expect(at - firstAt).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(new Set(receiver.received.map(({ id }) => id)).size).toBe(1);
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
    const [last] = (
      await t.as(partner.key).get(`/v1/account/webhooks/${hook.id}/attempts?limit=1`)
    ).json<WebhookAttempt[]>();
    expect(last).toMatchObject({ attempt: 12, succeeded: false, responseStatus: 500 });
    // Given up: never sent again. The endpoint has failed for less than 3 days: still enabled.
    t.clock.advance(GIVE_UP_AFTER_MS);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(12);
    expect(await status()).toMatchObject({ status: 'enabled', disabledReason: null });

    // More than 3 days after its first failure, with no success since, the next failure disables.
    await createPet('Still unheard');
    await worker().runOnce();
    expect(receiver.received).toHaveLength(13);
    expect(await status()).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const hook = await endpoint(`${receiver.url}/gone`, ['pet.created']);
    receiver.answers = [410];
    await createPet('Gone');
    await worker().runOnce();
    const after = (
      await t.as(partner.key).get(`/v1/account/webhooks/${hook.id}`)
    ).json<WebhookEndpoint>();
    expect(after).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    await createPet('Not heard');
    await worker().runOnce();
    t.clock.advance(RETRY_DELAYS_MS[0] as number);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(1);
  });

  it("claims nothing for a disabled endpoint's deliveries, and sends them once it is enabled", async () => {
    const hook = await endpoint(`${receiver.url}/paused`, ['pet.created']);
    receiver.answers = [500];
    await createPet('Paused');
    await worker().runOnce();
    const path = `/v1/account/webhooks/${hook.id}`;
    expect((await t.as(partner.key).patch(path, { status: 'disabled' })).statusCode).toBe(200);
    t.clock.advance(RETRY_DELAYS_MS[0] as number);
    // Due, but its endpoint is disabled: the round sees nothing to claim and makes no claim.
    const claims = vi.spyOn(t.app.get(WebhookDeliveriesRepository), 'claimDue');
    await worker().runOnce();
    expect(claims).not.toHaveBeenCalled();
    expect(receiver.received).toHaveLength(1);
    expect((await t.as(partner.key).patch(path, { status: 'enabled' })).statusCode).toBe(200);
    await worker().runOnce();
    expect(claims).toHaveBeenCalledTimes(1);
    expect(receiver.received.map(({ id }) => id)).toEqual([
      receiver.received[0]?.id,
      receiver.received[0]?.id,
    ]);
    claims.mockRestore();
  });

  it('passes over what happened while no endpoint listened, or while the only one was disabled', async () => {
    const read = vi.spyOn(t.app.get(WebhookDeliveriesRepository), 'eventsAfter');
    /** The pets' names in the events the worker's rounds read since `read` was cleared. */
    const readNames = async () => {
      const batches = await Promise.all(
        read.mock.results.map(({ value }) => value as ReturnType<typeof read>),
      );
      return batches.flat().map(({ data }) => (JSON.parse(data) as Pet).name);
    };
    const deliveredNames = () =>
      receiver.received.map(({ body }) => ((JSON.parse(body) as Event).data as Pet).name);
    try {
      // No endpoint listens (each test's go with it): the feed has this, and no round reads it.
      await createPet('Unheard');
      const hook = await endpoint(`${receiver.url}/first`, ['pet.created']);
      await createPet('Heard');
      await worker().runOnce();
      expect(await readNames()).toEqual(['Heard']);
      const path = `/v1/account/webhooks/${hook.id}`;
      expect((await t.as(partner.key).patch(path, { status: 'disabled' })).statusCode).toBe(200);
      await createPet('While disabled');
      await worker().runOnce();
      read.mockClear();
      expect((await t.as(partner.key).patch(path, { status: 'enabled' })).statusCode).toBe(200);
      await createPet('After');
      await worker().runOnce();
      expect(await readNames()).toEqual(['After']);
      expect(deliveredNames()).toEqual(['Heard', 'After']);
      const names = (await events()).map(({ data }) => (data as Pet).name);
      expect(names).toEqual(
        expect.arrayContaining(['Unheard', 'Heard', 'While disabled', 'After']),
      );
    } finally {
      read.mockRestore();
    }
  });

  it('does not follow a redirect', async () => {
    await endpoint(`${receiver.url}/moved`, ['pet.created']);
    receiver.answers = [302];
    await createPet('Moved');
    await worker().runOnce();
    expect(receiver.received.map(({ path }) => path)).toEqual(['/moved']);
  });
});

describe.each(ENGINES)('webhook delivery without WEBHOOK_ALLOW_PRIVATE, on %s', (engine) => {
  let t: TestApp;
  let partner: { key: string; accountId: number };
  /** The test's DNS: what `hooks.example` resolves to now. */
  let hooksAddress = PUBLIC_ADDRESS;
  const resolveHost: HostResolver = (hostname) =>
    hostname === 'hooks.example'
      ? Promise.resolve([hooksAddress])
      : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));

  beforeAll(async () => {
    t = await createTestApp({ engine, resolveHost });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    await t.close();
  });

  /** The last attempt logged. */
  const lastAttempt = async () => {
    const database = t.app.get(Database);
    const [row] = await database.all(
      database.statement((db) =>
        db.selectFrom('webhook_attempts').selectAll().orderBy('id', 'desc').limit(1),
      ),
      {},
    );
    return row;
  };

  it.each([
    ['127.0.0.1', 'a loopback'],
    ['10.1.2.3', 'a private'],
    ['169.254.169.254', 'a link-local'],
    ['::1', 'a loopback'],
    ['::ffff:10.0.0.1', 'a private'],
  ])('does not call a name that resolves to %s by the time of delivery', async (address, kind) => {
    hooksAddress = PUBLIC_ADDRESS;
    const created = await t.as(partner.key).post('/v1/account/webhooks', {
      url: 'https://hooks.example/petstore',
      events: ['pet.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    // DNS changes after the endpoint was checked: the name points inside now.
    hooksAddress = address;
    const pet = await t.as(partner.key).post('/v1/pets', { name: 'Rebind', categoryId: 1 });
    expect(pet.statusCode).toBe(201);
    await t.app.get(WebhookDeliveryWorker).runOnce();
    const attempt = await lastAttempt();
    expect(attempt).toMatchObject({
      response_status: null,
      response_excerpt: null,
      error: `Not sent: the URL ${notPublicIssue(address, kind)}.`,
    });
    expect(Boolean(attempt?.succeeded)).toBe(false);
    // Gone before it is tried again (the public address is not reachable from the tests).
    await t.as(partner.key).delete(`/v1/account/webhooks/${created.json<WebhookEndpoint>().id}`);
  });
});

describe.each(ENGINES)('webhook delivery by the running worker on %s', (engine) => {
  // Below the 10 s an endpoint has to answer: the held attempt ends in a success.
  const HOLD_MS = 9_000;
  let t: TestApp;
  let partner: { key: string; accountId: number };
  const slow = new Receiver();
  const fast = new Receiver();
  beforeAll(async () => {
    await Promise.all([slow.start(), fast.start()]);
    t = await createTestApp({
      engine,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_DELIVERY: 'true' },
    });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    // Closing waits for the held attempt to be answered and logged.
    await t.close();
    await Promise.all([slow.stop(), fast.stop()]);
  });

  it('keeps delivering to the other endpoints while one is slow to answer', async () => {
    slow.delays.set('/hooks', HOLD_MS);
    for (const receiver of [slow, fast]) {
      const answer = await t
        .as(partner.key)
        .post('/v1/account/webhooks', { url: `${receiver.url}/hooks`, events: ['pet.created'] });
      expect(answer.statusCode, answer.body).toBe(201);
      receiver.secret = answer.json<CreatedWebhookEndpoint>().secret;
    }
    const createPet = async (name: string) => {
      const answer = await t.as(partner.key).post('/v1/pets', { name, categoryId: 1 });
      expect(answer.statusCode).toBe(201);
    };
    await createPet('First');
    // The slow endpoint holds its first delivery; the fast one has had its own.
    await expect.poll(() => slow.received.length).toBe(1);
    await expect.poll(() => fast.received.length).toBe(1);
    const held = Date.now();
    // Each later change reaches the fast endpoint a poll or two later, not after the held answer.
    for (const [index, name] of ['Second', 'Third'].entries()) {
      await createPet(name);
      await expect.poll(() => fast.received.length, { timeout: HOLD_MS }).toBe(index + 2);
    }
    expect(Date.now() - held).toBeLessThan(HOLD_MS - 1_000);
    expect(fast.received.every(({ verified }) => verified)).toBe(true);
    expect(fast.received.map(({ body }) => (JSON.parse(body) as Event).type)).toEqual(
      Array.from({ length: 3 }, () => 'pet.created'),
    );
  });

  it('sends a backlog as fast as the endpoint answers, not a few deliveries a poll', async () => {
    // The other test's endpoints go: what they still owe is never sent.
    const listed = await t.as(partner.key).get('/v1/account/webhooks?limit=100');
    for (const { id } of listed.json<WebhookEndpoint[]>())
      await t.as(partner.key).delete(`/v1/account/webhooks/${id}`);
    const pets: Pet[] = [];
    for (let i = 0; i < 64; i++) {
      const answer = await t.as(partner.key).post('/v1/pets', { name: `Bulk ${i}`, categoryId: 1 });
      pets.push(answer.json<Pet>());
    }
    const bulk = new Receiver();
    await bulk.start();
    try {
      const created = await t
        .as(partner.key)
        .post('/v1/account/webhooks', { url: `${bulk.url}/bulk`, events: ['pet.updated'] });
      expect(created.statusCode, created.body).toBe(201);
      bulk.secret = created.json<CreatedWebhookEndpoint>().secret;
      // 64 events in one transaction: 64 deliveries due at once.
      const changed = await t.as(partner.key).post('/v1/pets/batch', {
        items: pets.map(({ id }) => ({ petId: id, patch: { status: 'pending' } })),
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await expect.poll(() => bulk.received.length).toBeGreaterThan(0);
      const first = Date.now();
      await expect.poll(() => bulk.received.length).toBe(64);
      // At 8 a poll (1 s), the last 56 would come 7 polls after the first (40 took 3.6 to 3.9 s).
      expect(Date.now() - first).toBeLessThan(3_000);
      expect(new Set(bulk.received.map(({ id }) => id)).size).toBe(64);
      expect(bulk.received.every(({ verified }) => verified)).toBe(true);
    } finally {
      await bulk.stop();
    }
  });
});

describe.each(ENGINES)('webhook delivery right after a commit on %s', (engine) => {
  let t: TestApp;
  let partner: { key: string; accountId: number };
  const receiver = new Receiver();
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({
      engine,
      // The worker looks by itself once an hour: whatever arrives sooner, the commit brought.
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_DELIVERY: 'true', WEBHOOK_POLL_MS: '3600000' },
    });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it('hands out the events a commit wrote at once, not at the next look', async () => {
    const answer = await t.as(partner.key).post('/v1/account/webhooks', {
      url: `${receiver.url}/hooks`,
      events: ['pet.created', 'pet.updated'],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    receiver.secret = answer.json<CreatedWebhookEndpoint>().secret;
    const created = await t.as(partner.key).post('/v1/pets', { name: 'Soon', categoryId: 1 });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => receiver.received.length).toBe(1);
    // Changes made while a round is under way bring another round after it: none waits an hour.
    const pet = created.json<Pet>();
    const changes = await Promise.all(
      ['pending', 'available', 'pending'].map(async (status, i) =>
        i === 0
          ? t.as(partner.key).patch(`/v1/pets/${pet.id}`, { status })
          : t.as(partner.key).post('/v1/pets', { name: `Soon ${i}`, categoryId: 1 }),
      ),
    );
    expect(changes.map((change) => change.statusCode)).toEqual([200, 201, 201]);
    await expect.poll(() => receiver.received.length).toBe(4);
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
    const types = receiver.received.map(({ body }) => (JSON.parse(body) as Event).type);
    expect(types.sort()).toEqual(['pet.created', 'pet.created', 'pet.created', 'pet.updated']);
  });
});

describe('a webhook receiver that never answers', () => {
  let t: TestApp;
  let partner: { key: string; accountId: number };
  const receiver = new Receiver();
  beforeAll(async () => {
    await receiver.start();
    // What is timed is the HTTP request, the same on either engine.
    t = await createTestApp({ engine: 'sqlite', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  it(`is given up on after ${DELIVERY_TIMEOUT_MS / 1000} s, logged as no answer, and tried again`, async () => {
    // Longer than the wait: the answer never comes in time.
    receiver.delays.set('/silent', DELIVERY_TIMEOUT_MS + 20_000);
    const answer = await t
      .as(partner.key)
      .post('/v1/account/webhooks', { url: `${receiver.url}/silent`, events: ['pet.created'] });
    expect(answer.statusCode, answer.body).toBe(201);
    const hook = answer.json<CreatedWebhookEndpoint>();
    receiver.secret = hook.secret;
    expect(
      (await t.as(partner.key).post('/v1/pets', { name: 'Hush', categoryId: 1 })).statusCode,
    ).toBe(201);
    const started = Date.now();
    await t.app.get(WebhookDeliveryWorker).runOnce();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS);
    expect(receiver.received).toHaveLength(1);
    const [attempt] = (
      await t.as(partner.key).get(`/v1/account/webhooks/${hook.id}/attempts`)
    ).json<WebhookAttempt[]>();
    expect(attempt).toMatchObject({
      attempt: 1,
      succeeded: false,
      responseStatus: null,
      responseExcerpt: null,
      error: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`,
    });
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(DELIVERY_TIMEOUT_MS);
    // Tried again on the schedule, with the same webhook-id.
    receiver.delays.delete('/silent');
    t.clock.advance(RETRY_DELAYS_MS[0] as number);
    await t.app.get(WebhookDeliveryWorker).runOnce();
    expect(receiver.received.map(({ id }) => id)).toEqual([
      receiver.received[0]?.id,
      receiver.received[0]?.id,
    ]);
  });
});
