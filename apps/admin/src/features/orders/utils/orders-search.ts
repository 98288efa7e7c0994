/** The Orders page's view (status filter, page) read from and written to its address. */
import { ORDER_STATUSES, type OrderStatus } from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** What the Orders page shows; it lives in the address, so a link reproduces the view. */
export interface OrdersView {
  status: OrderStatus | undefined;
  cursor: string | undefined;
}

/** Reads `?status=placed&cursor=…`; an unknown status falls back to every status. */
export function parseOrdersSearch(search: string): OrdersView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    status: ORDER_STATUSES.find((known) => known === status),
    cursor: cursorParam(params.get('cursor')),
  };
}

export function ordersPath({ status, cursor }: OrdersView): string {
  const params = new URLSearchParams();
  if (status !== undefined) params.set('status', status);
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/orders?${search}` : '/orders';
}
