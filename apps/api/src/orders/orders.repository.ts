/**
 * The orders table, and what an order reads and writes of its pet: an order or a pet held for a
 * change, a status moved only from the status read, open orders, and pets counted by status.
 */
import { Injectable } from '@nestjs/common';
import {
  type ListedOrder,
  OPEN_ORDER_STATUSES,
  type Order,
  type OrderExpansion,
  type OrderSort,
  type OrderStatus,
  PET_STATUSES,
  type Inventory,
  type PetStatus,
} from '@pets/contract';
import { Database } from '../database/database.js';
import { sql } from 'kysely';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/**
 * The open statuses written into the SQL, not passed as values: only then may PostgreSQL use the
 * partial index `orders_open_pet` (a plan made once for every run cannot assume what values will
 * come), one entry per pet, where otherwise it read every open order's entry at each order placed.
 */
const OPEN = OPEN_ORDER_STATUSES.map((status) => sql.lit(status));

/**
 * The closed statuses the report counts, each a range of `orders_status_updated_at`
 * (OrdersStatusUpdatedAt1795306800000); written into the SQL, as the open ones are.
 */
const CLOSED = (['delivered', 'cancelled'] as const).map((status) => sql.lit(status));

const DAY_MS = 86_400_000;
/** The UTC day of a closed order, as days since 1970-01-01 (an integer division on both engines). */
const closedDay = sql<number | string>`orders.updated_at / ${sql.lit(DAY_MS)}`;

/** How many orders closed with one status, counted in one group (`n` a string on PostgreSQL). */
export interface ClosedCount {
  status: 'delivered' | 'cancelled';
  n: number;
}

const ORDER = [
  'orders.id',
  'orders.pet_id as petId',
  'orders.account_id as accountId',
  'orders.status',
  'orders.placed_at as placedAt',
  'orders.updated_at as updatedAt',
] as const;

interface Row {
  id: number;
  petId: number;
  accountId: number;
  status: OrderStatus;
  placedAt: number;
  updatedAt: number;
}

const toOrder = (row: Row): Order => ({
  id: row.id,
  petId: row.petId,
  accountId: row.accountId,
  status: row.status,
  placedAt: new Date(row.placedAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** A row of a page, with the names its expansions joined in. */
interface ListedRow extends Row {
  petName?: string;
  petStatus?: PetStatus;
  accountName?: string;
}

const toListedOrder = (row: ListedRow): ListedOrder => {
  const order: ListedOrder = toOrder(row);
  if (row.petName !== undefined && row.petStatus !== undefined)
    order.pet = { id: row.petId, name: row.petName, status: row.petStatus };
  if (row.accountName !== undefined) order.account = { id: row.accountId, name: row.accountName };
  return order;
};

/** How a page is read: its order, whether it starts after a cursor, and the names it joins in. */
export interface PageShape {
  sort?: OrderSort | undefined;
  expand?: readonly OrderExpansion[] | undefined;
  /** Descending pages only: whether the page continues below a cursor's position. */
  below?: boolean;
}

/** The filters of a list: `accountId` for a partner's own orders (staff see every one). */
export interface OrderFilters {
  accountId?: number | undefined;
  status?: OrderStatus | undefined;
  petId?: number | undefined;
}

const FILTERS = ['accountId', 'status', 'petId'] as const;
type Filter = (typeof FILTERS)[number];

interface PageParameters {
  accountId: number;
  status: OrderStatus;
  petId: number;
  /** The cursor's position: ascending, the page starts after it; descending, below it. */
  afterId: number;
  limit: number;
}

/** A pet as an order sees it: its status, whether it was removed, whether it has an open order. */
export interface HeldPet {
  name: string;
  categoryId: number;
  status: PetStatus;
  removed: boolean;
  ordered: boolean;
}

/**
 * The orders table. Pages are keysets in ascending or descending id, one statement per combination of filters,
 * each served by an index (StoreOrders1795306200000); on PostgreSQL a page ends before the first
 * order not yet listed (`listedBelow`). Rows held for a change are locked `FOR NO KEY UPDATE` on
 * PostgreSQL, the lock an UPDATE of their status takes anyway (taken at the read, so no other change
 * gets in between; it leaves inserts of rows that refer to them alone). SQLite writes one
 * transaction at a time.
 */
@Injectable()
export class OrdersRepository {
  /** The statements (public so tests can check their query plans). */
  readonly statements;
  private readonly pages = new Map<string, ReturnType<OrdersRepository['page']>>();

  constructor(private readonly database: Database) {
    const postgres = database.engine === 'postgres';
    this.statements = {
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('orders').select(ORDER).where('id', '=', p.id),
      ),
      held: database.statement((db, p: { id: number }) => {
        const query = db.selectFrom('orders').select(ORDER).where('id', '=', p.id);
        return postgres ? query.forNoKeyUpdate() : query;
      }),
      openOfPet: database.statement((db, p: { petId: number }) =>
        db
          .selectFrom('orders')
          .select('id')
          .where('pet_id', '=', p.petId)
          .where('status', 'in', OPEN),
      ),
      // Counted from `orders_account_status_id` (account_id, status, id): the account's open
      // orders' entries, no other.
      openOfAccount: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('account_id', '=', p.accountId)
          .where('status', 'in', OPEN),
      ),
      ownOpenOrdersMax: database.statement((db, p: { accountId: number }) =>
        db.selectFrom('accounts').select('limit_open_orders as max').where('id', '=', p.accountId),
      ),
      insert: database.statement(
        (db, p: { petId: number; accountId: number; status: OrderStatus; at: number }) =>
          db
            .insertInto('orders')
            .values({
              pet_id: p.petId,
              account_id: p.accountId,
              status: p.status,
              placed_at: p.at,
              updated_at: p.at,
            })
            .returning(ORDER),
      ),
      // Applied only if the order still has the status it was read with.
      move: database.statement(
        (db, p: { id: number; from: OrderStatus; to: OrderStatus; at: number }) =>
          db
            .updateTable('orders')
            .set({ status: p.to, updated_at: p.at })
            .where('id', '=', p.id)
            .where('status', '=', p.from),
      ),
      // A pet with its status, removed ones too (an order keeps naming its pet), and whether it
      // has an open order: one round trip for placing an order.
      pet: database.statement((db, p: { id: number }) => {
        const query = db
          .selectFrom('pets')
          .select((eb) => [
            'name',
            'category_id as categoryId',
            'status',
            'deleted_at as deletedAt',
            eb
              .exists(
                eb
                  .selectFrom('orders')
                  .select('orders.id')
                  .whereRef('orders.pet_id', '=', 'pets.id')
                  .where('orders.status', 'in', OPEN),
              )
              .as('ordered'),
          ])
          .where('id', '=', p.id);
        return postgres ? query.forNoKeyUpdate() : query;
      }),
      // Applied only if the pet still has the status it was read with, and is not removed.
      movePet: database.statement((db, p: { id: number; from: PetStatus; to: PetStatus }) =>
        db
          .updateTable('pets')
          .set({ status: p.to })
          .where('id', '=', p.id)
          .where('status', '=', p.from)
          .where('deleted_at', 'is', null),
      ),
      // Orders closed in [from, to), from `orders_status_updated_at`, by UTC day.
      closedByDay: database.statement((db, p: { from: number; to: number }) =>
        db
          .selectFrom('orders')
          .select((eb) => [
            closedDay.as('day'),
            'orders.status',
            eb.fn.countAll<number | string>().as('n'),
          ])
          .where('orders.status', 'in', CLOSED)
          .where('orders.updated_at', '>=', p.from)
          .where('orders.updated_at', '<', p.to)
          .groupBy([closedDay, 'orders.status']),
      ),
      // The same, by account, with the account's name by its key.
      closedByAccount: database.statement((db, p: { from: number; to: number }) =>
        db
          .selectFrom('orders')
          .innerJoin('accounts', 'accounts.id', 'orders.account_id')
          .select((eb) => [
            'orders.account_id as accountId',
            'accounts.name',
            'orders.status',
            eb.fn.countAll<number | string>().as('n'),
          ])
          .where('orders.status', 'in', CLOSED)
          .where('orders.updated_at', '>=', p.from)
          .where('orders.updated_at', '<', p.to)
          .groupBy(['orders.account_id', 'accounts.name', 'orders.status']),
      ),
      // Counted from `pets_status_id` (status, id) on both engines, removed pets left out.
      inventory: database.statement((db) =>
        db
          .selectFrom('pets')
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .where('deleted_at', 'is', null)
          .groupBy('status'),
      ),
    };
  }

  /**
   * Up to `limit` orders that match the filters, after `position` in ascending id (or below it in
   * descending id, the first page when `undefined`), with the names `expand` asks for joined in.
   */
  list(
    filters: OrderFilters,
    limit: number,
    position: number | undefined,
    shape: Omit<PageShape, 'below'> = {},
  ): Promise<ListedOrder[]> {
    const used: Filter[] = FILTERS.filter((name) => filters[name] !== undefined);
    const below = shape.sort === '-id' && position !== undefined;
    const expand = shape.expand ?? [];
    const key = `${used.join(',')}|${shape.sort ?? 'id'}|${below ? 'below' : ''}|${expand.join(',')}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.page(used, { ...shape, below });
      this.pages.set(key, statement);
    }
    return this.database
      .allKept(statement, {
        accountId: filters.accountId ?? 0,
        status: filters.status ?? 'placed',
        petId: filters.petId ?? 0,
        afterId: position ?? 0,
        limit,
      })
      .then((rows) => rows.map(toListedOrder));
  }

  /**
   * The statement of one combination of filters and shape (public so tests can check its plan):
   * an expanded page joins the pet and the account by their keys, in the same statement.
   */
  page(used: readonly Filter[], shape: PageShape = {}) {
    const listed = listedBelow(this.database.engine);
    const descending = shape.sort === '-id';
    const pet = shape.expand?.includes('pet') === true;
    const account = shape.expand?.includes('account') === true;
    return this.database.statement((db, p: PageParameters) => {
      let query = db
        .selectFrom('orders')
        .$if(pet, (q) =>
          q
            .innerJoin('pets', 'pets.id', 'orders.pet_id')
            .select(['pets.name as petName', 'pets.status as petStatus']),
        )
        .$if(account, (q) =>
          q
            .innerJoin('accounts', 'accounts.id', 'orders.account_id')
            .select('accounts.name as accountName'),
        )
        .select(ORDER);
      // On PostgreSQL, only orders below the first not yet listed (docs/team/guarantees.md).
      if (listed) query = query.where('orders.id', '<', listed);
      if (used.includes('accountId')) query = query.where('orders.account_id', '=', p.accountId);
      if (used.includes('status')) query = query.where('orders.status', '=', p.status);
      if (used.includes('petId')) query = query.where('orders.pet_id', '=', p.petId);
      if (!descending)
        return query.where('orders.id', '>', p.afterId).orderBy('orders.id').limit(p.limit);
      if (shape.below) query = query.where('orders.id', '<', p.afterId);
      return query.orderBy('orders.id', 'desc').limit(p.limit);
    });
  }

  async find(id: number): Promise<Order | undefined> {
    const row = await this.database.first(this.statements.byId, { id });
    return row && toOrder(row);
  }

  /** The order as the transaction sees it. */
  async findIn(tx: WriteTx, id: number): Promise<Order | undefined> {
    const [row] = await tx.all(this.statements.byId, { id });
    return row && toOrder(row);
  }

  /** The order as the transaction sees it, its row locked until the transaction ends. */
  async hold(tx: WriteTx, id: number): Promise<Order | undefined> {
    const [row] = await tx.all(this.statements.held, { id });
    return row && toOrder(row);
  }

  /** Whether the pet has an open (placed or approved) order, as the transaction sees it. */
  async hasOpenOrder(tx: WriteTx, petId: number): Promise<boolean> {
    return (await tx.all(this.statements.openOfPet, { petId })).length > 0;
  }

  /** How many open (placed or approved) orders the account has, as the transaction sees it. */
  async openOrdersOf(tx: WriteTx, accountId: number): Promise<number> {
    const [row] = await tx.all(this.statements.openOfAccount, { accountId });
    // PostgreSQL gives count(*), a bigint, as a string.
    return Number(row?.n ?? 0);
  }

  /** An enterprise account's own number of open orders, or `null` when it agreed none. */
  async ownOpenOrdersMaxOf(tx: WriteTx, accountId: number): Promise<number | null> {
    const [row] = await tx.all(this.statements.ownOpenOrdersMax, { accountId });
    return row?.max ?? null;
  }

  /** Inserts a new order; a second open order for the pet fails on `orders_open_pet`. */
  async insert(
    tx: WriteTx,
    order: { petId: number; accountId: number; status: OrderStatus; at: number },
  ): Promise<Order> {
    const [row] = await tx.all(this.statements.insert, order);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return toOrder(row);
  }

  /** Moves the order to `to` if its status is still `from`; resolves with whether it did. */
  async move(
    tx: WriteTx,
    move: { id: number; from: OrderStatus; to: OrderStatus; at: number },
  ): Promise<boolean> {
    return (await tx.run(this.statements.move, move)) === 1;
  }

  /** The pet (removed or not) as the transaction sees it, its row locked until it ends. */
  async holdPet(tx: WriteTx, id: number): Promise<HeldPet | undefined> {
    const [row] = await tx.all(this.statements.pet, { id });
    // SQLite gives EXISTS as 1/0, PostgreSQL as true/false.
    return (
      row && {
        name: row.name,
        categoryId: row.categoryId,
        status: row.status,
        removed: row.deletedAt !== null,
        ordered: row.ordered === true || row.ordered === 1,
      }
    );
  }

  /** Moves the pet to `to` if its status is still `from`; resolves with whether it did. */
  async movePet(
    tx: WriteTx,
    move: { id: number; from: PetStatus; to: PetStatus },
  ): Promise<boolean> {
    return (await tx.run(this.statements.movePet, move)) === 1;
  }

  /** Orders delivered and cancelled in [from, to) (Unix ms), by UTC day (days since 1970-01-01). */
  async closedByDay(from: number, to: number): Promise<(ClosedCount & { day: number })[]> {
    const rows = await this.database.all(this.statements.closedByDay, { from, to });
    // PostgreSQL gives bigints (the day, the count) as strings.
    return rows.map((row) => ({
      day: Number(row.day),
      status: row.status as ClosedCount['status'],
      n: Number(row.n),
    }));
  }

  /** Orders delivered and cancelled in [from, to) (Unix ms), by account, with its name. */
  async closedByAccount(
    from: number,
    to: number,
  ): Promise<(ClosedCount & { accountId: number; name: string })[]> {
    const rows = await this.database.all(this.statements.closedByAccount, { from, to });
    return rows.map((row) => ({
      accountId: row.accountId,
      name: row.name,
      status: row.status as ClosedCount['status'],
      n: Number(row.n),
    }));
  }

  /** How many pets not removed have each status, every status named. */
  async inventory(): Promise<Inventory> {
    const rows = await this.database.all(this.statements.inventory, {});
    const counts = Object.fromEntries(PET_STATUSES.map((status) => [status, 0])) as Inventory;
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }
}
