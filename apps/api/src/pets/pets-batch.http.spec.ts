// POST /v1/pets/batch on each database (docs/partners/pets.md): each item applied and audited as
// PATCH or DELETE of one pet would be, refused one by one with the answer it would have had alone,
// one request for the rate limits, replayed under its Idempotency-Key, 1 to 100 items.
import type { AuditEvent, Pet } from '@pets/contract';
import { describe, expect, it, vi } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectProblem } from '../../test/requests.js';
import { useApp } from '../../test/instances.js';
import { ENGINES } from '../../test/test-app.js';
import { Writer } from '../database/writer.js';
import { IDEMPOTENCY_WINDOW_MS } from '../idempotency/idempotency.service.js';

describe.each(ENGINES)('POST /v1/pets/batch on %s', (engine) => {
  const { t, staff, partner, other } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      partner: anAccount({ name: 'Partner' }),
      other: anAccount({ name: 'Other partner', limits: { perMinute: 50, perDay: 1_000 } }),
    },
  );

  const create = async (key: string, name: string) => {
    const response = await t.as(key).post('/v1/pets', { name, categoryId: 1 });
    expect(response.statusCode).toBe(201);
    return response.json<Pet>();
  };
  const batch = (key: string, items: unknown, headers: Record<string, string> = {}) =>
    t.as(key).post('/v1/pets/batch', { items }, headers);
  const history = async (id: number) =>
    (await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${id}`)).json<
      AuditEvent[]
    >();
  /** What the single operation answers, as a batch result. */
  const alone = async (pending: Promise<{ statusCode: number; body: string }>) => {
    const answer = await pending;
    if (answer.statusCode === 204) return { status: 204 };
    if (answer.statusCode === 200) return { status: 200, pet: JSON.parse(answer.body) as Pet };
    return { status: answer.statusCode, error: JSON.parse(answer.body) as unknown };
  };

  it('applies each item on its own and answers what each would have had alone, in order', async () => {
    const renamed = await create(partner.key, 'Rexx');
    const ordered = await create(partner.key, 'Ordered');
    const othersPet = await create(other.key, 'Not yours');
    const removed = await create(staff.key, 'Mistake');
    expect(
      (await t.as(partner.key).post('/v1/store/orders', { petId: ordered.id })).statusCode,
    ).toBe(201);

    const answer = await batch(staff.key, [
      { petId: renamed.id, patch: { name: 'Rex', status: 'pending' } },
      { petId: 999_999, patch: { status: 'sold' } },
      { petId: ordered.id, patch: { status: 'sold' } },
      { petId: removed.id, delete: true },
      { petId: ordered.id, delete: true },
    ]);
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{ results: unknown[] }>();
    expect(results).toEqual([
      { status: 200, pet: { ...renamed, name: 'Rex', status: 'pending' } },
      {
        status: 404,
        error: { code: 'not_found', message: 'No pet has this id.', status: 404 },
      },
      await alone(t.as(staff.key).patch(`/v1/pets/${ordered.id}`, { status: 'sold' })),
      { status: 204 },
      await alone(t.as(staff.key).delete(`/v1/pets/${ordered.id}`)),
    ]);
    expect(results[2]).toMatchObject({ status: 409, error: { code: 'invalid_transition' } });
    expect(results[4]).toMatchObject({ status: 409, error: { code: 'invalid_transition' } });
    expect(results[1]).toEqual(
      await alone(t.as(staff.key).patch('/v1/pets/999999', { status: 'sold' })),
    );
    expect((await t.as(staff.key).get(`/v1/pets/${removed.id}`)).statusCode).toBe(404);
    expect((await t.as(staff.key).get(`/v1/pets/${renamed.id}`)).json()).toEqual({
      ...renamed,
      name: 'Rex',
      status: 'pending',
    });

    // A partner: its own pets changed, another account's refused, and no removal (staff's).
    const partners = await batch(partner.key, [
      { petId: othersPet.id, patch: { name: 'Stolen' } },
      { petId: renamed.id, patch: { status: 'available' } },
      { petId: renamed.id, delete: true },
    ]);
    expect(partners.statusCode).toBe(200);
    expect(partners.json()).toEqual({
      results: [
        await alone(t.as(partner.key).patch(`/v1/pets/${othersPet.id}`, { name: 'Stolen' })),
        { status: 200, pet: { ...renamed, name: 'Rex', status: 'available' } },
        await alone(t.as(partner.key).delete(`/v1/pets/${renamed.id}`)),
      ],
    });
    expect(partners.json<{ results: { status: number }[] }>().results.map((r) => r.status)).toEqual(
      [403, 200, 403],
    );
    expect((await t.as(other.key).get(`/v1/pets/${othersPet.id}`)).json()).toEqual(othersPet);
  });

  it('audits each item applied exactly as the single operation, by the caller, and nothing refused', async () => {
    const pet = await create(partner.key, 'Audited');
    const gone = await create(staff.key, 'Audited gone');
    const answer = await batch(staff.key, [
      { petId: pet.id, patch: { status: 'sold' } },
      { petId: pet.id, patch: { status: 'pending' } },
      { petId: pet.id, patch: { status: 'sold' } },
      { petId: gone.id, delete: true },
    ]);
    expect(answer.json<{ results: { status: number }[] }>().results.map((r) => r.status)).toEqual([
      200, 409, 200, 204,
    ]);
    const events = await history(pet.id);
    expect(events.map((event) => [event.action, event.changes])).toEqual([
      ['pet.updated', { status: ['available', 'sold'] }],
      [
        'pet.created',
        { name: [null, 'Audited'], categoryId: [null, 1], status: [null, 'available'] },
      ],
    ]);
    expect(events[0]?.actor).toEqual({ accountId: staff.accountId, keyId: staff.keyId });
    const removal = await history(gone.id);
    expect(removal[0]).toMatchObject({
      action: 'pet.deleted',
      actor: { accountId: staff.accountId, keyId: staff.keyId },
      changes: { name: ['Audited gone', null], categoryId: [1, null], status: ['available', null] },
    });
  });

  it('replays the stored results for the same Idempotency-Key and body, applying nothing', async () => {
    const pet = await create(staff.key, 'Once');
    const items = [{ petId: pet.id, patch: { status: 'pending' } }];
    const key = { 'idempotency-key': 'batch-once-1' };
    const first = await batch(staff.key, items, key);
    expect(first.statusCode).toBe(200);
    // Moved back by hand: a replay that applied the batch again would move it once more.
    await t.as(staff.key).patch(`/v1/pets/${pet.id}`, { status: 'available' });
    const again = await batch(staff.key, items, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await t.as(staff.key).get(`/v1/pets/${pet.id}`)).json<Pet>().status).toBe('available');
    expect((await history(pet.id)).length).toBe(3);

    const reused = await batch(staff.key, [{ petId: pet.id, patch: { status: 'sold' } }], key);
    expectProblem(reused, {
      code: 'idempotency_key_reused',
      status: 400,
      message: reused.json<{ message: string }>().message,
    });
    expect((await t.as(staff.key).get(`/v1/pets/${pet.id}`)).json<Pet>().status).toBe('available');
    // Another account's key of the same name is its own.
    const others = await batch(other.key, items, key);
    expect(others.json()).toEqual({
      results: [await alone(t.as(other.key).patch(`/v1/pets/${pet.id}`, { status: 'pending' }))],
    });
  });

  /** Four pets, and a batch that removes the first and moves the others. */
  const fourPets = async (name: string) => {
    const pets = await Promise.all([1, 2, 3, 4].map((n) => create(staff.key, `${name} ${n}`)));
    const items = pets.map((pet, n) =>
      n === 0 ? { petId: pet.id, delete: true } : { petId: pet.id, patch: { status: 'pending' } },
    );
    const due = {
      results: pets.map((pet, n) =>
        n === 0 ? { status: 204 } : { status: 200, pet: { ...pet, status: 'pending' } },
      ),
    };
    return { pets, items, due };
  };
  /** A batch sent while the database goes away at the third transaction: its later items fail. */
  const cutShort = async (items: unknown, key: Record<string, string>) => {
    const writer = t.app.get(Writer);
    const transaction = writer.transaction.bind(writer);
    let calls = 0;
    const away = vi.spyOn(writer, 'transaction').mockImplementation((work) => {
      calls += 1;
      return calls === 3 ? Promise.reject(new Error('database away')) : transaction(work);
    });
    try {
      return await batch(staff.key, items, key);
    } finally {
      away.mockRestore();
    }
  };
  /** The actions in each pet's history, oldest first. */
  const actionsOf = (pets: Pet[]) =>
    Promise.all(pets.map(async (pet) => (await history(pet.id)).map((e) => e.action).reverse()));
  const once = [
    ['pet.created', 'pet.deleted'],
    ['pet.created', 'pet.updated'],
    ['pet.created', 'pet.updated'],
    ['pet.created', 'pet.updated'],
  ];

  it('a batch cut short and sent again with its key makes each item once and answers as one run', async () => {
    const { pets, items, due } = await fourPets('Cut short');
    const key = { 'idempotency-key': 'batch-cut-short' };
    // The database goes away at the third item's transaction: the removal and a move are made.
    expect((await cutShort(items, key)).statusCode).toBeGreaterThanOrEqual(500);
    expect((await actionsOf(pets)).map((actions) => actions.length)).toEqual([2, 2, 1, 1]);

    const again = await batch(staff.key, items, key);
    expect(again.json()).toEqual(due);
    expect((await batch(staff.key, items, key)).json()).toEqual(due);
    expect(await actionsOf(pets)).toEqual(once);
  });

  it('the same key at the same moment: one body is made once and answered to both, another refused', async () => {
    const { pets, items, due } = await fourPets('Twice');
    const key = { 'idempotency-key': 'batch-twice' };
    const answers = await Promise.all([batch(staff.key, items, key), batch(staff.key, items, key)]);
    expect(answers.map((answer) => answer.json<unknown>())).toEqual([due, due]);
    expect(await actionsOf(pets)).toEqual(once);

    // Two different batches under one key at once: one is made, the other refused having made nothing.
    const first = await fourPets('Raced');
    const second = await fourPets('Raced too');
    const raced = { 'idempotency-key': 'batch-raced' };
    const [a, b] = await Promise.all([
      batch(staff.key, first.items, raced),
      batch(staff.key, second.items, raced),
    ]);
    const [made, refused] = a.statusCode === 200 ? [first, second] : [second, first];
    expect([a, b].map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((a.statusCode === 200 ? b : a).json<{ code: string }>().code).toBe(
      'idempotency_key_reused',
    );
    expect(await actionsOf(made.pets)).toEqual(once);
    expect(await actionsOf(refused.pets)).toEqual(refused.pets.map(() => ['pet.created']));
  });

  it('the items of a run cut short over 24 hours ago are forgotten with it: the key is free again', async () => {
    const { items } = await fourPets('Long ago');
    const key = { 'idempotency-key': 'batch-long-ago' };
    expect((await cutShort(items, key)).statusCode).toBeGreaterThanOrEqual(500);
    t.clock.advance(IDEMPOTENCY_WINDOW_MS + 1);
    const { pets, items: others, due } = await fourPets('Today');
    expect((await batch(staff.key, others, key)).json()).toEqual(due);
    expect(await actionsOf(pets)).toEqual(once);
  });

  it('takes 100 items; 0, 101 or a bad item is 400 invalid_body naming the field, applying nothing', async () => {
    const pet = await create(staff.key, 'Hundred');
    const hundred = Array.from({ length: 100 }, (_, n) => ({
      petId: pet.id,
      patch: { name: `Hundred ${n}` },
    }));
    const answer = await batch(staff.key, hundred);
    expect(answer.statusCode).toBe(200);
    const { results } = answer.json<{ results: { status: number; pet: Pet }[] }>();
    expect(results.map((result) => result.pet.name)).toEqual(
      hundred.map((item) => item.patch.name),
    );
    const events = (
      await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${pet.id}&limit=100`)
    ).json<AuditEvent[]>();
    // Newest first: the 100 changes, the creation on the next page.
    expect(events.map((event) => event.changes['name'])).toEqual(
      hundred
        .map((item, n) => [n === 0 ? 'Hundred' : `Hundred ${n - 1}`, item.patch.name])
        .reverse(),
    );

    const tooMany = await batch(staff.key, [...hundred, hundred[0]]);
    expectProblem(tooMany, {
      code: 'invalid_body',
      status: 400,
      message: 'The request body is invalid: items must hold 1 to 100 items.',
      details: [{ field: 'items', issue: 'must hold 1 to 100 items' }],
    });
    expect((await batch(staff.key, [])).json()).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'items', issue: 'must hold 1 to 100 items' }],
    });
    const bad = await batch(staff.key, [
      { petId: pet.id, patch: { status: 'sold' } },
      { petId: pet.id, patch: { name: 'Fine' } },
      { petId: pet.id },
      { petId: pet.id, patch: { status: 'lost' } },
      { petId: pet.id, delete: false },
      { petId: 1.0, patch: { name: 'x' }, extra: 1 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: unknown }>().details).toEqual([
      { field: 'items[2]', issue: 'must have either `patch` or `delete`, not both' },
      { field: 'items[3].patch.status', issue: 'must be one of available, pending, sold' },
      { field: 'items[4].delete', issue: 'must be true' },
      { field: 'items[5].extra', issue: 'is not allowed' },
    ]);
    expect((await t.as(staff.key).get(`/v1/pets/${pet.id}`)).json<Pet>().name).toBe('Hundred 99');
    const both = await batch(staff.key, [{ petId: pet.id, patch: { name: 'A' }, delete: true }]);
    expect(both.json<{ details: unknown }>().details).toEqual([
      { field: 'items[0]', issue: 'must have either `patch` or `delete`, not both' },
    ]);
  });

  it('is one request for the rate limits, whatever its number of items', async () => {
    const pet = await create(other.key, 'Counted');
    const before = await t.as(other.key).get('/v1/pets?limit=1');
    const remaining = Number(before.headers['x-ratelimit-remaining']);
    const items = Array.from({ length: 20 }, () => ({ petId: pet.id, patch: { name: 'Counted' } }));
    const answer = await batch(other.key, items);
    expect(answer.statusCode).toBe(200);
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
  });
});
