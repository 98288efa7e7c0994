/**
 * Proves the Orders page's address: each filter, the order and the page read back as written, and
 * anything the API would refuse left out rather than sent.
 */
import { describe, expect, it } from 'vitest';
import { ordersPath, parseOrdersSearch } from './orders-search.js';

describe("the Orders page's address", () => {
  it('reads back every filter, the order and the page as written', () => {
    const view = {
      status: 'placed' as const,
      petId: 12,
      accountId: 4,
      sort: '-id' as const,
      cursor: 'abc',
    };
    const path = ordersPath(view);
    expect(path).toBe('/orders?status=placed&petId=12&accountId=4&sort=-id&cursor=abc');
    expect(parseOrdersSearch(path.slice('/orders'.length))).toEqual(view);
  });

  it('leaves out the default order, and ids, statuses and orders the API would refuse', () => {
    expect(parseOrdersSearch('?sort=id&petId=0&accountId=x&status=lost')).toEqual({
      status: undefined,
      cursor: undefined,
    });
    expect(parseOrdersSearch('?sort=name').sort).toBeUndefined();
    expect(ordersPath({ status: undefined, sort: 'id', cursor: undefined })).toBe('/orders');
  });
});
