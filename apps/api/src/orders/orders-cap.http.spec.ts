// README, Store orders: an account holds at most its plan's number of open (placed or approved)
// orders at once (Free 3, Pro 20, Business 100; staff unlimited); one more is `409
// open_orders_limit` saying the number. Cancelled and delivered orders do not count; a retry under
// the same Idempotency-Key still gets the first answer; and a burst of orders at once from one
// account never leaves more open than its plan allows.
import type { Order, Pet } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';

const capped = (max: number, plan: string) => ({
  code: 'open_orders_limit',
  status: 409,
  message: `This account already has ${max} open orders, the most its plan (${plan}) allows; cancel one or wait until one is delivered.`,
});

describe.each(ENGINES)('the cap on open orders on %s', (engine) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ key: staff } = await t.createKey(anAccount({ name: 'Staff', role: 'staff' })));
  });
  afterAll(async () => {
    await t.close();
  });

  const newPets = async (count: number) => {
    const ids: number[] = [];
    for (let n = 0; n < count; n++) {
      const response = await t.as(staff).post('/v1/pets', { name: `Pet ${n}`, categoryId: 1 });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<Pet>().id);
    }
    return ids;
  };
  const place = (key: string, petId: number, headers: Record<string, string> = {}) =>
    t.as(key).post('/v1/store/orders', { petId }, headers);
  const placed = async (key: string, petId: number) => {
    const response = await place(key, petId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const move = async (key: string, id: number, to: 'approve' | 'deliver' | 'cancel') => {
    const response = await t.as(key).post(`/v1/store/orders/${id}/${to}`);
    expect(response.statusCode, response.body).toBe(200);
  };
  const partner = async (plan: 'free' | 'pro' | 'business' = 'free') =>
    (await t.createKey({ name: `A ${plan} partner`, plan })).key;
  const openOrdersOf = async (key: string) => {
    const response = await t.as(key).get('/v1/store/orders?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order[]>().filter((o) => o.status === 'placed' || o.status === 'approved');
  };

  it('lets a Free account hold 3 open orders, and refuses a 4th in the words of its plan', async () => {
    const key = await partner();
    const pets = await newPets(5);
    const orders = [];
    for (const petId of pets.slice(0, 3)) orders.push(await placed(key, petId));

    const refused = await place(key, pets[3]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(capped(3, 'free'));
    // Nothing changed: the pet is still available, the account still has its 3.
    const pet = await t.as(staff).get('/v1/pets?status=available&limit=100');
    expect(pet.json<Pet[]>().map((p) => p.id)).toContain(pets[3]);
    expect(await openOrdersOf(key)).toHaveLength(3);

    // An approved order is still open.
    await move(staff, orders[0]!.id, 'approve');
    expect((await place(key, pets[3]!)).json()).toEqual(capped(3, 'free'));

    // A cancelled one is not: a new order goes through, and then the cap holds again.
    await move(key, orders[1]!.id, 'cancel');
    await placed(key, pets[3]!);
    expect((await place(key, pets[4]!)).json()).toEqual(capped(3, 'free'));

    // Nor is a delivered one.
    await move(staff, orders[0]!.id, 'deliver');
    await placed(key, pets[4]!);
    expect(await openOrdersOf(key)).toHaveLength(3);
  });

  it("refuses a Pro account's 21st open order", async () => {
    const key = await partner('pro');
    const pets = await newPets(21);
    for (const petId of pets.slice(0, 20)) await placed(key, petId);
    const refused = await place(key, pets[20]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(capped(20, 'pro'));
  });

  it('holds an enterprise account to its own number, changed with its plan, or to 1,000', async () => {
    const limits = { perMinute: 1_000, perDay: 10_000 };
    const made = await t.as(staff).post('/v1/admin/accounts', {
      name: 'Big Zoo',
      plan: 'enterprise',
      limits: { ...limits, openOrders: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const account = made.json<{ id: number; limits: object }>();
    expect(account.limits).toEqual({ ...limits, openOrders: 2 });
    const keyed = await t.as(staff).post(`/v1/admin/accounts/${account.id}/keys`, {
      label: 'big zoo',
    });
    const { key } = keyed.json<{ key: string }>();
    const pets = await newPets(4);
    for (const petId of pets.slice(0, 2)) await placed(key, petId);
    const refused = await place(key, pets[2]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(capped(2, 'enterprise'));

    // Its agreement changes with its plan: 3 now, and the third goes through.
    const changed = await t.as(staff).patch(`/v1/admin/accounts/${account.id}`, {
      plan: 'enterprise',
      limits: { ...limits, openOrders: 3 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await placed(key, pets[2]!);
    expect((await place(key, pets[3]!)).json()).toEqual(capped(3, 'enterprise'));

    // Without a number of its own: the enterprise default, as the account says.
    const plain = await t.as(staff).patch(`/v1/admin/accounts/${account.id}`, {
      plan: 'enterprise',
      limits,
    });
    expect(plain.json<{ limits: object }>().limits).toEqual({ ...limits, openOrders: 1_000 });
    await placed(key, pets[3]!);
  });

  it('counts each account on its own, and leaves staff unlimited', async () => {
    const [first, second] = [await partner(), await partner()];
    const freeStaff = (await t.createKey({ name: 'Free staff', role: 'staff' })).key;
    const pets = await newPets(12);
    for (const petId of pets.slice(0, 3)) await placed(first, petId);
    for (const petId of pets.slice(3, 6)) await placed(second, petId);
    // Staff on the Free plan: five open orders, no refusal.
    for (const petId of pets.slice(6, 11)) await placed(freeStaff, petId);
    expect((await place(first, pets[11]!)).json()).toEqual(capped(3, 'free'));
  });

  it('answers a retry under the same Idempotency-Key as the first time, even at the cap', async () => {
    const key = await partner();
    const pets = await newPets(4);
    await placed(key, pets[0]!);
    await placed(key, pets[1]!);
    const third = await place(key, pets[2]!, { 'idempotency-key': 'third-order' });
    expect(third.statusCode).toBe(201);
    expect((await place(key, pets[3]!)).json()).toEqual(capped(3, 'free'));

    const again = await place(key, pets[2]!, { 'idempotency-key': 'third-order' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(third.json());
    expect(await openOrdersOf(key)).toHaveLength(3);

    // A refusal is not stored: once there is room, the same key places the order.
    const refusedKey = { 'idempotency-key': 'fourth-order' };
    expect((await place(key, pets[3]!, refusedKey)).json()).toEqual(capped(3, 'free'));
    await move(key, third.json<Order>().id, 'cancel');
    expect((await place(key, pets[3]!, refusedKey)).statusCode).toBe(201);
  });

  it('of 10 orders at once from a Free account for 10 pets, places exactly 3', async () => {
    for (let round = 0; round < 3; round++) {
      const key = await partner();
      const pets = await newPets(10);
      const answers = await Promise.all(pets.map((petId) => place(key, petId)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      for (const answer of answers.filter((a) => a.statusCode !== 201))
        expect(answer.json()).toEqual(capped(3, 'free'));
      expect(await openOrdersOf(key)).toHaveLength(3);
    }
  });
});
