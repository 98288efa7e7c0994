/**
 * The latest orders of one pet, with the names of the accounts that placed them (a partner sees
 * its own account's only). Under the orders' root, so an order placed or moved reads them again.
 */
import type { ListOrdersQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';

/** How many of a pet's orders its page shows; the Orders page has them all. */
export const PET_ORDERS_SHOWN = 10;

export const petOrdersQueryOptions = (client: PetstoreClient, petId: number) => {
  const query: ListOrdersQueryInput = {
    petId,
    sort: '-id',
    expand: ['account'],
    limit: PET_ORDERS_SHOWN,
  };
  return queryOptions({
    queryKey: [ORDERS_QUERY_ROOT, 'pet', query] as const,
    queryFn: ({ signal }) => client.listOrders(query, { signal }),
  });
};
