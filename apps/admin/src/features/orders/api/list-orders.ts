/**
 * One page of orders (a partner's own, or for staff every one), as the Orders page shows them: each
 * with its pet's name and (for staff) its account's, in the same request.
 */
import type { ListOrdersQueryInput, PetstoreClient } from '@pets/client';
import { LIST_LIMIT_DEFAULT } from '@pets/contract';
import { queryOptions } from '@tanstack/react-query';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';
import type { OrdersView } from '../utils/orders-search.js';

export const ORDERS_PAGE_SIZE = LIST_LIMIT_DEFAULT;

export const ordersPageQueryKey = (query: ListOrdersQueryInput) =>
  [ORDERS_QUERY_ROOT, 'page', query] as const;

/** The request for a view: a partner's list is its own, so it is never filtered by account. */
export function ordersQueryOf(
  { status, petId, accountId, sort, cursor }: OrdersView,
  role: 'partner' | 'staff',
): ListOrdersQueryInput {
  return {
    limit: ORDERS_PAGE_SIZE,
    expand: role === 'staff' ? ['pet', 'account'] : ['pet'],
    ...(status === undefined ? {} : { status }),
    ...(petId === undefined ? {} : { petId }),
    ...(accountId === undefined || role !== 'staff' ? {} : { accountId }),
    ...(sort === undefined ? {} : { sort }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/** One page of the orders a view shows: the first, or the one its cursor points at. */
export const listOrdersQueryOptions = (
  client: PetstoreClient,
  view: OrdersView,
  role: 'partner' | 'staff',
) => {
  const query = ordersQueryOf(view, role);
  return queryOptions({
    queryKey: ordersPageQueryKey(query),
    queryFn: ({ signal }) => client.listOrders(query, { signal }),
  });
};
