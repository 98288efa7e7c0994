/**
 * The Orders page's view (status, pet and partner filters, order, page) read from and written to
 * its address.
 */
import {
  isIdText,
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderSort,
  type OrderStatus,
} from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** What the Orders page shows; it lives in the address, so a link reproduces the view. */
export interface OrdersView {
  status: OrderStatus | undefined;
  /** Only the orders for this pet. */
  petId?: number | undefined;
  /** Only the orders placed by this account (staff only: a partner sees its own). */
  accountId?: number | undefined;
  /** Undefined for the API's default, oldest first (`id`). */
  sort?: OrderSort | undefined;
  cursor: string | undefined;
}

const idParam = (text: string | null): number | undefined =>
  text !== null && isIdText(text) ? Number(text) : undefined;

/**
 * Reads `?status=placed&petId=12&accountId=4&sort=-id&cursor=…`; anything unknown falls back to
 * no filter and the default order.
 */
export function parseOrdersSearch(search: string): OrdersView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const sort = ORDER_SORTS.find((known) => known === params.get('sort'));
  const petId = idParam(params.get('petId'));
  const accountId = idParam(params.get('accountId'));
  return {
    status: ORDER_STATUSES.find((known) => known === status),
    ...(petId === undefined ? {} : { petId }),
    ...(accountId === undefined ? {} : { accountId }),
    ...(sort === undefined || sort === 'id' ? {} : { sort }),
    cursor: cursorParam(params.get('cursor')),
  };
}

export function ordersPath({ status, petId, accountId, sort, cursor }: OrdersView): string {
  const params = new URLSearchParams();
  if (status !== undefined) params.set('status', status);
  if (petId !== undefined) params.set('petId', String(petId));
  if (accountId !== undefined) params.set('accountId', String(accountId));
  if (sort !== undefined && sort !== 'id') params.set('sort', sort);
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/orders?${search}` : '/orders';
}
