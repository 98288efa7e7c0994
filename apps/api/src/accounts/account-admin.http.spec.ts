// The account endpoints over HTTP on each database: any key sees its own account and creates,
// lists and revokes its own keys (a new key shown once, labels checked like every body); only staff
// list and create accounts, change plans and manage any account's keys, a partner gets 403.
import type { AuditEvent } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { ACME_ACCOUNT, STAFF_ACCOUNT } from '../../test/people-app.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';

describe.each(ENGINES)('account and admin endpoints on %s', (engine) => {
  let t: TestApp;
  let staff: { key: string; accountId: number };
  let partner: { key: string; accountId: number; keyId: number };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await t.createKey(STAFF_ACCOUNT);
    partner = await t.createKey(ACME_ACCOUNT);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('/v1/account (any key)', () => {
    it('shows the caller its account', async () => {
      const response = await t.as(partner.key).get('/v1/account');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: partner.accountId,
        name: 'Acme',
        plan: 'pro',
        role: 'partner',
        limits: { perMinute: 300, perDay: 10_000, openOrders: 20 },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      });
      expect(response.headers['x-ratelimit-limit']).toBe('300');
    });

    it('creates a key shown once, lists keys without secrets, and revokes', async () => {
      const created = await t.as(partner.key).post('/v1/account/keys', { label: '  Shop  ' });
      expect(created.statusCode).toBe(201);
      const key = created.json<{
        id: number;
        key: string;
        prefix: string;
        label: string;
        revokedAt: null;
      }>();
      expect(key).toMatchObject({
        accountId: partner.accountId,
        label: 'Shop',
        revokedAt: null,
        lastUsedAt: null,
      });
      expect(key.key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
      expect(key.key.startsWith(key.prefix)).toBe(true);

      const listed = await t.as(partner.key).get('/v1/account/keys');
      expect(listed.body).not.toContain(key.key);
      expect(listed.json<{ id: number }[]>().map((k) => k.id)).toContain(key.id);

      expect((await t.as(key.key).get('/v1/pets')).statusCode).toBe(200);
      const revoked = await t.as(partner.key).delete(`/v1/account/keys/${key.id}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<{ revokedAt: string | null }>().revokedAt).toEqual(expect.any(String));
      expect((await t.as(key.key).get('/v1/pets')).statusCode).toBe(401);
    });

    it('cannot revoke a key of another account, or one that does not exist', async () => {
      const other = await t.createKey({ name: 'Other' });
      expect((await t.as(partner.key).delete(`/v1/account/keys/${other.keyId}`)).json()).toEqual({
        code: 'not_found',
        message: 'No API key has this id.',
        status: 404,
      });
      expect((await t.as(partner.key).delete('/v1/account/keys/abc')).statusCode).toBe(404);
      expect((await t.as(other.key).get('/v1/pets')).statusCode).toBe(200);
    });

    it('validates labels like every body: a NUL (once a 500 on PostgreSQL) or a terminal escape is a 400', async () => {
      for (const label of ['\u0000evil', '\u001b[2J\u001b[31mred']) {
        const response = await t.as(partner.key).post('/v1/account/keys', { label, extra: 1 });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_body',
          details: [
            { field: 'label', issue: 'must not contain control characters' },
            { field: 'extra', issue: 'is not allowed' },
          ],
        });
      }
      const invisible = await t.as(partner.key).post('/v1/account/keys', { label: '\u2800' });
      expect(invisible.json()).toMatchObject({
        details: [{ field: 'label', issue: 'must contain a visible character' }],
      });
    });

    it('takes an empty label', async () => {
      const response = await t.as(partner.key).post('/v1/account/keys', { label: '  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ label: '' });
    });
  });

  describe('/v1/admin (staff only)', () => {
    it.each([
      ['GET', '/v1/admin/accounts'],
      ['POST', '/v1/admin/accounts'],
      ['PATCH', '/v1/admin/accounts/1'],
      ['GET', '/v1/admin/accounts/1/keys'],
      ['DELETE', '/v1/admin/keys/1'],
    ] as const)(
      '%s %s: 403 forbidden for a partner key, with rate-limit headers',
      async (method, url) => {
        const response = await t
          .as(partner.key)
          .send(method, url, method === 'POST' || method === 'PATCH' ? {} : undefined);
        expectProblem(response, {
          code: 'forbidden',
          message: 'This endpoint is for staff accounts only.',
          status: 403,
        });
        expect(response.headers['x-ratelimit-remaining']).toBeDefined();
      },
    );

    it('401 without a key', async () => {
      expect((await t.as().get('/v1/admin/accounts')).statusCode).toBe(401);
    });

    it('lists and creates accounts, and changes plans', async () => {
      const created = await t.as(staff.key).post('/v1/admin/accounts', {
        name: 'Big Co',
        plan: 'enterprise',
        role: 'partner',
        limits: { perMinute: 500, perDay: 50_000 },
      });
      expect(created.statusCode).toBe(201);
      const account = created.json<{ id: number }>();
      const createdAt = new Date(t.clock.now()).toISOString();
      expect(created.json()).toMatchObject({
        name: 'Big Co',
        plan: 'enterprise',
        limits: { perMinute: 500, perDay: 50_000 },
        createdAt,
      });

      const listed = await t.as(staff.key).get('/v1/admin/accounts');
      expect(listed.json<{ id: number }[]>().map((a) => a.id)).toEqual(
        expect.arrayContaining([staff.accountId, partner.accountId, account.id]),
      );

      t.clock.advance(60_000);
      const changed = await t.as(staff.key).patch(`/v1/admin/accounts/${account.id}`, {
        plan: 'business',
      });
      expect(changed.json()).toMatchObject({
        plan: 'business',
        limits: { perMinute: 1000, perDay: 100_000 },
      });
      // Both times are the app's clock, as every other time the API records.
      const history = await t
        .as(staff.key)
        .get(`/v1/admin/audit?targetType=account&targetId=${account.id}`);
      expect(history.json<AuditEvent[]>().map((event) => [event.action, event.at])).toEqual([
        ['account.plan_changed', new Date(t.clock.now()).toISOString()],
        ['account.created', createdAt],
      ]);

      const refused = await t.as(staff.key).patch(`/v1/admin/accounts/${account.id}`, {
        plan: 'enterprise',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_body',
        details: [{ field: 'limits', issue: 'are required for the enterprise plan' }],
      });
      expect(
        (await t.as(staff.key).patch('/v1/admin/accounts/999999', { plan: 'pro' })).statusCode,
      ).toBe(404);
    });

    it('refuses a day below the minute, on limits.perDay, when creating and when changing', async () => {
      const limits = { perMinute: 5_000, perDay: 10 };
      const detail = {
        field: 'limits.perDay',
        issue: 'must be at least the per-minute limit (5,000)',
      };
      const created = await t.as(staff.key).post('/v1/admin/accounts', {
        name: 'Swapped',
        plan: 'enterprise',
        limits,
      });
      const changed = await t.as(staff.key).patch(`/v1/admin/accounts/${partner.accountId}`, {
        plan: 'enterprise',
        limits,
      });
      for (const response of [created, changed]) {
        expectProblem(response, {
          code: 'invalid_body',
          message: expect.stringContaining(
            'limits.perDay must be at least the per-minute limit (5,000)',
          ) as string,
          status: 400,
          details: [detail],
        });
      }
      const accounts = await t.as(staff.key).get('/v1/admin/accounts');
      expect(accounts.json<{ name: string }[]>().map((a) => a.name)).not.toContain('Swapped');
    });

    it('tells every problem of a body whose plan is not one', async () => {
      const response = await t.as(staff.key).post('/v1/admin/accounts', {
        name: '',
        plan: 'gold',
        extra: true,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: unknown }>().details).toEqual([
        { field: 'name', issue: 'must not be empty' },
        { field: 'plan', issue: 'must be one of free, pro, business, enterprise' },
        { field: 'extra', issue: 'is not allowed' },
      ]);
    });

    it('manages the keys of any account', async () => {
      const created = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${partner.accountId}/keys`, { label: 'Issued by staff' });
      expect(created.statusCode).toBe(201);
      const key = created.json<{ id: number; key: string }>();
      const keys = await t.as(staff.key).get(`/v1/admin/accounts/${partner.accountId}/keys`);
      expect(keys.json<{ id: number }[]>().map((k) => k.id)).toContain(key.id);
      expect((await t.as(staff.key).delete(`/v1/admin/keys/${key.id}`)).statusCode).toBe(200);
      expect((await t.as(key.key).get('/v1/pets')).statusCode).toBe(401);
      expect((await t.as(staff.key).get('/v1/admin/accounts/999999/keys')).statusCode).toBe(404);
    });
  });
});
