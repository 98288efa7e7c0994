/**
 * The oldest orders waiting for approval (placed), each with its pet and account by name, for
 * staff's home page; under the orders' queries, so a move anywhere reads them again.
 */
import type { ListOrdersQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';

/** How many are shown; the Orders page lists the rest. */
export const PLACED_ORDERS_SHOWN = 10;

export const placedOrdersQueryOptions = (client: PetstoreClient) => {
  const query: ListOrdersQueryInput = {
    status: 'placed',
    expand: ['pet', 'account'],
    limit: PLACED_ORDERS_SHOWN,
  };
  return queryOptions({
    queryKey: [ORDERS_QUERY_ROOT, 'placed-waiting', query] as const,
    queryFn: ({ signal }) => client.listOrders(query, { signal }),
  });
};
