// Store orders over HTTP on each database (docs/partners/orders.md): placing an order for an available
// pet (once per Idempotency-Key) makes it pending; staff approve and deliver (the pet sold), staff or
// the account that placed it cancel (the pet available again); every refusal in the contract's
// words; partners see only their own orders; lists page like every list; the inventory counts pets;
// a pet with an open order keeps its status and is not removed; every change is audited.
import {
  type AuditEvent,
  MOVES_WITH_ORDER,
  NO_SUCH_PET,
  type Inventory,
  type Order,
  ORDER_MOVES,
  type OrderMove,
  type OrderStatus,
  type Pet,
  PET_ALREADY_ORDERED,
  petNotOrderableIssue,
  PROBLEMS,
  transitionIssue,
} from '@pets/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, OWN_ORIGIN, PASSWORD, signInAs } from '../../test/people-app.js';
import { anAccount } from '../../test/factories.js';
import { followLinks } from '../../test/requests.js';
import { useApp } from '../../test/instances.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';

describe.each(ENGINES)('store orders on %s', (engine) => {
  const { t, staff, partner, other } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      partner: anAccount({ name: 'Partner' }),
      other: anAccount({ name: 'Other partner' }),
    },
  );

  const createPet = async (status: Pet['status'] = 'available', name = 'Rex') => {
    const response = await t.as(staff.key).post('/v1/pets', { name, categoryId: 1, status });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Pet>();
  };
  const place = (petId: unknown, key = partner.key, headers: Record<string, string> = {}) =>
    t.as(key).post('/v1/store/orders', { petId }, headers);
  const placed = async (petId: number, key = partner.key) => {
    const response = await place(petId, key);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Order>();
  };
  const moveOrder = (id: number | string, move: OrderMove, key = staff.key) =>
    t.as(key).post(`/v1/store/orders/${id}/${move}`);
  const moved = async (id: number, move: OrderMove, key = staff.key) => {
    const response = await moveOrder(id, move, key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Order>();
  };
  const petStatus = async (id: number) =>
    (await t.as(staff.key).get(`/v1/pets/${id}`)).json<Pet>().status;
  const history = async (type: 'order' | 'pet', id: number) =>
    (await t.as(staff.key).get(`/v1/admin/audit?targetType=${type}&targetId=${id}`)).json<
      AuditEvent[]
    >();
  const inventory = async (key = partner.key) => {
    const response = await t.as(key).get('/v1/store/inventory');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Inventory>();
  };
  /** Every order, following `Link` from `url` to the end. */
  const everyOrder = (url: string, key = staff.key) =>
    followLinks<Order>((next) => t.as(key).get(next), url);
  const invalidPetId = (issue: string) => ({
    code: 'invalid_body',
    status: 400,
    message: `The request body is invalid: petId ${issue}.`,
    details: [{ field: 'petId', issue }],
  });
  const refusedMove = (status: OrderStatus, move: OrderMove) => ({
    ...PROBLEMS.orderMoveRefused(status, move),
    status: 409,
    details: [{ field: 'status', issue: transitionIssue(status, ORDER_MOVES[move].to, false) }],
  });
  const alreadyOrdered = {
    ...PROBLEMS.petAlreadyOrdered,
    status: 409,
    details: [{ field: 'petId', issue: PET_ALREADY_ORDERED }],
  };
  const orderNotFound = { ...PROBLEMS.orderNotFound, status: 404 };

  it('asks for a key, and staff to approve or deliver', async () => {
    for (const [method, url] of [
      ['GET', '/v1/store/orders'],
      ['POST', '/v1/store/orders'],
      ['GET', '/v1/store/orders/1'],
      ['POST', '/v1/store/orders/1/approve'],
      ['POST', '/v1/store/orders/1/deliver'],
      ['POST', '/v1/store/orders/1/cancel'],
      ['GET', '/v1/store/inventory'],
    ] as const) {
      const anonymous = await t.as().send(method, url);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const pet = await createPet();
    const order = await placed(pet.id);
    for (const move of ['approve', 'deliver'] as const) {
      const refused = await moveOrder(order.id, move, partner.key);
      expect(refused.statusCode, move).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('forbidden');
    }
    expect((await t.as(partner.key).get(`/v1/store/orders/${order.id}`)).json()).toEqual(order);
  });

  it('places an order for an available pet: the pet is pending, with Location, both audited', async () => {
    const pet = await createPet();
    const response = await place(pet.id);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    const at = new Date(t.clock.now()).toISOString();
    expect(order).toEqual({
      id: order.id,
      petId: pet.id,
      accountId: partner.accountId,
      status: 'placed',
      placedAt: at,
      updatedAt: at,
    });
    expect(response.headers.location).toBe(`http://localhost:80/v1/store/orders/${order.id}`);
    expect(await petStatus(pet.id)).toBe('pending');
    expect((await t.as(partner.key).get(`/v1/store/orders/${order.id}`)).json()).toEqual(order);
    const [event] = await history('order', order.id);
    expect(event).toMatchObject({
      action: 'order.placed',
      actor: { accountId: partner.accountId, keyId: partner.keyId },
      target: { type: 'order', id: order.id },
      changes: { petId: [null, pet.id], status: [null, 'placed'] },
    });
    const [petEvent] = await history('pet', pet.id);
    expect(petEvent).toMatchObject({
      action: 'pet.updated',
      actor: { accountId: partner.accountId, keyId: partner.keyId },
      changes: { status: ['available', 'pending'] },
    });
    // In the same transaction: the pet's event right after the order's.
    expect(petEvent?.id).toBeGreaterThan(event?.id ?? Infinity);
  });

  it('names each problem of a body with 400, and stores nothing', async () => {
    const before = await everyOrder('/v1/store/orders?limit=100');
    const bad = async (body: unknown, details: unknown) => {
      const response = await t.as(partner.key).post('/v1/store/orders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string; details: unknown }>()).toMatchObject({
        code: 'invalid_body',
        details,
      });
    };
    await bad({}, [{ field: 'petId', issue: 'is required' }]);
    for (const petId of ['1', 0, -1, 1.5, null, true, 9007199254740992])
      await bad({ petId }, [{ field: 'petId' }]);
    await bad({ petId: 1, status: 'placed' }, [{ field: 'status', issue: 'is not allowed' }]);
    const array = await t.as(partner.key).post('/v1/store/orders', []);
    expect(array.statusCode).toBe(400);
    expect(array.json<{ code: string }>().code).toBe('invalid_json');
    const text = await t.as(partner.key).post('/v1/store/orders', undefined, {
      'content-type': 'text/plain',
    });
    expect(text.json<{ code: string }>().code).toBe('unsupported_media_type');
    const fraction = await t.app.inject({
      method: 'POST',
      url: '/v1/store/orders',
      headers: { authorization: `Bearer ${partner.key}`, 'content-type': 'application/json' },
      payload: '{"petId": 1.0}',
    });
    expect(fraction.statusCode).toBe(400);
    expect(await everyOrder('/v1/store/orders?limit=100')).toEqual(before);
  });

  it('refuses a pet that is not there or removed with 400 on petId', async () => {
    const unknown = await place(424242424);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalidPetId(NO_SUCH_PET));
    const pet = await createPet();
    expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);
    const removed = await place(pet.id);
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toEqual(invalidPetId(NO_SUCH_PET));
  });

  it('refuses a pet that is not available with 409, saying its status', async () => {
    for (const status of ['pending', 'sold'] as const) {
      const pet = await createPet(status);
      const response = await place(pet.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({
        ...PROBLEMS.petNotOrderable(status),
        status: 409,
        details: [{ field: 'petId', issue: petNotOrderableIssue(status) }],
      });
      expect(await petStatus(pet.id)).toBe(status);
      expect(await history('pet', pet.id)).toHaveLength(1);
    }
  });

  it('refuses a second order for a pet while it has an open one, placed or approved', async () => {
    const pet = await createPet();
    const order = await placed(pet.id);
    for (const key of [partner.key, other.key, staff.key]) {
      const again = await place(pet.id, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(alreadyOrdered);
    }
    await moved(order.id, 'approve');
    const afterApproval = await place(pet.id, other.key);
    expect(afterApproval.json()).toEqual(alreadyOrdered);
    // Cancelled, the pet is available and can be ordered again.
    await moved(order.id, 'cancel');
    const next = await placed(pet.id, other.key);
    expect(next).toMatchObject({ petId: pet.id, accountId: other.accountId, status: 'placed' });
  });

  it('of many orders for one pet at once, places exactly one', async () => {
    const pet = await createPet();
    const answers = await Promise.all(
      [partner, other, staff, partner, other, staff, partner, other].map((caller) =>
        place(pet.id, caller.key),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const answer of answers.filter((answer) => answer.statusCode === 409))
      expect(answer.json()).toEqual(alreadyOrdered);
    expect(await everyOrder(`/v1/store/orders?petId=${pet.id}`)).toHaveLength(1);
    expect(await petStatus(pet.id)).toBe('pending');
    expect((await history('pet', pet.id)).map((event) => event.action)).toEqual([
      'pet.updated',
      'pet.created',
    ]);
  });

  it('approves, then delivers: the pet stays pending, then is sold; each audited', async () => {
    const pet = await createPet();
    const order = await placed(pet.id);
    t.clock.advance(60_000);
    const approved = await moved(order.id, 'approve');
    expect(approved).toEqual({
      ...order,
      status: 'approved',
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await petStatus(pet.id)).toBe('pending');
    t.clock.advance(60_000);
    const delivered = await moved(order.id, 'deliver');
    expect(delivered).toEqual({
      ...order,
      status: 'delivered',
      updatedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(await petStatus(pet.id)).toBe('sold');
    expect((await t.as(partner.key).get(`/v1/store/orders/${order.id}`)).json()).toEqual(delivered);
    const events = await history('order', order.id);
    expect(events.map(({ action, changes, actor }) => ({ action, changes, actor }))).toEqual([
      {
        action: 'order.delivered',
        changes: { status: ['approved', 'delivered'] },
        actor: { accountId: staff.accountId, keyId: staff.keyId },
      },
      {
        action: 'order.approved',
        changes: { status: ['placed', 'approved'] },
        actor: { accountId: staff.accountId, keyId: staff.keyId },
      },
      {
        action: 'order.placed',
        changes: { petId: [null, pet.id], status: [null, 'placed'] },
        actor: { accountId: partner.accountId, keyId: partner.keyId },
      },
    ]);
    expect(
      (await history('pet', pet.id)).map(({ action, changes }) => ({ action, changes })),
    ).toEqual([
      { action: 'pet.updated', changes: { status: ['pending', 'sold'] } },
      { action: 'pet.updated', changes: { status: ['available', 'pending'] } },
      {
        action: 'pet.created',
        changes: { name: [null, 'Rex'], categoryId: [null, 1], status: [null, 'available'] },
      },
    ]);
  });

  it('cancels a placed or an approved order: the pet is available again', async () => {
    for (const approve of [false, true]) {
      const pet = await createPet();
      const order = await placed(pet.id);
      if (approve) await moved(order.id, 'approve');
      const cancelled = await moved(order.id, 'cancel', partner.key);
      expect(cancelled.status).toBe('cancelled');
      expect(await petStatus(pet.id)).toBe('available');
      const [event] = await history('order', order.id);
      expect(event).toMatchObject({
        action: 'order.cancelled',
        actor: { accountId: partner.accountId },
        changes: { status: [approve ? 'approved' : 'placed', 'cancelled'] },
      });
      expect((await history('pet', pet.id))[0]).toMatchObject({
        action: 'pet.updated',
        changes: { status: ['pending', 'available'] },
      });
    }
  });

  it('refuses every move from a status it does not start from with 409, changing nothing', async () => {
    const pet = await createPet();
    const order = await placed(pet.id);
    const refused = async (move: OrderMove, status: OrderStatus) => {
      const response = await moveOrder(order.id, move);
      expect(response.statusCode, `${move} from ${status}`).toBe(409);
      expect(response.json()).toEqual(refusedMove(status, move));
    };
    await refused('deliver', 'placed');
    await moved(order.id, 'approve');
    await refused('approve', 'approved');
    await moved(order.id, 'deliver');
    for (const move of ['approve', 'deliver', 'cancel'] as const) await refused(move, 'delivered');
    expect(await petStatus(pet.id)).toBe('sold');

    const second = await createPet();
    const cancelled = await placed(second.id);
    await moved(cancelled.id, 'cancel');
    for (const move of ['approve', 'deliver', 'cancel'] as const) {
      const response = await moveOrder(cancelled.id, move);
      expect(response.json()).toEqual(refusedMove('cancelled', move));
    }
    expect(await petStatus(second.id)).toBe('available');
    expect((await history('order', cancelled.id)).map((event) => event.action)).toEqual([
      'order.cancelled',
      'order.placed',
    ]);
  });

  it('of two moves of one order at once, makes exactly one', async () => {
    const pet = await createPet();
    const order = await placed(pet.id);
    await moved(order.id, 'approve');
    const answers = await Promise.all([
      moveOrder(order.id, 'deliver'),
      moveOrder(order.id, 'cancel'),
      moveOrder(order.id, 'cancel', partner.key),
      moveOrder(order.id, 'deliver'),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<Order>();
    expect(await petStatus(pet.id)).toBe(winner?.status === 'delivered' ? 'sold' : 'available');
    expect(await history('order', order.id)).toHaveLength(3);
    expect(await history('pet', pet.id)).toHaveLength(3);
  });

  it("shows a partner only its own orders: another account's is 404 to get and to cancel", async () => {
    const pet = await createPet();
    const order = await placed(pet.id, partner.key);
    for (const response of [
      await t.as(other.key).get(`/v1/store/orders/${order.id}`),
      await moveOrder(order.id, 'cancel', other.key),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(orderNotFound);
    }
    expect(await petStatus(pet.id)).toBe('pending');
    expect((await t.as(staff.key).get(`/v1/store/orders/${order.id}`)).json()).toEqual(order);
    // Staff cancel anyone's.
    const cancelled = await moved(order.id, 'cancel', staff.key);
    expect(cancelled.status).toBe('cancelled');
    expect((await history('order', order.id))[0]?.actor).toMatchObject({
      accountId: staff.accountId,
    });
  });

  it('404s an order that is not there or an id that is not canonical', async () => {
    for (const id of ['999999999', '0', '01', '1.0', '1e3', 'abc', '-1', '9007199254740992']) {
      const get = await t.as(staff.key).get(`/v1/store/orders/${id}`);
      expect(get.statusCode, id).toBe(404);
      expect(get.json()).toEqual(orderNotFound);
      for (const move of ['approve', 'deliver', 'cancel'] as const) {
        const response = await moveOrder(id, move);
        expect(response.statusCode, `${move} ${id}`).toBe(404);
        expect(response.json()).toEqual(orderNotFound);
      }
    }
  });

  it('places once per Idempotency-Key: a retry gets the first 201 and Location, another pet 400', async () => {
    const pet = await createPet();
    const headers = { 'idempotency-key': `order-${engine}` };
    const first = await place(pet.id, partner.key, headers);
    expect(first.statusCode).toBe(201);
    const again = await place(pet.id, partner.key, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    // Still the first answer once the order has moved on.
    const id = first.json<Order>().id;
    await moved(id, 'cancel');
    const later = await place(pet.id, partner.key, headers);
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual(first.json());
    expect(await petStatus(pet.id)).toBe('available');

    const otherPet = await createPet();
    const reused = await place(otherPet.id, partner.key, headers);
    expect(reused.statusCode).toBe(400);
    expect(reused.json<{ code: string }>().code).toBe('idempotency_key_reused');
    expect(await petStatus(otherPet.id)).toBe('available');
    expect(await everyOrder(`/v1/store/orders?petId=${pet.id}`)).toHaveLength(1);
    // The key is the account's: another account's same key places an order of its own.
    const others = await place(pet.id, other.key, headers);
    expect(others.statusCode).toBe(201);
    expect(others.json<Order>()).toMatchObject({ petId: pet.id, accountId: other.accountId });
    expect(others.json<Order>().id).not.toBe(id);
    // A key the account created a pet with is that request's, not an order's.
    const petKey = { 'idempotency-key': `pet-key-${engine}` };
    const created = await t
      .as(staff.key)
      .post('/v1/pets', { name: 'Keyed', categoryId: 1 }, petKey);
    expect(created.statusCode).toBe(201);
    const orderedWithKey = await place(created.json<Pet>().id, staff.key, petKey);
    expect(orderedWithKey.statusCode).toBe(400);
    expect(orderedWithKey.json<{ code: string }>().code).toBe('idempotency_key_reused');
    expect(await petStatus(created.json<Pet>().id)).toBe('available');
  });

  it('answers every one of many retries under one key sent at once with the first 201', async () => {
    const pet = await createPet();
    const headers = { 'idempotency-key': `order-at-once-${engine}` };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => place(pet.id, partner.key, headers)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    const [first] = answers;
    for (const answer of answers) {
      expect(answer.json()).toEqual(first?.json());
      expect(answer.headers.location).toBe(first?.headers.location);
    }
    expect(await everyOrder(`/v1/store/orders?petId=${pet.id}`)).toHaveLength(1);
    expect(await history('pet', pet.id)).toHaveLength(2);
    // Under another key, the same request is a second order: refused.
    const fresh = await place(pet.id, partner.key, { 'idempotency-key': `other-${engine}` });
    expect(fresh.json()).toEqual(alreadyOrdered);
  });

  it('lists orders in ascending id, a page at a time with Link, filtered by status and pet', async () => {
    // An account of its own, so its list holds only these.
    const lister = await t.createKey(anAccount({ name: 'Lister' }));
    const pets = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createPet('available', `Listed ${i}`)),
    );
    const orders: Order[] = [];
    for (const pet of pets) orders.push(await placed(pet.id, lister.key));
    await moved(orders[1]!.id, 'approve');
    await moved(orders[3]!.id, 'cancel');
    const now = async (id: number) =>
      (await t.as(lister.key).get(`/v1/store/orders/${id}`)).json<Order>();
    const current = await Promise.all(orders.map((order) => now(order.id)));

    expect(await everyOrder('/v1/store/orders', lister.key)).toEqual(current);
    expect(await everyOrder('/v1/store/orders?limit=2', lister.key)).toEqual(current);
    const first = await t.as(lister.key).get('/v1/store/orders?limit=2&status=placed');
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/store\/orders\?limit=2&status=placed&cursor=[^>]+>; rel="next"$/,
    );
    expect(await everyOrder('/v1/store/orders?status=placed&limit=1', lister.key)).toEqual(
      current.filter((order) => order.status === 'placed'),
    );
    expect(await everyOrder('/v1/store/orders?status=approved', lister.key)).toEqual([current[1]]);
    expect(await everyOrder(`/v1/store/orders?petId=${pets[2]!.id}`, lister.key)).toEqual([
      current[2],
    ]);
    expect(
      await everyOrder(`/v1/store/orders?petId=${pets[3]!.id}&status=placed`, lister.key),
    ).toEqual([]);
    // Staff see every account's: these among them, in ascending id.
    const all = await everyOrder('/v1/store/orders?limit=3');
    const ids = all.map((order) => order.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(all.filter((order) => order.accountId === lister.accountId)).toEqual(current);
    expect(new Set(all.map((order) => order.accountId)).size).toBeGreaterThan(1);
    expect(await everyOrder('/v1/store/orders?status=cancelled&limit=2')).toEqual(
      all.filter((order) => order.status === 'cancelled'),
    );
    // Partners see none of another account's.
    expect(
      (await everyOrder('/v1/store/orders?limit=100', partner.key)).every(
        (order) => order.accountId === partner.accountId,
      ),
    ).toBe(true);

    // A cursor belongs to its filters, its caller's scope and this list.
    const cursorOf = (response: { headers: { link?: string | string[] | undefined } }) =>
      /cursor=([^&>]+)/.exec(String(response.headers.link ?? ''))?.[1] ?? '';
    const placedCursor = cursorOf(first);
    for (const [key, query] of [
      [lister.key, `status=approved&cursor=${placedCursor}`],
      [lister.key, `petId=${pets[0]!.id}&status=placed&cursor=${placedCursor}`],
      [staff.key, `status=placed&cursor=${placedCursor}`],
    ] as const) {
      const refused = await t.as(key).get(`/v1/store/orders?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_query',
        details: [{ field: 'cursor', issue: 'belongs to different filters' }],
      });
    }
    const categories = await t.as(lister.key).get('/v1/categories?limit=1');
    const foreign = await t.as(lister.key).get(`/v1/store/orders?cursor=${cursorOf(categories)}`);
    expect(foreign.json()).toMatchObject({
      code: 'invalid_query',
      details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
    });
    for (const query of [
      'limit=0',
      'limit=101',
      'cursor=nope',
      'status=sold',
      'status=placed&status=approved',
      'petId=0',
      'petId=abc',
      'accountId=1',
    ]) {
      const refused = await t.as(lister.key).get(`/v1/store/orders?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('invalid_query');
    }
  });

  it('counts the pets not removed of each status, every status named', async () => {
    const before = await inventory();
    expect(Object.keys(before).sort()).toEqual(['available', 'pending', 'sold']);
    const pets = [await createPet(), await createPet(), await createPet('sold')];
    const order = await placed(pets[0]!.id);
    expect((await t.as(staff.key).delete(`/v1/pets/${pets[1]!.id}`)).statusCode).toBe(204);
    expect(await inventory(staff.key)).toEqual({
      available: before.available,
      pending: before.pending + 1,
      sold: before.sold + 1,
    });
    await moved(order.id, 'approve');
    await moved(order.id, 'deliver');
    expect(await inventory()).toEqual({
      available: before.available,
      pending: before.pending,
      sold: before.sold + 2,
    });
  });

  it('starts a new installation with an inventory of zeros and no orders', async () => {
    const fresh = await createTestApp({ engine });
    try {
      const { key } = await fresh.createKey(anAccount({ name: 'Fresh' }));
      const inventoryAnswer = await fresh.as(key).get('/v1/store/inventory');
      expect(inventoryAnswer.json()).toEqual({ available: 0, pending: 0, sold: 0 });
      const list = await fresh.as(key).get('/v1/store/orders');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      expect(list.headers.link).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });

  describe('a pet with an open order', () => {
    it('keeps its status against PATCH, and is not removed, until the order is closed', async () => {
      const pet = await createPet();
      const order = await placed(pet.id);
      const statusMoves = {
        ...PROBLEMS.petStatusMovesWithOrder,
        status: 409,
        details: [{ field: 'status', issue: MOVES_WITH_ORDER }],
      };
      for (const status of ['available', 'sold'] as const) {
        const response = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, { status });
        expect(response.statusCode, status).toBe(409);
        expect(response.json()).toEqual(statusMoves);
      }
      // With its name, too: nothing is changed.
      const mixed = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, {
        name: 'Renamed',
        status: 'available',
      });
      expect(mixed.json()).toEqual(statusMoves);
      // Its own status, its name and its category still change.
      const same = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, {
        status: 'pending',
        name: 'Rexy',
        categoryId: 2,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toEqual({ id: pet.id, name: 'Rexy', categoryId: 2, status: 'pending' });
      const removal = await t.as(staff.key).delete(`/v1/pets/${pet.id}`);
      expect(removal.statusCode).toBe(409);
      expect(removal.json()).toEqual({ ...PROBLEMS.petHasOpenOrder, status: 409 });
      await moved(order.id, 'approve');
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(409);
      expect(
        (await t.as(staff.key).patch(`/v1/pets/${pet.id}`, { status: 'sold' })).statusCode,
      ).toBe(409);
      expect(await petStatus(pet.id)).toBe('pending');

      // Delivered, the order is closed: staff may take a returned animal back, and remove it.
      await moved(order.id, 'deliver');
      const returned = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, {
        status: 'available',
      });
      expect(returned.statusCode, returned.body).toBe(200);
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);
      expect((await history('pet', pet.id)).map((event) => event.action)).toEqual([
        'pet.deleted',
        'pet.updated',
        'pet.updated',
        'pet.updated',
        'pet.updated',
        'pet.created',
      ]);
    });

    it('moves freely again once its order is cancelled', async () => {
      const pet = await createPet();
      const order = await placed(pet.id);
      await moved(order.id, 'cancel');
      const sold = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, { status: 'sold' });
      expect(sold.statusCode).toBe(200);
      expect((await place(pet.id)).json()).toEqual({
        ...PROBLEMS.petNotOrderable('sold'),
        status: 409,
        details: [{ field: 'petId', issue: petNotOrderableIssue('sold') }],
      });
    });

    it('a PATCH of its status racing orders for it: either the PATCH or one order wins', async () => {
      const pet = await createPet();
      const [first, patch, second] = await Promise.all([
        place(pet.id),
        t.as(staff.key).patch(`/v1/pets/${pet.id}`, { status: 'sold' }),
        place(pet.id, other.key),
      ]);
      // Either the patch came first (the pet is sold, no order) or an order did (the patch refused).
      const ordered = [first, second].filter((answer) => answer.statusCode === 201);
      if (patch.statusCode === 200) {
        expect(ordered).toHaveLength(0);
        expect(await petStatus(pet.id)).toBe('sold');
      } else {
        expect(patch.statusCode).toBe(409);
        expect(ordered).toHaveLength(1);
        expect(await petStatus(pet.id)).toBe('pending');
      }
    });

    it('a DELETE racing orders for it: either the pet is removed or one order wins', async () => {
      const pet = await createPet();
      const [first, removal, second] = await Promise.all([
        place(pet.id),
        t.as(staff.key).delete(`/v1/pets/${pet.id}`),
        place(pet.id, other.key),
      ]);
      const ordered = [first, second].filter((answer) => answer.statusCode === 201);
      if (removal.statusCode === 204) {
        expect(ordered).toHaveLength(0);
        for (const answer of [first, second]) expect(answer.statusCode).toBe(400);
      } else {
        expect(removal.json()).toEqual({ ...PROBLEMS.petHasOpenOrder, status: 409 });
        expect(ordered).toHaveLength(1);
      }
    });
  });

  it('is placed and cancelled by a partner person signed in', async () => {
    await t.createPerson(partner.accountId, { email: `pat@${engine}.example`, password: PASSWORD });
    const cookie = cookieOf(await signInAs(t, `pat@${engine}.example`));
    const pet = await createPet();
    const headers = { cookie, origin: OWN_ORIGIN };
    // With the cookie, a change from another site (or with no Origin) is refused and places nothing.
    const crossOrigin: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie },
    ];
    for (const foreign of crossOrigin) {
      const refused = await t.as().post('/v1/store/orders', { petId: pet.id }, foreign);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ ...PROBLEMS.crossOriginChange, status: 403 });
    }
    const orders = await t.as(staff.key).get(`/v1/store/orders?petId=${pet.id}`);
    expect(orders.json()).toEqual([]);
    const response = await t.as().post('/v1/store/orders', { petId: pet.id }, headers);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order.accountId).toBe(partner.accountId);
    for (const foreign of crossOrigin) {
      const url = `/v1/store/orders/${order.id}/cancel`;
      expect((await t.as().post(url, undefined, foreign)).statusCode).toBe(403);
    }
    const still = await t.as(staff.key).get(`/v1/store/orders/${order.id}`);
    expect(still.json<Order>().status).toBe('placed');
    const cancel = await t.as().post(`/v1/store/orders/${order.id}/cancel`, undefined, headers);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await history('order', order.id))[0]?.actor).toMatchObject({
      accountId: partner.accountId,
      personId: expect.any(Number) as number,
    });
    const list = await t.as().get('/v1/store/orders', { cookie });
    expect(list.statusCode).toBe(200);
    // Signed out, the cookie is refused at once.
    const out = await t.as().delete('/v1/session', headers);
    expect(out.statusCode).toBe(204);
    const ended = await t.as().post('/v1/store/orders', { petId: pet.id }, headers);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ ...PROBLEMS.sessionEnded, status: 401 });
  });
});

describe('an order that slips past the checks, on PostgreSQL', () => {
  let t: TestApp;
  let psql: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    const database = t.config.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    psql = new pg.Client({ connectionString: database.url });
    await psql.connect();
  });
  afterAll(async () => {
    await psql.end();
    await t.close();
  });

  it('is refused by the partial unique index, and answered 409 like any second order', async () => {
    const { key, accountId } = await t.createKey(anAccount({ name: 'Partner' }));
    const send = (url: string, body: unknown) => t.as(key).post(url, body);
    const pet = (await send('/v1/pets', { name: 'Slipped', categoryId: 1 })).json<Pet>();
    // A writer that holds no lock on the pet (as no API instance does) has an open order for it,
    // not yet committed: the API's checks cannot see it, its insert waits on the index.
    await psql.query('BEGIN');
    await psql.query(
      `INSERT INTO orders (pet_id, account_id, status, placed_at, updated_at)
       VALUES ($1, $2, 'placed', 1, 1)`,
      [pet.id, accountId],
    );
    const answer = send('/v1/store/orders', { petId: pet.id });
    // Until the API's insert waits on the uncommitted row's index entry.
    for (;;) {
      const { rows } = await psql.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      if (rows[0]?.n !== '0') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await psql.query('COMMIT');
    const response = await answer;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      ...PROBLEMS.petAlreadyOrdered,
      status: 409,
      details: [{ field: 'petId', issue: PET_ALREADY_ORDERED }],
    });
    // Nothing of the refused order was kept: the pet is as the other writer left it.
    const { rows } = await psql.query<{ status: string }>(`SELECT status FROM pets WHERE id = $1`, [
      pet.id,
    ]);
    expect(rows).toEqual([{ status: 'available' }]);
  });
});
