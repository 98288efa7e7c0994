/**
 * What can be done with store orders (docs/partners/orders.md): place one for an available pet (once
 * per Idempotency-Key), move it (approve, deliver, cancel) with its pet in one transaction, list and
 * get them as the caller may see them, and count the pets of each status. Every change is audited
 * in its own transaction, the order's event and its pet's.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type AdoptionsReport,
  type AdoptionsReportQuery,
  dayStart,
  describeDetails,
  isoWeekOf,
  type Inventory,
  type ListedOrder,
  type ListOrdersQuery,
  type NewOrder,
  NO_SUCH_PET,
  openOrdersMax,
  type Order,
  ORDER_MOVES,
  type OrderMove,
  type OrderStatus,
  PET_ALREADY_ORDERED,
  type PetStatus,
  petNotOrderableIssue,
  PROBLEMS,
  STAFF_ONLY_FILTER,
  transitionIssue,
} from '@pets/contract';
import { actorOf, type Actor, AuditRepository } from '../audit/audit.repository.js';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { Cursors } from '../paging/cursor.js';
import { isUniqueViolation } from '../errors/database-errors.js';
import { type Page, scopedPage } from '../paging/paging.js';
import type { Principal } from '../gate/principal.js';
import { Writer, type WriteTx } from '../database/writer.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { type HeldPet, OrdersRepository } from './orders.repository.js';

const notFound = () => ApiException.of(PROBLEMS.orderNotFound);

const DAY_MS = 86_400_000;

/** `400 invalid_body` on `petId`: no such pet (or a removed one). */
function noSuchPet(): ApiException {
  const details = [{ field: 'petId', issue: NO_SUCH_PET }];
  return ApiException.of(PROBLEMS.invalidBody(describeDetails(details)), details);
}

/** `400 invalid_query` on `accountId`: a partner lists its own account's orders only. */
function staffOnlyFilter(): ApiException {
  const details = [{ field: 'accountId', issue: STAFF_ONLY_FILTER }];
  return ApiException.of(PROBLEMS.invalidQuery(describeDetails(details)), details);
}

const alreadyOrdered = () =>
  ApiException.of(PROBLEMS.petAlreadyOrdered, [{ field: 'petId', issue: PET_ALREADY_ORDERED }]);

const ACTION_OF = {
  placed: 'order.placed',
  approved: 'order.approved',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
} as const satisfies Record<OrderStatus, string>;

/**
 * Of two orders for one pet at once, the second waits for the first (the pet's row is held), then
 * sees its open order and is refused. Should both still reach the insert (a writer that does not
 * hold the row), the partial unique index refuses the second: it is answered the same 409.
 */
async function oneOpenOrder<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOrdered();
    throw error;
  }
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly idempotency: IdempotencyService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A page of orders: a partner's account's own, every order for staff (or one account's, with
   * `accountId`, which a partner may not send); in ascending id, or descending with `sort=-id`;
   * with the names `expand` asks for, read in the page's own statement.
   */
  page(principal: Principal, query: ListOrdersQuery): Promise<Page<ListedOrder>> {
    if (principal.role !== 'staff' && query.accountId !== undefined) throw staffOnlyFilter();
    const accountId = principal.role === 'staff' ? query.accountId : principal.accountId;
    const { status, petId, sort, expand } = query;
    // A descending list's cursors are its own; the ascending list's keep the form they had.
    const scope = [accountId ?? '*', status ?? '', petId ?? '', ...(sort === '-id' ? ['-id'] : [])];
    return scopedPage(
      this.cursors,
      { kind: 'o1', scope: scope.join('|') },
      query,
      (position, take) =>
        this.orders.list({ accountId, status, petId }, take, position, { sort, expand }),
    );
  }

  /** The order, if the caller may see it (`404` otherwise: a partner sees only its own). */
  async get(principal: Principal, id: number): Promise<Order> {
    const order = await this.orders.find(id);
    if (!order || !canSee(principal, order)) throw notFound();
    return order;
  }

  /**
   * Places an order for an available pet with no open order, once per `Idempotency-Key`, if the
   * account holds fewer open orders than its plan allows: in one transaction, with the account's and
   * then the pet's row held, the order is `placed` and the pet becomes `pending`.
   */
  async place(
    principal: Principal,
    order: NewOrder,
    idempotencyKey: string | undefined,
  ): Promise<Order> {
    try {
      return await this.placeOnce(principal, order, idempotencyKey);
    } catch (error) {
      // The same request under the same key, sent again before the first was answered: the first
      // placed the order (storing its answer with it) while this one waited for the pet, which it
      // then found ordered (or, moved on since, pending or sold). Asked once more, it is answered
      // as the first was; another request under the key is refused as reusing it.
      if (idempotencyKey !== undefined && error instanceof ApiException && error.status === 409)
        return this.placeOnce(principal, order, idempotencyKey);
      throw error;
    }
  }

  /** One attempt: the order placed in a transaction, or the first answer under the key. */
  private placeOnce(
    principal: Principal,
    { petId }: NewOrder,
    idempotencyKey: string | undefined,
  ): Promise<Order> {
    return oneOpenOrder(() =>
      this.idempotency.once(
        principal.accountId,
        idempotencyKey,
        ['placeOrder', petId],
        async (tx): Promise<Order> => {
          // The account's id held first, then the pet's (nothing takes them the other way round):
          // of two orders from one account at once, the second counts after the first's commit,
          // so the account never holds more than its cap (SQLite writes one at a time anyway).
          if (principal.role !== 'staff') {
            await tx.lockRow('accounts', principal.accountId);
            // An enterprise account's own number is read under the lock (a plan change takes it).
            const own =
              principal.plan === 'enterprise'
                ? await this.orders.ownOpenOrdersMaxOf(tx, principal.accountId)
                : null;
            const max = openOrdersMax(principal.plan, principal.role, own) ?? Infinity;
            if ((await this.orders.openOrdersOf(tx, principal.accountId)) >= max)
              throw ApiException.of(PROBLEMS.openOrdersLimit(principal.plan, max));
          }
          await tx.lockRow('pets', petId);
          const pet = await this.orders.holdPet(tx, petId);
          if (!pet || pet.removed) throw noSuchPet();
          if (pet.ordered) throw alreadyOrdered();
          if (pet.status !== 'available')
            throw ApiException.of(PROBLEMS.petNotOrderable(pet.status), [
              { field: 'petId', issue: petNotOrderableIssue(pet.status) },
            ]);
          const now = this.clock.now();
          const actor = actorOf(principal);
          const order = await this.orders.insert(tx, {
            petId,
            accountId: principal.accountId,
            status: 'placed',
            at: now,
          });
          await this.audit.record(tx, now, {
            actor,
            action: 'order.placed',
            target: { type: 'order', id: order.id },
            changes: { petId: [null, petId], status: [null, 'placed'] },
            data: order,
            audience: order.accountId,
          });
          await this.movePet(tx, now, actor, { id: petId, ...pet }, 'pending');
          return order;
        },
      ),
    );
  }

  /**
   * Moves an order (ORDER_MOVES) and its pet in one transaction, the order's row and then the pet's
   * held: of two moves from one status at once, the second sees the first's and is refused. Both
   * rows are waited for (`lockRow`, which takes no transaction id) before either is read locked,
   * so a move that waited for another change begins to write after it (docs/team/guarantees.md).
   */
  move(principal: Principal, id: number, move: OrderMove): Promise<Order> {
    const rule = ORDER_MOVES[move];
    return this.writer.transaction(async (tx) => {
      await tx.lockRow('orders', id);
      if (rule.pet) {
        // Its pet, to wait for too: an order's pet never changes, the one read is the one held.
        const seen = await this.orders.findIn(tx, id);
        if (seen) await tx.lockRow('pets', seen.petId);
      }
      const order = await this.orders.hold(tx, id);
      if (!order || !canSee(principal, order)) throw notFound();
      if (!rule.from.includes(order.status))
        throw ApiException.of(PROBLEMS.orderMoveRefused(order.status, move), [
          { field: 'status', issue: transitionIssue(order.status, rule.to, false) },
        ]);
      const pet = rule.pet ? await this.orders.holdPet(tx, order.petId) : undefined;
      const now = this.clock.now();
      const actor = actorOf(principal);
      // The order's row is held: it still has the status read.
      if (!(await this.orders.move(tx, { id, from: order.status, to: rule.to, at: now })))
        throw new Error(`order ${id} changed while its row was held`);
      const moved: Order = { ...order, status: rule.to, updatedAt: new Date(now).toISOString() };
      await this.audit.record(tx, now, {
        actor,
        action: ACTION_OF[rule.to],
        target: { type: 'order', id },
        changes: { status: [order.status, rule.to] },
        data: moved,
        audience: order.accountId,
      });
      // A pet removed, or moved, by the previous release while both ran is left as it is.
      if (rule.pet && pet && !pet.removed && pet.status !== rule.pet)
        await this.movePet(tx, now, actor, { id: order.petId, ...pet }, rule.pet);
      return moved;
    });
  }

  /**
   * Orders delivered and cancelled from `from` to `to` (excluded), UTC, counted from the orders in
   * one statement: by account (most delivered first, then by id), or by ISO week (every week the
   * range touches, oldest first, zeros included).
   */
  async adoptions({ from, to, by }: AdoptionsReportQuery): Promise<AdoptionsReport> {
    // The contract read both as real dates, `to` after `from`.
    const start = dayStart(from) as number;
    const end = dayStart(to) as number;
    if (by === 'account') {
      type Row = { account: { id: number; name: string }; delivered: number; cancelled: number };
      const accounts = new Map<number, Row>();
      for (const row of await this.orders.closedByAccount(start, end)) {
        let counts = accounts.get(row.accountId);
        if (!counts) {
          counts = { account: { id: row.accountId, name: row.name }, delivered: 0, cancelled: 0 };
          accounts.set(row.accountId, counts);
        }
        counts[row.status] += row.n;
      }
      const rows = [...accounts.values()].sort(
        (a, b) => b.delivered - a.delivered || a.account.id - b.account.id,
      );
      return { rows };
    }
    const weeks = new Map<string, { week: string; delivered: number; cancelled: number }>();
    for (let day = start; day < end; day += DAY_MS) {
      const week = isoWeekOf(day);
      if (!weeks.has(week)) weeks.set(week, { week, delivered: 0, cancelled: 0 });
    }
    for (const row of await this.orders.closedByDay(start, end)) {
      const counts = weeks.get(isoWeekOf(row.day * DAY_MS));
      if (counts) counts[row.status] += row.n;
    }
    return { rows: [...weeks.values()] };
  }

  /** How many pets not removed there are of each status. */
  inventory(): Promise<Inventory> {
    return this.orders.inventory();
  }

  /** The pet's status moved with its order (its row held), and the pet's own event. */
  private async movePet(
    tx: WriteTx,
    at: number,
    actor: Actor,
    pet: HeldPet & { id: number },
    to: PetStatus,
  ): Promise<void> {
    const { id, name, categoryId, status: from } = pet;
    if (!(await this.orders.movePet(tx, { id, from, to })))
      throw new Error(`pet ${id} changed while its row was held`);
    await this.audit.record(tx, at, {
      actor,
      action: 'pet.updated',
      target: { type: 'pet', id },
      changes: { status: [from, to] },
      data: { id, name, categoryId, status: to },
    });
  }
}

/** Staff see every order; anyone else only their account's own. */
const canSee = (principal: Principal, order: Order): boolean =>
  principal.role === 'staff' || order.accountId === principal.accountId;
