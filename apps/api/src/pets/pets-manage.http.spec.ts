// Managing pets over HTTP on each database (docs/partners/pets.md): PATCH with
// its allowed status moves and owners, DELETE for staff only, filters by category and name, and
// every change in the audit list for staff.
import type { AuditEvent, Pet } from '@pets/contract';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectProblem, nextLink } from '../../test/requests.js';
import { useApp } from '../../test/instances.js';
import { createTestApp, ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('managing pets on %s', (engine) => {
  const { t, staff, partner, other } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      partner: anAccount({ name: 'Partner' }),
      other: anAccount({ name: 'Other partner' }),
    },
  );

  const create = async (key: string, pet: Record<string, unknown>) => {
    const response = await t.as(key).post('/v1/pets', { categoryId: 1, ...pet });
    expect(response.statusCode).toBe(201);
    return response.json<Pet>();
  };
  const patch = (key: string, id: number, body: unknown, type?: string) =>
    t.as(key).patch(`/v1/pets/${id}`, body, type === undefined ? {} : { 'content-type': type });
  const history = async (id: number) =>
    (await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${id}`)).json<
      AuditEvent[]
    >();

  describe('PATCH /v1/pets/{petId}', () => {
    it('changes the fields sent, answers the whole pet, and records who changed what', async () => {
      const pet = await create(partner.key, { name: 'Rexx' });
      const response = await patch(
        partner.key,
        pet.id,
        { name: 'Rex', categoryId: 4 },
        'application/merge-patch+json',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: pet.id,
        name: 'Rex',
        categoryId: 4,
        status: 'available',
      });
      expect((await t.as(partner.key).get(`/v1/pets/${pet.id}`)).json()).toEqual(response.json());
      const events = await history(pet.id);
      expect(events.map((event) => event.action)).toEqual(['pet.updated', 'pet.created']);
      expect(events[0]).toMatchObject({
        actor: { accountId: partner.accountId, keyId: partner.keyId },
        target: { type: 'pet', id: pet.id },
        changes: { name: ['Rexx', 'Rex'], categoryId: [1, 4] },
      });
      expect(events[1]?.changes).toEqual({
        name: [null, 'Rexx'],
        categoryId: [null, 1],
        status: [null, 'available'],
      });
    });

    it('refuses an empty patch, a null, another field and other media types with 400', async () => {
      const pet = await create(partner.key, { name: 'Tom' });
      for (const body of [{}, { name: null }, { id: 9 }, { status: 'lost' }, { name: '' }]) {
        const response = await patch(partner.key, pet.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json<{ code: string }>().code).toBe('invalid_body');
      }
      const text = await patch(partner.key, pet.id, { name: 'X' }, 'text/plain');
      expect(text.json<{ code: string }>().code).toBe('unsupported_media_type');
      expect((await history(pet.id)).map((event) => event.action)).toEqual(['pet.created']);
    });

    it('moves statuses as allowed, sold back to available by staff only, and 409s the rest', async () => {
      const pet = await create(partner.key, { name: 'Mover' });
      const move = (key: string, status: string) => patch(key, pet.id, { status });
      expect((await move(partner.key, 'pending')).statusCode).toBe(200);
      expect((await move(partner.key, 'available')).statusCode).toBe(200);
      expect((await move(partner.key, 'sold')).statusCode).toBe(200);

      const refused = await move(partner.key, 'pending');
      expectProblem(refused, {
        code: 'invalid_transition',
        message:
          'The pet is sold, and its status cannot change: status sold → pending is not allowed.',
        status: 409,
        details: [{ field: 'status', issue: 'sold → pending is not allowed' }],
      });
      const partnerBack = await move(partner.key, 'available');
      expect(partnerBack.statusCode).toBe(409);
      expect(partnerBack.json<{ details: unknown }>().details).toEqual([
        { field: 'status', issue: 'sold → available is allowed for staff only' },
      ]);
      // The same status changes nothing, and is no event.
      expect((await move(partner.key, 'sold')).statusCode).toBe(200);
      expect((await move(staff.key, 'available')).statusCode).toBe(200);
      const moves = (await history(pet.id))
        .filter((event) => event.action === 'pet.updated')
        .map((event) => event.changes['status']);
      expect(moves).toEqual([
        ['sold', 'available'],
        ['available', 'sold'],
        ['pending', 'available'],
        ['available', 'pending'],
      ]);
    });

    it("lets partners change only their own account's pets; staff change any", async () => {
      const mine = await create(partner.key, { name: 'Mine' });
      const staffs = await create(staff.key, { name: 'Staff pet' });
      const refused = await patch(other.key, mine.id, { name: 'Stolen' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('forbidden');
      expect((await patch(partner.key, staffs.id, { name: 'No' })).statusCode).toBe(403);
      expect((await patch(staff.key, mine.id, { name: 'Fixed by staff' })).statusCode).toBe(200);
      expect((await history(mine.id))[0]?.actor).toEqual({
        accountId: staff.accountId,
        keyId: staff.keyId,
      });
    });

    it('treats pets made before owners were recorded as staff pets', async () => {
      const pet = await create(partner.key, { name: 'Old' });
      await t.app
        .get(DataSource)
        .query(`UPDATE pets SET owner_account_id = NULL WHERE id = ${pet.id}`);
      expect((await patch(partner.key, pet.id, { name: 'Mine now?' })).statusCode).toBe(403);
      expect((await patch(staff.key, pet.id, { name: 'Staff' })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown, malformed or removed pet', async () => {
      const pet = await create(partner.key, { name: 'Gone soon' });
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);
      for (const id of [String(pet.id), '999999', '0', 'x']) {
        const response = await t.as(partner.key).patch(`/v1/pets/${id}`, { name: 'A' });
        expect(response.statusCode, id).toBe(404);
        expect(response.json<{ code: string }>().code).toBe('not_found');
      }
    });
  });

  describe('DELETE /v1/pets/{petId}', () => {
    it('removes a pet for staff: gone from lists and GET, its id never reused, its history kept', async () => {
      const pet = await create(partner.key, { name: 'Doomed' });
      const response = await t.as(staff.key).delete(`/v1/pets/${pet.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await t.as(staff.key).get(`/v1/pets/${pet.id}`)).statusCode).toBe(404);
      const listed = (await t.as(staff.key).get('/v1/pets?name=doomed')).json<Pet[]>();
      expect(listed).toEqual([]);
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(404);
      const next = await create(partner.key, { name: 'After' });
      expect(next.id).toBeGreaterThan(pet.id);
      const [deleted] = await history(pet.id);
      expect(deleted).toMatchObject({
        action: 'pet.deleted',
        changes: { name: ['Doomed', null], categoryId: [1, null], status: ['available', null] },
      });
    });

    it('is for staff only', async () => {
      const pet = await create(partner.key, { name: 'Kept' });
      const response = await t.as(partner.key).delete(`/v1/pets/${pet.id}`);
      expect(response.statusCode).toBe(403);
      expect((await t.as(partner.key).get(`/v1/pets/${pet.id}`)).statusCode).toBe(200);
    });
  });

  describe('finding pets', () => {
    it('filters by categoryId and by a name prefix in any case, with status, paging through Link', async () => {
      // Two categories of this test's own, so no other test's pets are in them.
      const [c77, c78] = await Promise.all(
        ['Finding', 'Finding too'].map(async (name) => {
          const response = await t.as(staff.key).post('/v1/categories', { name });
          expect(response.statusCode).toBe(201);
          return response.json<{ id: number }>().id;
        }),
      );
      const made: Pet[] = [];
      for (const [name, categoryId, status] of [
        ['Ÿvonne', c77, 'available'],
        ['ÿves', c77, 'sold'],
        ['Yvette', c77, 'available'],
        ['ÿvan', c78, 'available'],
        ['Zed', c77, 'available'],
      ] as const)
        made.push(await create(partner.key, { name, categoryId, status }));
      const names = async (query: string) =>
        (await t.as(partner.key).get(`/v1/pets?${query}`)).json<Pet[]>().map((pet) => pet.name);
      expect(await names(`categoryId=${c77}`)).toEqual(['Ÿvonne', 'ÿves', 'Yvette', 'Zed']);
      expect(await names(`name=${encodeURIComponent('ÿV')}`)).toEqual(['Ÿvonne', 'ÿves', 'ÿvan']);
      expect(
        await names(`name=${encodeURIComponent('ÿv')}&categoryId=${c77}&status=available`),
      ).toEqual(['Ÿvonne']);
      expect(await names('name=yve')).toEqual(['Yvette']);

      // Two to a page: the next link keeps every filter, and a cursor is only good with them.
      const first = await t.as(partner.key).get(`/v1/pets?categoryId=${c77}&limit=2`);
      const next = nextLink(first)!;
      expect(next.searchParams.get('categoryId')).toBe(String(c77));
      const second = await t.as(partner.key).get(next.pathname + next.search);
      expect(second.json<Pet[]>().map((pet) => pet.name)).toEqual(['Yvette', 'Zed']);
      const cursor = next.searchParams.get('cursor') ?? '';
      const mismatch = await t.as(partner.key).get(`/v1/pets?categoryId=${c78}&cursor=${cursor}`);
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json<{ details: unknown }>().details).toEqual([
        { field: 'cursor', issue: 'belongs to different filters' },
      ]);
      for (const query of [
        'categoryId=0',
        'name=',
        `name=${'x'.repeat(101)}`,
        'categoryId=1&categoryId=2',
      ])
        expect((await t.as(partner.key).get(`/v1/pets?${query}`)).statusCode, query).toBe(400);
    });
  });

  describe('GET /v1/admin/audit', () => {
    it('lists every kind of change newest first, with filters and paging, for staff only', async () => {
      const fresh = await createTestApp({ engine });
      try {
        const boss = await fresh.createKey(anAccount({ name: 'Boss', role: 'staff' }));
        const { get, post, patch, delete: remove } = fresh.as(boss.key);
        const account = (await post('/v1/admin/accounts', { name: 'Acme', plan: 'free' })).json<{
          id: number;
        }>();
        await patch(`/v1/admin/accounts/${account.id}`, { plan: 'pro' });
        const key = (await post(`/v1/admin/accounts/${account.id}/keys`, { label: 'CI' })).json<{
          id: number;
          key: string;
        }>();
        await remove(`/v1/admin/keys/${key.id}`);

        const all = (await get('/v1/admin/audit')).json<AuditEvent[]>();
        expect(all.map((event) => [event.action, event.target])).toEqual([
          ['key.revoked', { type: 'key', id: key.id }],
          ['key.created', { type: 'key', id: key.id }],
          ['account.plan_changed', { type: 'account', id: account.id }],
          ['account.created', { type: 'account', id: account.id }],
          ['key.created', { type: 'key', id: boss.keyId }],
          ['account.created', { type: 'account', id: boss.accountId }],
        ]);
        expect(all.slice(4).map((event) => event.actor)).toEqual(['cli', 'cli']);
        expect(all[0]?.actor).toEqual({ accountId: boss.accountId, keyId: boss.keyId });
        expect(all[1]?.changes).toEqual({ accountId: [null, account.id], label: [null, 'CI'] });
        expect(JSON.stringify(all)).not.toContain(key.key);
        expect(all[2]?.changes).toEqual({ plan: ['free', 'pro'] });
        expect(new Date(all[0]?.at ?? '').getTime()).toBe(fresh.clock.now());

        const byAccount = (
          await get(`/v1/admin/audit?targetType=account&targetId=${account.id}`)
        ).json<AuditEvent[]>();
        expect(byAccount.map((event) => event.action)).toEqual([
          'account.plan_changed',
          'account.created',
        ]);
        const byActor = await get(`/v1/admin/audit?actorAccountId=${boss.accountId}&limit=3`);
        expect(byActor.json<AuditEvent[]>().map((event) => event.action)).toEqual([
          'key.revoked',
          'key.created',
          'account.plan_changed',
        ]);
        const next = nextLink(byActor)!;
        expect(next.searchParams.get('actorAccountId')).toBe(String(boss.accountId));
        const rest = await get(next.pathname + next.search);
        expect(rest.json<AuditEvent[]>().map((event) => event.action)).toEqual(['account.created']);
        expect(rest.headers.link).toBeUndefined();
        const wrongScope = await get(`/v1/admin/audit?cursor=${next.searchParams.get('cursor')}`);
        expect(wrongScope.statusCode).toBe(400);

        const partnerKey = (await fresh.createKey({ name: 'P' })).key;
        expect((await fresh.as(partnerKey).get('/v1/admin/audit')).statusCode).toBe(403);
        expect((await get('/v1/admin/audit?targetType=dog')).statusCode).toBe(400);
      } finally {
        await fresh.close();
      }
    });
  });
});
