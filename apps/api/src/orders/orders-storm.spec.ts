/**
 * A storm over a few pets (docs/partners/orders.md), on SQLite with one instance and on PostgreSQL
 * with two: for some seconds, clients at once place orders, approve, deliver and cancel them, and
 * staff patch pets' statuses, remove pets and add new ones. Afterwards, for every pet, its status
 * and its orders never disagree, replayed event by event from the audit trail (an open order ⇔ the
 * pet pending with it; a delivered order leaves it sold until staff change it; never two open
 * orders; never an open order on a removed pet), the replay ends where the database is, and every
 * 2xx the clients were given is in the database and the trail exactly once, and nothing else is.
 */
import type { ApiError, Order, OrderStatus, Pet, PetStatus } from '@pets/contract';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAndPartners, useInstances } from '../../test/instances.js';
import { type Engine } from '../../test/test-app.js';

const STORM_MS = 5_000;
const CLIENTS = 16;
const FIRST_PETS = 8;

type Kind = 'place' | 'approve' | 'deliver' | 'cancel' | 'patch' | 'delete' | 'create';
type Move = 'approve' | 'deliver' | 'cancel';
const MOVE_TO: Record<Move, OrderStatus> = {
  approve: 'approved',
  deliver: 'delivered',
  cancel: 'cancelled',
};

/** One request of the storm and its answer. */
interface Sent {
  kind: Kind;
  /** The pet (place, patch, delete, create) or the order (moves). */
  id: number;
  /** The status a patch asked for. */
  status?: PetStatus;
  answer: number;
  body: unknown;
}

/** What a client may be answered, by request: anything else (a 500 above all) fails. */
const ALLOWED: Record<Kind, number[]> = {
  // 400: the pet was removed (an order names no such pet).
  place: [201, 400, 409],
  approve: [200, 409],
  deliver: [200, 409],
  cancel: [200, 409],
  // 404: the pet was removed.
  patch: [200, 404, 409],
  delete: [204, 404, 409],
  create: [201],
};

/** An id as a driver reads it: a number (SQLite) or a bigint's text (PostgreSQL). */
type Id = number | string;

interface EventRow {
  id: number;
  action: string;
  targetType: 'pet' | 'order';
  targetId: number;
  changes: Record<string, [unknown, unknown]>;
}

const SETUPS: { engine: Engine; instances: number }[] = [
  { engine: 'sqlite', instances: 1 },
  { engine: 'postgres', instances: 2 },
];

describe.each(SETUPS)(
  'a storm of orders, moves, patches and removals on $engine with $instances instance(s)',
  ({ engine, instances }) => {
    const { first, apps } = useInstances({ engine, count: instances });
    let staff: string;
    let partners: string[];

    beforeAll(async () => {
      ({ staff, partners } = await staffAndPartners(first, 3, {
        perMinute: 10_000_000,
        perDay: 10_000_000,
      }));
    });

    it('every pet agrees with its orders, and every 2xx is stored exactly once', async () => {
      const pets: number[] = [];
      const orders: { id: number; key: string }[] = [];
      const sent: Sent[] = [];
      let turn = 0;
      const pick = <T>(items: readonly T[]): T | undefined =>
        items[Math.floor(Math.random() * items.length)];

      const send = async (
        kind: Kind,
        id: number,
        key: string,
        method: 'POST' | 'PATCH' | 'DELETE',
        url: string,
        body?: unknown,
        status?: PetStatus,
      ) => {
        const at = apps[turn++ % apps.length]!;
        const answer = await at.app.inject({
          method,
          url,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const parsed: unknown = answer.body === '' ? undefined : answer.json();
        sent.push({
          kind,
          id,
          ...(status ? { status } : {}),
          answer: answer.statusCode,
          body: parsed,
        });
        return { status: answer.statusCode, body: parsed };
      };
      const create = async () => {
        const { status, body } = await send('create', 0, staff, 'POST', '/v1/pets', {
          name: `Storm ${pets.length}`,
          categoryId: 1,
        });
        if (status === 201) pets.push((body as Pet).id);
      };
      for (let n = 0; n < FIRST_PETS; n++) await create();

      /** One request, chosen at random: mostly orders and their moves, now and then staff's. */
      const act = async () => {
        const roll = Math.random();
        const petId = pick(pets) ?? 0;
        // Moves go mostly to recent orders, which are more likely still open.
        const order = pick(orders.slice(-12));
        if (roll < 0.3) {
          const key = pick(partners)!;
          const { status, body } = await send('place', petId, key, 'POST', '/v1/store/orders', {
            petId,
          });
          if (status === 201) orders.push({ id: (body as Order).id, key });
        } else if (roll < 0.72 && order) {
          const move: Move = roll < 0.45 ? 'approve' : roll < 0.6 ? 'deliver' : 'cancel';
          // Cancels by the account that placed the order or by staff, in turn.
          const key = move === 'cancel' && turn % 2 === 0 ? order.key : staff;
          await send(move, order.id, key, 'POST', `/v1/store/orders/${order.id}/${move}`);
        } else if (roll < 0.93) {
          const status = pick(['available', 'pending', 'sold'] as const)!;
          await send('patch', petId, staff, 'PATCH', `/v1/pets/${petId}`, { status }, status);
        } else if (roll < 0.965) await send('delete', petId, staff, 'DELETE', `/v1/pets/${petId}`);
        else await create();
      };
      const end = Date.now() + STORM_MS;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (Date.now() < end) await act();
        }),
      );

      // Every answer is one its request may have.
      const wrong = sent.filter((s) => !ALLOWED[s.kind].includes(s.answer));
      expect(wrong.slice(0, 5), `of ${sent.length} requests`).toEqual([]);
      for (const s of sent.filter((s) => s.answer === 409))
        expect((s.body as ApiError).code).toBe('invalid_transition');
      // The storm did what it is for: every kind of request succeeded and was refused.
      const count = (kind: Kind, answer: number) =>
        sent.filter((s) => s.kind === kind && s.answer === answer).length;
      for (const kind of ['place', 'approve', 'deliver', 'cancel', 'patch'] as const) {
        expect(count(kind, kind === 'place' ? 201 : 200), `${kind} succeeded`).toBeGreaterThan(0);
        expect(count(kind, 409), `${kind} refused`).toBeGreaterThan(0);
      }
      expect(count('delete', 204), 'removals').toBeGreaterThan(0);

      // The database and the trail, past the API (PostgreSQL answers its bigints as strings).
      const source = apps[0]!.app.get(DataSource);
      const storedPets = new Map(
        (
          await source.query<{ id: Id; status: PetStatus; deleted_at: unknown }[]>(
            'SELECT id, status, deleted_at FROM pets',
          )
        ).map((row) => [Number(row.id), { status: row.status, removed: row.deleted_at !== null }]),
      );
      const storedOrders = new Map(
        (
          await source.query<{ id: Id; pet_id: Id; status: OrderStatus }[]>(
            'SELECT id, pet_id, status FROM orders',
          )
        ).map((row) => [Number(row.id), { petId: Number(row.pet_id), status: row.status }]),
      );
      const events: EventRow[] = (
        await source.query<
          { id: Id; action: string; target_type: string; target_id: Id; changes: string | object }[]
        >(
          `SELECT id, action, target_type, target_id, changes FROM audit_events
           WHERE target_type IN ('pet', 'order') ORDER BY id`,
        )
      ).map((row) => ({
        id: Number(row.id),
        action: row.action,
        targetType: row.target_type as 'pet' | 'order',
        targetId: Number(row.target_id),
        changes: (typeof row.changes === 'string'
          ? JSON.parse(row.changes)
          : row.changes) as Record<string, [unknown, unknown]>,
      }));

      // Each pet's events and its orders' events, in the order they were written (every write to
      // a pet or an order holds its row, so ids follow the order of the changes).
      const petOf = (event: EventRow) =>
        event.targetType === 'pet' ? event.targetId : storedOrders.get(event.targetId)?.petId;
      const streams = new Map<number, EventRow[]>();
      for (const event of events) {
        const petId = petOf(event);
        if (petId === undefined) throw new Error(`an event of an order not stored: ${event.id}`);
        streams.set(petId, [...(streams.get(petId) ?? []), event]);
      }

      /** Staff's status patches the trail holds, by pet and status reached. */
      const patched = new Map<string, number>();
      const problems: string[] = [];
      for (const [petId, stream] of streams) {
        const fail = (event: EventRow, why: string) =>
          problems.push(`pet ${petId}, event ${event.id} ${event.action}: ${why}`);
        let status: PetStatus | undefined;
        let removed = false;
        let open: number | undefined;
        const orderStatus = new Map<number, OrderStatus>();
        /** The pet's own event that must come right after an order's. */
        const petMoves = (event: EventRow | undefined, from: PetStatus, to: PetStatus) => {
          if (
            event?.action !== 'pet.updated' ||
            JSON.stringify(event.changes) !== JSON.stringify({ status: [from, to] })
          )
            problems.push(`pet ${petId}: no move ${from} → ${to} with its order's event`);
          status = to;
        };
        for (let i = 0; i < stream.length; i++) {
          const event = stream[i]!;
          const order = event.targetId;
          switch (event.action) {
            case 'pet.created':
              status = event.changes['status']?.[1] as PetStatus;
              break;
            case 'pet.updated': {
              // Not with an order's event: a patch by staff, never while an order is open.
              const [from, to] = (event.changes['status'] ?? []) as PetStatus[];
              if (open !== undefined) fail(event, `a patch while order ${open} is open`);
              if (from !== status) fail(event, `moved from ${from}, but the pet was ${status}`);
              status = to;
              const at = `${petId} ${to}`;
              patched.set(at, (patched.get(at) ?? 0) + 1);
              break;
            }
            case 'pet.deleted':
              if (open !== undefined) fail(event, `removed while order ${open} is open`);
              removed = true;
              break;
            case 'order.placed':
              if (removed) fail(event, 'an order for a removed pet');
              if (open !== undefined) fail(event, `a second open order beside ${open}`);
              if (status !== 'available') fail(event, `an order for a pet ${status}`);
              open = order;
              orderStatus.set(order, 'placed');
              petMoves(stream[++i], 'available', 'pending');
              break;
            case 'order.approved':
              if (open !== order || orderStatus.get(order) !== 'placed')
                fail(event, `approved while ${orderStatus.get(order)}`);
              orderStatus.set(order, 'approved');
              break;
            case 'order.delivered':
            case 'order.cancelled': {
              const delivered = event.action === 'order.delivered';
              const from = orderStatus.get(order);
              if (open !== order || (delivered ? from !== 'approved' : from === undefined))
                fail(event, `from ${from}, the open order being ${open}`);
              open = undefined;
              orderStatus.set(order, delivered ? 'delivered' : 'cancelled');
              petMoves(stream[++i], 'pending', delivered ? 'sold' : 'available');
              break;
            }
            default:
              fail(event, 'not an event of the storm');
          }
        }
        // The replay ends where the database is.
        const pet = storedPets.get(petId);
        if (pet?.status !== status || pet?.removed !== removed)
          problems.push(
            `pet ${petId}: stored ${JSON.stringify(pet)}, replayed ${JSON.stringify({ status, removed })}`,
          );
        const openStored = [...storedOrders]
          .filter(
            ([, o]) => o.petId === petId && (o.status === 'placed' || o.status === 'approved'),
          )
          .map(([id]) => id);
        if (JSON.stringify(openStored) !== JSON.stringify(open === undefined ? [] : [open]))
          problems.push(`pet ${petId}: open orders ${String(openStored)}, replayed ${open}`);
        if (openStored.length > 0 && (pet?.status !== 'pending' || pet.removed))
          problems.push(`pet ${petId}: ${JSON.stringify(pet)} with open order ${openStored[0]}`);
        for (const [id, replayed] of orderStatus)
          if (storedOrders.get(id)?.status !== replayed)
            problems.push(
              `order ${id}: stored ${storedOrders.get(id)?.status}, replayed ${replayed}`,
            );
      }
      expect(problems.slice(0, 10), `${problems.length} problems`).toEqual([]);
      expect(streams.size, 'every pet of the storm has its trail').toBe(pets.length);

      // Every 2xx is stored exactly once, and nothing was stored that no 2xx acknowledged.
      const eventsOf = (type: 'pet' | 'order', action: string) => {
        const counts = new Map<number, number>();
        for (const e of events)
          if (e.targetType === type && e.action === action)
            counts.set(e.targetId, (counts.get(e.targetId) ?? 0) + 1);
        return counts;
      };
      const acknowledged = (kind: Kind, success: number) => {
        const counts = new Map<number, number>();
        for (const s of sent)
          if (s.kind === kind && s.answer === success)
            counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
        return counts;
      };
      const sorted = (counts: Map<number, number>) => [...counts].sort(([a], [b]) => a - b);
      const placed = sent.filter((s) => s.kind === 'place' && s.answer === 201);
      for (const s of placed) expect(s.body).toMatchObject({ petId: s.id, status: 'placed' });
      const placedIds = new Map(placed.map((s) => [(s.body as Order).id, 1]));
      expect(placedIds.size).toBe(placed.length);
      expect(sorted(eventsOf('order', 'order.placed'))).toEqual(sorted(placedIds));
      expect([...storedOrders.keys()].sort((a, b) => a - b)).toEqual(
        [...placedIds.keys()].sort((a, b) => a - b),
      );
      for (const move of ['approve', 'deliver', 'cancel'] as const) {
        for (const s of sent.filter((s) => s.kind === move && s.answer === 200))
          expect(s.body).toMatchObject({ id: s.id, status: MOVE_TO[move] });
        expect(sorted(eventsOf('order', `order.${MOVE_TO[move]}`)), move).toEqual(
          sorted(acknowledged(move, 200)),
        );
      }
      expect(sorted(eventsOf('pet', 'pet.deleted'))).toEqual(sorted(acknowledged('delete', 204)));
      expect(sorted(eventsOf('pet', 'pet.created'))).toEqual(
        sorted(new Map(pets.map((id) => [id, 1]))),
      );
      // A patch answered 200 moved the pet, or found it in that status already: each patch in the
      // trail has its 200, and each 200 shows the pet as asked.
      const patchedOk = new Map<string, number>();
      for (const s of sent.filter((s) => s.kind === 'patch' && s.answer === 200)) {
        expect(s.body).toMatchObject({ id: s.id, status: s.status });
        const at = `${s.id} ${s.status}`;
        patchedOk.set(at, (patchedOk.get(at) ?? 0) + 1);
      }
      for (const [at, times] of patched)
        expect(times, `patches to ${at}`).toBeLessThanOrEqual(patchedOk.get(at) ?? 0);

      // The API lists each pet's orders as stored, on every instance.
      for (const petId of pets.slice(0, 6))
        for (const { app } of apps) {
          const listed = await app.inject({
            method: 'GET',
            url: `/v1/store/orders?petId=${petId}&limit=100`,
            headers: { authorization: `Bearer ${staff}` },
          });
          expect(
            listed.json<Order[]>().map((o) => [o.id, o.status]),
            `orders of pet ${petId}`,
          ).toEqual(
            [...storedOrders]
              .filter(([, o]) => o.petId === petId)
              .sort(([a], [b]) => a - b)
              .map(([id, o]) => [id, o.status]),
          );
        }
    }, 60_000);
  },
);
