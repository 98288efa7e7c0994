/**
 * README, Store orders: of many orders for one pet at the same moment exactly one is placed, of
 * many moves of one order at the same moment exactly one is made, and of many orders from one
 * account at the same moment no more are placed than its plan's open orders. On PostgreSQL through
 * two instances, each with its own pool, so the requests really meet in the database: the pet's row
 * lock and the partial unique index `orders_open_pet` are what keep a pet to one open order, the
 * order's row lock and its status check what keep an order to one move, and the account's row lock
 * taken before counting what keeps an account to its cap.
 */
import {
  type ApiError,
  OPEN_ORDERS_MAX,
  PROBLEMS,
  type AuditEvent,
  type Order,
  PET_ALREADY_ORDERED,
  type Pet,
  petNotOrderableIssue,
} from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAndPartners, useInstances } from '../../test/instances.js';

const ORDERS_PER_PET = 50;
const PARTNERS = 10;

describe('orders racing for one pet, and moves racing on one order, on PostgreSQL with two instances', () => {
  const { first, second, psql } = useInstances();
  let staff: string;
  let partners: string[];

  beforeAll(async () => {
    ({ staff, partners } = await staffAndPartners(first, PARTNERS));
  });

  const instance = (n: number) => (n % 2 === 0 ? first : second);
  const newPet = async (name: string) => {
    const created = await first.as(staff).post('/v1/pets', { name, categoryId: 1 });
    expect(created.statusCode).toBe(201);
    return created.json<Pet>().id;
  };
  const place = (n: number, petId: number) =>
    instance(n)
      .as(partners[n % PARTNERS] ?? staff)
      .post('/v1/store/orders', { petId });
  /** The pet and its orders as the database holds them, past the API. */
  const stored = async (petId: number) => {
    const pet = await psql.query<{ status: string; deleted_at: string | null }>(
      'SELECT status, deleted_at FROM pets WHERE id = $1',
      [petId],
    );
    const orders = await psql.query<{ id: string; status: string }>(
      'SELECT id::text, status FROM orders WHERE pet_id = $1 ORDER BY id',
      [petId],
    );
    return {
      status: pet.rows[0]?.status,
      removed: pet.rows[0]?.deleted_at !== null,
      orders: orders.rows.map((row) => ({ id: Number(row.id), status: row.status })),
    };
  };
  /** The audit trail of one target, oldest first, as the API answers it. */
  const trail = async (type: 'order' | 'pet', id: number) => {
    const answer = await first
      .as(staff)
      .get(`/v1/admin/audit?targetType=${type}&targetId=${id}&limit=100`);
    expect(answer.statusCode).toBe(200);
    return answer
      .json<AuditEvent[]>()
      .reverse()
      .map(({ action, changes }) => ({ action, changes }));
  };

  it(`of ${ORDERS_PER_PET} orders at once for one available pet, across both instances, exactly one is placed`, async () => {
    // Several pets, one after another: a race that a broken lock loses only sometimes shows here.
    for (let round = 0; round < 4; round++) {
      const petId = await newPet(`Wanted ${round}`);
      const answers = await Promise.all(
        Array.from({ length: ORDERS_PER_PET }, (_, n) => place(n, petId)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(ORDERS_PER_PET - 1);
      const winner = answers.find((answer) => answer.statusCode === 201)!.json<Order>();
      expect(winner).toMatchObject({ petId, status: 'placed' });
      // Each refusal says why: the pet is already ordered (or, read after the winner, pending).
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        const body = answer.json<ApiError>();
        expect(body.code).toBe('invalid_transition');
        expect([PET_ALREADY_ORDERED, petNotOrderableIssue('pending')]).toContain(
          body.details?.[0]?.issue,
        );
      }

      // The database: the pet pending, with exactly the one order, open.
      expect(await stored(petId)).toEqual({
        status: 'pending',
        removed: false,
        orders: [{ id: winner.id, status: 'placed' }],
      });
      // The lists of both instances: that one order for the pet.
      for (const at of [first, second]) {
        const listed = await at.as(staff).get(`/v1/store/orders?petId=${petId}`);
        expect(listed.json<Order[]>()).toEqual([winner]);
      }
      // And one event each: the order placed, the pet moved with it.
      expect(await trail('order', winner.id)).toEqual([
        { action: 'order.placed', changes: { petId: [null, petId], status: [null, 'placed'] } },
      ]);
      expect((await trail('pet', petId)).slice(1)).toEqual([
        { action: 'pet.updated', changes: { status: ['available', 'pending'] } },
      ]);
    }
  });

  it('of 10 cancels and 10 delivers at once on an approved order, exactly one is made, with its pet', async () => {
    for (let round = 0; round < 4; round++) {
      const petId = await newPet(`Moved ${round}`);
      const placed = await place(round, petId);
      expect(placed.statusCode).toBe(201);
      const order = placed.json<Order>();
      // Ten approves at once first: exactly one.
      const approves = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          instance(n).as(staff).post(`/v1/store/orders/${order.id}/approve`),
        ),
      );
      expect(approves.map((a) => a.statusCode).sort()).toEqual([
        200,
        ...Array.from({ length: 9 }, () => 409),
      ]);

      const moves = Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? 'cancel' : 'deliver'));
      const answers = await Promise.all(
        moves.map((move, n) =>
          instance(n >> 1)
            .as(staff)
            .post(`/v1/store/orders/${order.id}/${move}`),
        ),
      );
      const won = answers.flatMap((answer, n) => (answer.statusCode === 200 ? [moves[n]] : []));
      expect(won).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        expect(answer.statusCode).toBe(409);
        expect(answer.json<ApiError>().code).toBe('invalid_transition');
      }
      const [move] = won;
      const to = move === 'cancel' ? 'cancelled' : 'delivered';
      const petTo = move === 'cancel' ? 'available' : 'sold';
      expect(await stored(petId)).toEqual({
        status: petTo,
        removed: false,
        orders: [{ id: order.id, status: to }],
      });
      expect(await trail('order', order.id)).toEqual([
        { action: 'order.placed', changes: { petId: [null, petId], status: [null, 'placed'] } },
        { action: 'order.approved', changes: { status: ['placed', 'approved'] } },
        { action: `order.${to}`, changes: { status: ['approved', to] } },
      ]);
      expect((await trail('pet', petId)).slice(1)).toEqual([
        { action: 'pet.updated', changes: { status: ['available', 'pending'] } },
        { action: 'pet.updated', changes: { status: ['pending', petTo] } },
      ]);
    }
  });

  it(`of 20 orders at once from one free account for 20 pets, across both instances, exactly ${OPEN_ORDERS_MAX.free} are placed`, async () => {
    for (let round = 0; round < 4; round++) {
      const { key, accountId } = await first.createKey({ name: `Free ${round}`, plan: 'free' });
      const pets: number[] = [];
      for (let n = 0; n < 20; n++) pets.push(await newPet(`Burst ${round}.${n}`));
      const answers = await Promise.all(
        pets.map((petId, n) => instance(n).as(key).post('/v1/store/orders', { petId })),
      );
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed).toHaveLength(OPEN_ORDERS_MAX.free);
      for (const answer of answers.filter((a) => a.statusCode !== 201))
        expect(answer.json<ApiError>()).toEqual({
          ...PROBLEMS.openOrdersLimit('free'),
          status: 409,
        });
      // The database: that many open orders of the account, each pet ordered pending.
      const open = await psql.query<{ pet_id: string }>(
        `SELECT pet_id::text FROM orders WHERE account_id = $1 AND status IN ('placed', 'approved')`,
        [accountId],
      );
      expect(open.rows.map((row) => Number(row.pet_id)).sort()).toEqual(
        placed.map((answer) => answer.json<Order>().petId).sort(),
      );
      for (const petId of pets)
        expect((await stored(petId)).status).toBe(
          open.rows.some((row) => Number(row.pet_id) === petId) ? 'pending' : 'available',
        );
    }
  });
});
