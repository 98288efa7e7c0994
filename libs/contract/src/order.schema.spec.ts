// Store orders in the contract: a new order, the list's query, an order as the API answers it and
// the moves an order makes, each refusing what the API refuses, with the same details.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Inventory,
  isOpenOrder,
  ListedOrder,
  ListOrdersQuery,
  NewOrder,
  ORDER_MOVES,
  ORDER_STATUSES,
  Order,
} from './order.schema.js';
import { PROBLEMS } from './problems.js';
import { toErrorDetails } from './validation.js';

const detailsOf = (schema: z.ZodType) => (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

/** An order as the API answers it. */
const anOrder = {
  id: 1,
  petId: 2,
  accountId: 3,
  status: 'placed',
  placedAt: '2026-11-26T18:00:00.000Z',
  updatedAt: '2026-11-26T18:00:00.000Z',
};

describe('NewOrder', () => {
  const problems = detailsOf(NewOrder);

  it('takes the id of a pet, as a JSON integer', () => {
    expect(NewOrder.parse({ petId: 42 })).toEqual({ petId: 42 });
    expect(NewOrder.parse({ petId: Number.MAX_SAFE_INTEGER })).toEqual({
      petId: Number.MAX_SAFE_INTEGER,
    });
  });

  it('refuses a missing, written or out-of-range id and other fields', () => {
    expect(problems({})).toEqual([{ field: 'petId', issue: 'is required' }]);
    expect(problems({ petId: '42' })).toEqual([{ field: 'petId', issue: 'must be an integer' }]);
    expect(problems({ petId: 0 })).toEqual([{ field: 'petId', issue: 'must be at least 1' }]);
    expect(problems({ petId: 1.5 })).toEqual([{ field: 'petId', issue: 'must be an integer' }]);
    expect(problems({ petId: 2, status: 'placed' })).toEqual([
      { field: 'status', issue: 'is not allowed' },
    ]);
    expect(problems(null)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });
});

describe('ListOrdersQuery', () => {
  const problems = detailsOf(ListOrdersQuery);

  it('filters by status and pet, with the paging of lists', () => {
    expect(ListOrdersQuery.parse({})).toEqual({ limit: 20 });
    expect(ListOrdersQuery.parse({ status: 'approved', petId: '7', limit: '5' })).toEqual({
      status: 'approved',
      petId: 7,
      limit: 5,
    });
  });

  it('refuses an unknown status, a repeated one, a malformed pet id and other parameters', () => {
    expect(problems({ status: 'open' })).toEqual([
      { field: 'status', issue: 'must be one of placed, approved, delivered, cancelled' },
    ]);
    expect(problems({ status: ['placed', 'approved'] })).toEqual([
      { field: 'status', issue: 'must be given once' },
    ]);
    expect(problems({ petId: '07' })).toEqual([
      { field: 'petId', issue: 'must be an integer from 1 to 9007199254740991' },
    ]);
    expect(problems({ owner: 'me' })).toEqual([{ field: 'owner', issue: 'is not allowed' }]);
    expect(problems('status=placed')).toEqual([{ field: '', issue: 'must be a query string' }]);
  });
});

describe('ListOrdersQuery for staff and names', () => {
  const problems = detailsOf(ListOrdersQuery);
  const EXPAND_ISSUE = 'must be a comma-separated list of pet, account, each at most once';

  it('filters by account, sorts by id either way and expands pet and account', () => {
    expect(ListOrdersQuery.parse({ accountId: '3', sort: '-id' })).toEqual({
      accountId: 3,
      sort: '-id',
      limit: 20,
    });
    expect(ListOrdersQuery.parse({ sort: 'id' })).toEqual({ sort: 'id', limit: 20 });
    for (const [text, fields] of [
      ['pet', ['pet']],
      ['account', ['account']],
      ['pet,account', ['pet', 'account']],
      ['account,pet', ['pet', 'account']],
    ] as const)
      expect(ListOrdersQuery.parse({ expand: text }).expand, text).toEqual(fields);
  });

  it('refuses other sorts, unknown or repeated expansions and a malformed account id', () => {
    for (const sort of ['name', '+id', '', 'ID'])
      expect(problems({ sort }), sort).toEqual([
        { field: 'sort', issue: 'must be one of id, -id' },
      ]);
    expect(problems({ sort: ['id', '-id'] })).toEqual([
      { field: 'sort', issue: 'must be given once' },
    ]);
    for (const expand of ['', 'owner', 'pet,', ',pet', 'pet,pet', 'pet account', 'Pet', 'pets'])
      expect(problems({ expand }), expand).toEqual([{ field: 'expand', issue: EXPAND_ISSUE }]);
    expect(problems({ expand: ['pet', 'account'] })).toEqual([
      { field: 'expand', issue: 'must be given once' },
    ]);
    expect(problems({ accountId: '0' })).toEqual([
      { field: 'accountId', issue: 'must be an integer from 1 to 9007199254740991' },
    ]);
  });

  it('answers an expanded order with its pet and account, and a plain one as an Order', () => {
    const order = anOrder;
    expect(ListedOrder.parse(order)).toEqual(Order.parse(order));
    const expanded = {
      ...order,
      pet: { id: 2, name: 'Biscuit Jr.', status: 'pending' },
      account: { id: 3, name: 'Happy Tails' },
    };
    expect(ListedOrder.parse(expanded)).toEqual(expanded);
    expect(ListedOrder.safeParse({ ...expanded, pet: { id: 2, name: 'x' } }).success).toBe(false);
  });
});

describe('Order and Inventory', () => {
  it('are what the API answers, and nothing else', () => {
    const order = anOrder;
    expect(Order.parse(order)).toEqual(order);
    expect(detailsOf(Order)({ ...order, status: 'open' })).toEqual([
      { field: 'status', issue: 'must be one of placed, approved, delivered, cancelled' },
    ]);
    expect(Order.safeParse({ ...order, note: 'x' }).success).toBe(false);
    expect(Inventory.parse({ available: 1, pending: 0, sold: 2 })).toEqual({
      available: 1,
      pending: 0,
      sold: 2,
    });
    expect(Inventory.safeParse({ available: -1, pending: 0, sold: 0 }).success).toBe(false);
  });
});

describe('the moves of an order', () => {
  it('start only from open orders and end where the decisions say, with the pet following', () => {
    expect(ORDER_STATUSES.filter(isOpenOrder)).toEqual(['placed', 'approved']);
    expect(ORDER_MOVES).toEqual({
      approve: { from: ['placed'], to: 'approved', who: 'staff' },
      deliver: { from: ['approved'], to: 'delivered', who: 'staff', pet: 'sold' },
      cancel: { from: ['placed', 'approved'], to: 'cancelled', who: 'placer', pet: 'available' },
    });
    for (const move of Object.values(ORDER_MOVES)) {
      expect(move.from.every(isOpenOrder)).toBe(true);
    }
  });

  it('are refused in words that name the status and the move', () => {
    expect(PROBLEMS.orderMoveRefused('placed', 'deliver').message).toBe(
      'The order is placed, and cannot be delivered: status placed → delivered is not allowed.',
    );
    expect(PROBLEMS.petNotOrderable('pending').message).toBe(
      'The pet cannot be ordered: petId names a pet that is pending, and only an available pet can be ordered.',
    );
  });
});
