/**
 * Webhook endpoints through the real app on both engines (decisions §22): the secret shown once and
 * stored only sealed, idempotent creates, pages, changes, deletion, rolled secrets, who may see
 * and change which endpoint, the cap, and every URL whose host is or resolves to an address outside
 * the public internet refused (the test's resolver stands in for DNS).
 */
import {
  type CreatedWebhookEndpoint,
  describeDetails,
  notPublicIssue,
  PROBLEMS,
  type RolledWebhookSecret,
  statusOf,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_URL_ISSUES,
  type AuditEvent,
  type Problem as ContractProblem,
  type WebhookEndpoint,
} from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../database/database.js';
import { anAccount, UNMET_LIMITS } from '../../test/factories.js';
import { expectNextPath, expectProblem, type Answer } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import type { HostResolver } from './address-policy.js';

const PUBLIC_ADDRESS = '93.184.215.14';

/** DNS as the tests have it: names to addresses; any other name does not resolve. */
const NAMES: Record<string, readonly string[]> = {
  'hooks.partner.example': [PUBLIC_ADDRESS, '2606:4700::1111'],
  'other.partner.example': [PUBLIC_ADDRESS],
  'loopback.example': ['127.0.0.1'],
  'private.example': ['10.1.2.3'],
  'metadata.example': ['169.254.169.254'],
  'v6-loopback.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'half-private.example': [PUBLIC_ADDRESS, '192.168.0.10'],
};
const resolveHost: HostResolver = (hostname) => {
  const addresses = NAMES[hostname];
  return addresses
    ? Promise.resolve(addresses)
    : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
};

const URL_OK = 'https://hooks.partner.example/petstore';
const aHook = (overrides: Record<string, unknown> = {}) => ({
  url: URL_OK,
  events: ['order.placed', 'pet.created'],
  ...overrides,
});

/** The problem as the API answers it: `problem` with its status, and details when given. */
const problemOf = (problem: ContractProblem, details?: { field: string; issue: string }[]) => ({
  ...problem,
  status: statusOf(problem),
  ...(details ? { details } : {}),
});
const refusedUrl = (issue: string) => {
  const details = [{ field: 'url', issue }];
  return problemOf(PROBLEMS.invalidBody(describeDetails(details)), details);
};

describe.each(ENGINES)('webhook endpoints on %s', (engine) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ engine, resolveHost });
    ({ key: staff } = await t.createKey(anAccount({ name: 'Staff', role: 'staff' })));
  });
  afterAll(async () => {
    await t.close();
  });

  const partner = () => t.createKey(anAccount());
  const create = async (key: string, body: unknown = aHook(), headers = {}) => {
    const answer = await t.as(key).post('/v1/account/webhooks', body, headers);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CreatedWebhookEndpoint>();
  };
  /** Every row of the table, and every stored idempotent answer, as text. */
  const storedText = async (): Promise<string> => {
    const database = t.app.get(Database);
    const endpoints = await database.all(
      database.statement((db) => db.selectFrom('webhook_endpoints').selectAll()),
      {},
    );
    const answers = await database.all(
      database.statement((db) => db.selectFrom('idempotency_keys').selectAll()),
      {},
    );
    return JSON.stringify([endpoints, answers]);
  };
  const auditOf = async (id: number): Promise<AuditEvent[]> => {
    const answer = await t.as(staff).get(`/v1/admin/audit?targetType=webhook&targetId=${id}`);
    expect(answer.statusCode).toBe(200);
    return answer.json<AuditEvent[]>();
  };

  it('shows the secret once, at creation; lists and reads never do, and it is stored only sealed', async () => {
    const { key, accountId } = await partner();
    const created = await create(key, aHook({ url: 'https://Hooks.Partner.Example:443/petstore' }));
    expect(created).toEqual({
      id: expect.any(Number) as number,
      accountId,
      url: URL_OK,
      events: ['pet.created', 'order.placed'],
      status: 'enabled',
      disabledReason: null,
      createdAt: new Date(t.clock.now()).toISOString(),
      secretPrefix: created.secret.slice(0, 10),
      previousSecretExpiresAt: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) as string,
    });
    const { secret, ...endpoint } = created;

    const got = await t.as(key).get(`/v1/account/webhooks/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(endpoint);
    const listed = await t.as(key).get('/v1/account/webhooks');
    expect(listed.json()).toEqual([endpoint]);
    expect(listed.body).not.toContain(secret);

    // Neither the secret nor its random part is in any row, stored answer, audit event or log line.
    const randomPart = secret.slice('whsec_'.length);
    const stored = await storedText();
    expect(stored).toContain(created.secretPrefix);
    for (const text of [stored, JSON.stringify(await auditOf(created.id)), t.rawLogs.join('\n')]) {
      expect(text).not.toContain(randomPart);
      expect(text).not.toContain(randomPart.slice(0, 16));
    }
  });

  it('creates once per Idempotency-Key: a retry gets the same endpoint and secret', async () => {
    const { key } = await partner();
    const headers = { 'idempotency-key': 'hook-1' };
    const first = await create(key, aHook(), headers);
    const again = await create(key, aHook({ events: ['pet.created', 'order.placed'] }), headers);
    expect(again).toEqual(first);
    const listed = await t.as(key).get('/v1/account/webhooks');
    expect(listed.json<WebhookEndpoint[]>().map((hook) => hook.id)).toEqual([first.id]);
    expectProblem(
      await t.as(key).post('/v1/account/webhooks', aHook({ events: ['pet.deleted'] }), headers),
      problemOf(PROBLEMS.idempotencyKeyReused),
    );
    // Another account's same key is its own.
    const other = await partner();
    expect((await create(other.key, aHook(), headers)).id).not.toBe(first.id);
  });

  it('pages in ascending id with Link, deleted endpoints left out', async () => {
    const { key } = await partner();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(key)).id);
    expect(await t.as(key).delete(`/v1/account/webhooks/${ids[1]}`)).toMatchObject({
      statusCode: 204,
    });
    const kept = ids.filter((_, index) => index !== 1);
    const first = await t.as(key).get('/v1/account/webhooks?limit=2');
    expect(first.json<WebhookEndpoint[]>().map((hook) => hook.id)).toEqual(kept.slice(0, 2));
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/account\/webhooks\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const second = await t.as(key).get(expectNextPath(first));
    expect(second.json<WebhookEndpoint[]>().map((hook) => hook.id)).toEqual(kept.slice(2, 4));
    expect(second.headers.link).toBeUndefined();
  });

  it('changes events, url and status by merge patch, audited; changing nothing records nothing', async () => {
    const { key } = await partner();
    const { secret: _secret, ...created } = await create(key);
    const url = `/v1/account/webhooks/${created.id}`;
    const patch = (body: unknown) =>
      t.as(key).patch(url, body, { 'content-type': 'application/merge-patch+json' });

    const changed = await patch({
      events: ['order.cancelled', 'order.placed'],
      url: 'https://other.partner.example/hooks',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...created,
      events: ['order.placed', 'order.cancelled'],
      url: 'https://other.partner.example/hooks',
    });

    const disabled = await patch({ status: 'disabled' });
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabledReason: 'requested' });
    expect((await patch({ status: 'disabled' })).json()).toMatchObject({
      status: 'disabled',
      disabledReason: 'requested',
    });
    const enabled = await patch({ status: 'enabled' });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabledReason: null });
    expect((await t.as(key).get(url)).json()).toEqual(enabled.json());

    const audit = await auditOf(created.id);
    expect(audit.map((event) => [event.action, event.changes])).toEqual([
      ['webhook.updated', { status: ['disabled', 'enabled'], disabledReason: ['requested', null] }],
      ['webhook.updated', { status: ['enabled', 'disabled'], disabledReason: [null, 'requested'] }],
      [
        'webhook.updated',
        {
          url: [URL_OK, 'https://other.partner.example/hooks'],
          events: [
            ['pet.created', 'order.placed'],
            ['order.placed', 'order.cancelled'],
          ],
        },
      ],
      [
        'webhook.created',
        {
          accountId: [null, created.accountId],
          url: [null, URL_OK],
          events: [null, ['pet.created', 'order.placed']],
          status: [null, 'enabled'],
        },
      ],
    ]);
    expect(audit[0]?.target).toEqual({ type: 'webhook', id: created.id });

    // A new URL is checked as at creation; an empty patch is refused.
    expectProblem(
      await patch({ url: 'https://loopback.example/' }),
      refusedUrl(notPublicIssue('127.0.0.1', 'a loopback')),
    );
    expect((await patch({})).statusCode).toBe(400);
  });

  it('deletes for good: 204, then 404 everywhere, and the row keeps no secret', async () => {
    const { key } = await partner();
    const created = await create(key);
    const url = `/v1/account/webhooks/${created.id}`;
    const removed = await t.as(key).delete(url);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const notFound = problemOf(PROBLEMS.webhookEndpointNotFound);
    expectProblem(await t.as(key).get(url), notFound);
    expectProblem(await t.as(key).patch(url, { status: 'enabled' }), notFound);
    expectProblem(await t.as(key).post(`${url}/secret`), notFound);
    expectProblem(await t.as(key).delete(url), notFound);
    expect((await auditOf(created.id)).map((event) => event.action)).toEqual([
      'webhook.deleted',
      'webhook.created',
    ]);
    const database = t.app.get(Database);
    const row = await database.first(
      database.statement((db, p: { id: number }) =>
        db.selectFrom('webhook_endpoints').selectAll().where('id', '=', p.id),
      ),
      { id: created.id },
    );
    expect(row).toMatchObject({
      deleted_at: t.clock.now(),
      secret_ciphertext: null,
      previous_secret_ciphertext: null,
      previous_secret_expires_at: null,
    });
  });

  it('rolls the secret: a new one shown once, the old one signing beside it for 24 hours', async () => {
    const { key } = await partner();
    const created = await create(key);
    const url = `/v1/account/webhooks/${created.id}`;
    const rolled = await t.as(key).post(`${url}/secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const expiresAt = new Date(t.clock.now() + 24 * 60 * 60 * 1000).toISOString();
    const { secret } = rolled.json<RolledWebhookSecret>();
    expect(rolled.json()).toEqual({
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) as string,
      previousSecretExpiresAt: expiresAt,
    });
    expect(secret).not.toBe(created.secret);
    const after = (await t.as(key).get(url)).json<WebhookEndpoint>();
    expect(after).toMatchObject({
      secretPrefix: secret.slice(0, 10),
      previousSecretExpiresAt: expiresAt,
    });
    expect(after.secretPrefix).not.toBe(created.secretPrefix);
    const [event] = await auditOf(created.id);
    expect(event).toMatchObject({
      action: 'webhook.secret_rolled',
      changes: {
        secretPrefix: [created.secretPrefix, after.secretPrefix],
        previousSecretExpiresAt: [null, expiresAt],
      },
    });
    const stored = await storedText();
    for (const shown of [created.secret, secret])
      expect(stored).not.toContain(shown.slice('whsec_'.length));

    // Past the 24 hours, only the new secret signs.
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await t.as(key).get(url)).json()).toMatchObject({ previousSecretExpiresAt: null });
  });

  it("keeps each account's endpoints its own; staff reach any account's", async () => {
    const owner = await partner();
    const other = await partner();
    const created = await create(owner.key);
    const url = `/v1/account/webhooks/${created.id}`;
    const notFound = problemOf(PROBLEMS.webhookEndpointNotFound);
    expectProblem(await t.as(other.key).get(url), notFound);
    expectProblem(await t.as(other.key).patch(url, { status: 'disabled' }), notFound);
    expectProblem(await t.as(other.key).post(`${url}/secret`), notFound);
    expectProblem(await t.as(other.key).delete(url), notFound);
    expect((await t.as(other.key).get('/v1/account/webhooks')).json()).toEqual([]);
    const { secret: _secret, ...endpoint } = created;
    expect((await t.as(owner.key).get(url)).json()).toEqual(endpoint);

    // Partners have no staff routes.
    const adminUrl = `/v1/admin/accounts/${owner.accountId}/webhooks`;
    expectProblem(await t.as(other.key).get(adminUrl), problemOf(PROBLEMS.staffOnly));

    // Staff: the account's list, its endpoint, and changes to it, made in the staff's name.
    const listed = await t.as(staff).get(adminUrl);
    expect(listed.json()).toEqual([endpoint]);
    expect((await t.as(staff).get(`${adminUrl}/${created.id}`)).json()).toEqual(endpoint);
    expectProblem(
      await t.as(staff).get(`/v1/admin/accounts/${other.accountId}/webhooks/${created.id}`),
      notFound,
    );
    expectProblem(
      await t.as(staff).get('/v1/admin/accounts/999999/webhooks'),
      problemOf(PROBLEMS.accountNotFound),
    );
    const disabled = await t.as(staff).patch(`${adminUrl}/${created.id}`, { status: 'disabled' });
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabledReason: 'requested' });
    const rolled = await t.as(staff).post(`${adminUrl}/${created.id}/secret`);
    expect(rolled.statusCode).toBe(200);
    const made = await t.as(staff).post(adminUrl, aHook(), { 'idempotency-key': 'staff-1' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ accountId: owner.accountId, status: 'enabled' });
    expect(
      (await t.as(owner.key).get('/v1/account/webhooks'))
        .json<WebhookEndpoint[]>()
        .map((hook) => hook.id),
    ).toEqual([created.id, made.json<WebhookEndpoint>().id]);
    expect((await t.as(staff).delete(`${adminUrl}/${created.id}`)).statusCode).toBe(204);
    const [deleted] = await auditOf(created.id);
    expect(deleted?.action).toBe('webhook.deleted');
    expect(deleted?.actor).not.toMatchObject({ accountId: owner.accountId });
  });

  it.each([
    ['https://loopback.example/', notPublicIssue('127.0.0.1', 'a loopback')],
    ['https://private.example/hooks', notPublicIssue('10.1.2.3', 'a private')],
    ['https://metadata.example/latest', notPublicIssue('169.254.169.254', 'a link-local')],
    ['https://v6-loopback.example/', notPublicIssue('::1', 'a loopback')],
    ['https://mapped.example/', notPublicIssue('::ffff:127.0.0.1', 'a loopback')],
    ['https://half-private.example/', notPublicIssue('192.168.0.10', 'a private')],
    ['https://[::1]/', notPublicIssue('::1', 'a loopback')],
    ['https://127.0.0.1/', notPublicIssue('127.0.0.1', 'a loopback')],
    ['https://169.254.169.254/', notPublicIssue('169.254.169.254', 'a link-local')],
    ['https://nowhere.example/', WEBHOOK_URL_ISSUES.unresolved],
    ['http://hooks.partner.example/', WEBHOOK_URL_ISSUES.notHttps],
    ['ftp://hooks.partner.example/', WEBHOOK_URL_ISSUES.scheme],
  ])('refuses %s, making nothing', async (url, issue) => {
    const { key } = await partner();
    expectProblem(await t.as(key).post('/v1/account/webhooks', aHook({ url })), refusedUrl(issue));
    expect((await t.as(key).get('/v1/account/webhooks')).json()).toEqual([]);
  });

  it(`takes at most ${WEBHOOK_ENDPOINTS_MAX} endpoints an account; a deleted one makes room`, async () => {
    const { key } = await partner();
    const made: number[] = [];
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) made.push((await create(key)).id);
    const refused: Answer = await t.as(key).post('/v1/account/webhooks', aHook());
    expectProblem(refused, problemOf(PROBLEMS.tooManyWebhookEndpoints));
    expect(refused.statusCode).toBe(409);
    expect((await t.as(key).delete(`/v1/account/webhooks/${made[0]}`)).statusCode).toBe(204);
    await create(key);
  });
});

describe('webhook endpoints with WEBHOOK_ALLOW_PRIVATE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, resolveHost });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes plain http and loopback or private addresses (a receiver on this machine)', async () => {
    const { key } = await t.createKey({ plan: 'enterprise', limits: UNMET_LIMITS });
    for (const url of [
      'http://loopback.example:8080/hooks',
      'http://127.0.0.1:3999/',
      'https://[::1]/',
      'https://private.example/',
    ]) {
      const answer = await t.as(key).post('/v1/account/webhooks', aHook({ url }));
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(201);
    }
    // A name that resolves nowhere is refused even so: nothing could be sent to it.
    expect(
      (await t.as(key).post('/v1/account/webhooks', aHook({ url: 'http://nowhere.example/' })))
        .statusCode,
    ).toBe(400);
  });
});
