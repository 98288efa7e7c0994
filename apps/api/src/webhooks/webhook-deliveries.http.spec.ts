/**
 * An endpoint's deliveries through the real app on both engines, to a receiver on loopback
 * (decisions §22): each attempt listed newest first, paged with Link; a delivery sent again with
 * its `webhook-id`, and an attempt under way when it is asked for not undoing it; a test event
 * sent to one endpoint alone, never subscribed to, listed only to its account; and who may do each.
 */
import {
  type AuditEvent,
  type CreatedWebhookEndpoint,
  type Event,
  type Pet,
  PROBLEMS,
  type Problem as ContractProblem,
  statusOf,
  WEBHOOK_EXCERPT_BYTES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@pets/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectNextPath, expectProblem, followLinks } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { Receiver } from '../../test/webhook-receiver.js';
import { Database } from '../database/database.js';
import { Writer } from '../database/writer.js';
import { RETRY_DELAYS_MS } from './retry-schedule.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { CLAIM_MS, WebhookDeliveryWorker } from './webhook-delivery.worker.js';

const problemOf = (problem: ContractProblem) => ({ ...problem, status: statusOf(problem) });

describe.each(ENGINES)('webhook deliveries on %s', (engine) => {
  let t: TestApp;
  let partner: { key: string; accountId: number };
  let staff: string;
  let staffAccount: number;
  const receiver = new Receiver();
  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ engine, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    partner = await t.createKey(anAccount({ name: 'Partner' }));
    ({ key: staff, accountId: staffAccount } = await t.createKey(
      anAccount({ name: 'Staff', role: 'staff' }),
    ));
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });
  /** The keys that made endpoints in the test. */
  const makers = new Set<string>();
  afterEach(async () => {
    // Each test's endpoints go with it: what they still owe is never sent.
    for (const key of makers) {
      const listed = await t.as(key).get('/v1/account/webhooks?limit=100');
      for (const { id } of listed.json<WebhookEndpoint[]>())
        await t.as(key).delete(`/v1/account/webhooks/${id}`);
    }
    makers.clear();
    receiver.received.length = 0;
    receiver.answers = [];
  });

  const worker = () => t.app.get(WebhookDeliveryWorker);
  const endpoint = async (key: string, path: string, events = ['pet.created']) => {
    makers.add(key);
    const answer = await t.as(key).post('/v1/account/webhooks', {
      url: `${receiver.url}${path}`,
      events,
    });
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
  const attemptsOf = (key: string, endpointId: number) =>
    followLinks<WebhookAttempt>(
      (next) => t.as(key).get(next),
      `/v1/account/webhooks/${endpointId}/attempts?limit=2`,
    );
  const eventsSeen = (key: string) =>
    followLinks<Event>((next) => t.as(key).get(next), '/v1/events?type=webhook.test');
  /** The endpoint's audit trail, newest first, without its creation. */
  const auditOf = async (endpointId: number) => {
    const answer = await t
      .as(staff)
      .get(`/v1/admin/audit?targetType=webhook&targetId=${endpointId}`);
    expect(answer.statusCode).toBe(200);
    return answer.json<AuditEvent[]>().filter(({ action }) => action !== 'webhook.created');
  };

  it('lists each attempt newest first, paged with Link, as it was logged', async () => {
    const hook = await endpoint(partner.key, '/log');
    receiver.answers = [500, 200, 200];
    await createPet('Rex');
    await worker().runOnce();
    const first = new Date(t.clock.now()).toISOString();
    t.clock.advance(RETRY_DELAYS_MS[0] as number);
    await worker().runOnce();
    await createPet('Milo');
    await worker().runOnce();

    const page = await t.as(partner.key).get(`/v1/account/webhooks/${hook.id}/attempts?limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toMatch(
      new RegExp(
        `^<http://localhost:80/v1/account/webhooks/${hook.id}/attempts\\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$`,
      ),
    );
    const last = await t.as(partner.key).get(expectNextPath(page));
    expect(last.headers.link).toBeUndefined();
    const attempts = [...page.json<WebhookAttempt[]>(), ...last.json<WebhookAttempt[]>()];
    expect(attempts.map(({ id }) => id)).toEqual(
      attempts.map(({ id }) => id).sort((a, b) => b - a),
    );
    const [milo, rexAgain, rex] = attempts;
    expect(rex).toEqual({
      id: expect.any(Number) as number,
      deliveryId: rexAgain?.deliveryId,
      eventId: expect.any(Number) as number,
      eventType: 'pet.created',
      attempt: 1,
      attemptedAt: first,
      succeeded: false,
      responseStatus: 500,
      error: null,
      durationMs: expect.any(Number) as number,
      responseExcerpt: 'status 500',
    });
    expect(rexAgain).toMatchObject({ attempt: 2, succeeded: true, responseStatus: 200 });
    expect(rexAgain?.responseExcerpt).toBe('thanks');
    expect(milo).toMatchObject({
      attempt: 1,
      succeeded: true,
      eventId: expect.any(Number) as number,
    });
    expect(milo?.deliveryId).not.toBe(rex?.deliveryId);
    expect(receiver.received.map(({ id }) => id)).toEqual([
      `evt_${rex?.eventId}`,
      `evt_${rex?.eventId}`,
      `evt_${milo?.eventId}`,
    ]);
    // A cursor of another endpoint's list is refused.
    const other = await endpoint(partner.key, '/other');
    const cursor = new URL(`http://x${expectNextPath(page)}`).searchParams.get('cursor') ?? '';
    const refused = await t
      .as(partner.key)
      .get(`/v1/account/webhooks/${other.id}/attempts?cursor=${cursor}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_query' });
  });

  it(`shows up to ${WEBHOOK_EXCERPT_BYTES} bytes of the answer, or why none came`, async () => {
    const hook = await endpoint(partner.key, '/long');
    await createPet('Long');
    await worker().runOnce();
    const [attempt] = await attemptsOf(partner.key, hook.id);
    expect(attempt?.responseExcerpt).toBe('thanks');

    // A port nothing listens on: no answer, and the reason logged.
    const closed = await t.as(partner.key).post('/v1/account/webhooks', {
      url: 'http://127.0.0.1:9/closed',
      events: ['pet.created'],
    });
    const closedId = closed.json<WebhookEndpoint>().id;
    await createPet('Nobody');
    await worker().runOnce();
    const [failed] = await attemptsOf(partner.key, closedId);
    expect(failed).toMatchObject({
      succeeded: false,
      responseStatus: null,
      responseExcerpt: null,
      error: 'No answer: ECONNREFUSED.',
    });
  });

  it('sends a delivery again with its webhook-id, retries started over', async () => {
    const hook = await endpoint(partner.key, '/again');
    await createPet('Again');
    await worker().runOnce();
    const [done] = await attemptsOf(partner.key, hook.id);
    const url = `/v1/account/webhooks/${hook.id}/deliveries/${done?.deliveryId}/resend`;
    t.clock.advance(1_000);
    const resent = await t.as(partner.key).post(url);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({
      id: done?.deliveryId,
      eventId: done?.eventId,
      eventType: 'pet.created',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(t.clock.now()).toISOString(),
    });
    await worker().runOnce();
    expect(receiver.received.map(({ id, verified }) => [id, verified])).toEqual([
      [`evt_${done?.eventId}`, true],
      [`evt_${done?.eventId}`, true],
    ]);
    const attempts = await attemptsOf(partner.key, hook.id);
    expect(attempts.map(({ attempt, succeeded }) => [attempt, succeeded])).toEqual([
      [2, true],
      [1, true],
    ]);
    // Audited: who sent which delivery again, of which event.
    expect(await auditOf(hook.id)).toEqual([
      expect.objectContaining({
        action: 'webhook.delivery_resent',
        actor: expect.objectContaining({ accountId: partner.accountId }) as unknown,
        target: expect.objectContaining({ type: 'webhook', id: hook.id }) as unknown,
        changes: {
          deliveryId: [null, done?.deliveryId],
          eventId: [null, done?.eventId],
          status: ['succeeded', 'pending'],
        },
      }),
    ]);
  });

  it('lets a resend made during an attempt stand, never sending it twice at once', async () => {
    const hook = await endpoint(partner.key, '/race');
    await createPet('Race');
    await worker().runOnce();
    const [done] = await attemptsOf(partner.key, hook.id);
    const deliveryId = done?.deliveryId as number;
    const repository = t.app.get(WebhookDeliveriesRepository);
    const writer = t.app.get(Writer);
    // Due again, the delivery is claimed by an instance, as the worker claims it…
    await t.as(partner.key).post(`/v1/account/webhooks/${hook.id}/deliveries/${deliveryId}/resend`);
    const now = t.clock.now();
    const until = now + CLAIM_MS;
    expect(await writer.transaction((tx) => repository.claimDue(tx, now, until, 8))).toEqual([
      deliveryId,
    ]);
    // …someone sends it again while it is being sent…
    t.clock.advance(500);
    const resent = await t
      .as(partner.key)
      .post(`/v1/account/webhooks/${hook.id}/deliveries/${deliveryId}/resend`);
    expect(resent.statusCode).toBe(202);
    // …no instance may take it while that attempt is under way…
    expect(
      await writer.transaction((tx) => repository.claimDue(tx, t.clock.now(), until + 500, 8)),
    ).toEqual([]);
    // …and the attempt's result comes in under the claim the resend moved on.
    const moved = await writer.transaction((tx) =>
      repository.record(
        tx,
        {
          deliveryId,
          endpointId: hook.id,
          attemptedAt: now,
          durationMs: 12,
          responseStatus: 200,
          responseExcerpt: 'ok',
          error: null,
          succeeded: true,
        },
        { status: 'succeeded', attempts: 1, firstAttemptAt: now, nextAttemptAt: null },
        until,
      ),
    );
    expect(moved).toBe(false);
    const database = t.app.get(Database);
    const [row] = await database.all(
      database.statement((db, p: { id: number }) =>
        db
          .selectFrom('webhook_deliveries')
          .select(['status', 'attempts', 'next_attempt_at', 'claimed_until'])
          .where('id', '=', p.id),
      ),
      { id: deliveryId },
    );
    expect({
      status: row?.status,
      attempts: Number(row?.attempts),
      nextAttemptAt: Number(row?.next_attempt_at),
      claimedUntil: row?.claimed_until,
    }).toEqual({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: t.clock.now(),
      claimedUntil: null,
    });
    // The attempt is in the log all the same, let the delivery go, and it is sent again.
    expect(
      (await attemptsOf(partner.key, hook.id)).map(({ responseExcerpt }) => responseExcerpt),
    ).toEqual(['ok', 'thanks']);
    await worker().runOnce();
    expect(receiver.received).toHaveLength(2);

    // Under a claim that still holds, the result moves the delivery on.
    const later = t.clock.now();
    await t.as(partner.key).post(`/v1/account/webhooks/${hook.id}/deliveries/${deliveryId}/resend`);
    await writer.transaction((tx) => repository.claimDue(tx, later, later + CLAIM_MS, 8));
    const next = {
      status: 'succeeded',
      attempts: 1,
      firstAttemptAt: later,
      nextAttemptAt: null,
    } as const;
    const attempt = {
      deliveryId,
      endpointId: hook.id,
      attemptedAt: later,
      durationMs: 3,
      responseStatus: 204,
      responseExcerpt: '',
      error: null,
      succeeded: true,
    };
    expect(
      await writer.transaction((tx) => repository.record(tx, attempt, next, later + CLAIM_MS)),
    ).toBe(true);
  });

  it('refuses a delivery of another endpoint, and an endpoint that is disabled', async () => {
    const hook = await endpoint(partner.key, '/mine');
    const other = await endpoint(partner.key, '/theirs');
    await createPet('Mine');
    await worker().runOnce();
    const [done] = await attemptsOf(partner.key, hook.id);
    expectProblem(
      await t
        .as(partner.key)
        .post(`/v1/account/webhooks/${other.id}/deliveries/${done?.deliveryId}/resend`),
      problemOf(PROBLEMS.webhookDeliveryNotFound),
    );
    expectProblem(
      await t.as(partner.key).post(`/v1/account/webhooks/${hook.id}/deliveries/0x1/resend`),
      problemOf(PROBLEMS.webhookDeliveryNotFound),
    );
    const disable = await t
      .as(partner.key)
      .patch(`/v1/account/webhooks/${hook.id}`, { status: 'disabled' });
    expect(disable.statusCode).toBe(200);
    const disabled = problemOf(PROBLEMS.webhookEndpointDisabled);
    expect(disabled.status).toBe(409);
    expectProblem(
      await t
        .as(partner.key)
        .post(`/v1/account/webhooks/${hook.id}/deliveries/${done?.deliveryId}/resend`),
      disabled,
    );
    expectProblem(await t.as(partner.key).post(`/v1/account/webhooks/${hook.id}/test`), disabled);
  });

  it("sends a test event to that endpoint alone, listed only to the endpoint's account", async () => {
    const other = await t.createKey(anAccount({ name: 'Other' }));
    // Endpoints that take every event they may: none is sent the test.
    await endpoint(other.key, '/other', ['pet.created']);
    await endpoint(staff, '/staff', ['pet.created', 'order.placed']);
    const hook = await endpoint(partner.key, '/test');
    const sent = await t.as(partner.key).post(`/v1/account/webhooks/${hook.id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const delivery = sent.json<WebhookDelivery>();
    expect(delivery).toEqual({
      id: expect.any(Number) as number,
      eventId: expect.any(Number) as number,
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(t.clock.now()).toISOString(),
    });
    await worker().runOnce();
    const event = {
      id: delivery.eventId,
      type: 'webhook.test',
      createdAt: new Date(t.clock.now()).toISOString(),
      data: { endpointId: hook.id },
    };
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      path: '/test',
      id: `evt_${delivery.eventId}`,
      verified: true,
    });
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual(event);
    // Listed to its account and to staff, to no other.
    expect(await eventsSeen(partner.key)).toContainEqual(event);
    expect(await eventsSeen(staff)).toContainEqual(event);
    expect(await eventsSeen(other.key)).toEqual([]);
    const [attempt] = await attemptsOf(partner.key, hook.id);
    expect(attempt).toMatchObject({ deliveryId: delivery.id, eventType: 'webhook.test' });
    expect(await auditOf(hook.id)).toEqual([
      expect.objectContaining({
        action: 'webhook.test_sent',
        actor: expect.objectContaining({ accountId: partner.accountId }) as unknown,
        changes: { eventId: [null, delivery.eventId], deliveryId: [null, delivery.id] },
      }),
    ]);
  });

  it('refuses webhook.test among the event types an endpoint is sent', async () => {
    const refused = await t.as(partner.key).post('/v1/account/webhooks', {
      url: `${receiver.url}/x`,
      events: ['pet.created', 'webhook.test'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'events[1]' }],
    });
    const hook = await endpoint(partner.key, '/x');
    const patched = await t
      .as(partner.key)
      .patch(`/v1/account/webhooks/${hook.id}`, { events: ['webhook.test'] });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'events[0]' }],
    });
  });

  it("keeps each account's deliveries its own; staff reach any account's", async () => {
    const owner = await t.createKey(anAccount());
    const other = await t.createKey(anAccount());
    const hook = await endpoint(owner.key, '/owned', ['order.placed']);
    const sent = await t.as(owner.key).post(`/v1/account/webhooks/${hook.id}/test`);
    const deliveryId = sent.json<WebhookDelivery>().id;
    const base = `/v1/account/webhooks/${hook.id}`;
    const notFound = problemOf(PROBLEMS.webhookEndpointNotFound);
    expectProblem(await t.as(other.key).get(`${base}/attempts`), notFound);
    expectProblem(await t.as(other.key).post(`${base}/deliveries/${deliveryId}/resend`), notFound);
    expectProblem(await t.as(other.key).post(`${base}/test`), notFound);
    expectProblem(await t.as(owner.key).get('/v1/account/webhooks/0/attempts'), notFound);

    // Without a key, nothing.
    for (const answer of [
      await t.as().get(`${base}/attempts`),
      await t.as().post(`${base}/deliveries/${deliveryId}/resend`),
      await t.as().post(`${base}/test`),
    ])
      expectProblem(answer, problemOf(PROBLEMS.missingApiKey));

    // Partners have no staff routes, not even for their own account.
    const adminBase = `/v1/admin/accounts/${owner.accountId}/webhooks/${hook.id}`;
    for (const key of [owner.key, other.key])
      for (const answer of [
        await t.as(key).get(`${adminBase}/attempts`),
        await t.as(key).post(`${adminBase}/deliveries/${deliveryId}/resend`),
        await t.as(key).post(`${adminBase}/test`),
      ])
        expectProblem(answer, problemOf(PROBLEMS.staffOnly));

    // Staff: the account's attempts, a resend and a test, as the account would.
    await worker().runOnce();
    const listed = await t.as(staff).get(`${adminBase}/attempts`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(await attemptsOf(owner.key, hook.id));
    const resent = await t.as(staff).post(`${adminBase}/deliveries/${deliveryId}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ id: deliveryId, status: 'pending' });
    const tested = await t.as(staff).post(`${adminBase}/test`);
    expect(tested.statusCode).toBe(202);
    expect(tested.json()).toMatchObject({ eventType: 'webhook.test' });
    await worker().runOnce();
    // The resend and the new test are sent at once: their attempts are logged in either order.
    const numbers = (await attemptsOf(owner.key, hook.id)).map(({ attempt }) => attempt);
    expect(numbers.at(-1)).toBe(1);
    expect(numbers.sort()).toEqual([1, 1, 2]);
    // Audited as staff's: the account's own test, then staff's resend and test.
    expect(
      (await auditOf(hook.id)).map(({ action, actor }) => [
        action,
        typeof actor === 'object' ? actor.accountId : actor,
      ]),
    ).toEqual([
      ['webhook.test_sent', staffAccount],
      ['webhook.delivery_resent', staffAccount],
      ['webhook.test_sent', owner.accountId],
    ]);
    // The test staff sent is the endpoint's account's: listed to it.
    expect((await eventsSeen(owner.key)).map(({ id }) => id)).toContain(
      tested.json<WebhookDelivery>().eventId,
    );

    // Another account's endpoint, or no account, is 404 for staff too.
    const wrong = `/v1/admin/accounts/${other.accountId}/webhooks/${hook.id}`;
    expectProblem(await t.as(staff).get(`${wrong}/attempts`), notFound);
    expectProblem(await t.as(staff).post(`${wrong}/deliveries/${deliveryId}/resend`), notFound);
    expectProblem(await t.as(staff).post(`${wrong}/test`), notFound);
    expectProblem(
      await t.as(staff).get(`/v1/admin/accounts/999999/webhooks/${hook.id}/attempts`),
      problemOf(PROBLEMS.accountNotFound),
    );
  });
});
