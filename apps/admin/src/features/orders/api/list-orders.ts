/** One page of orders (a partner's own, or for staff every one), as the Orders page shows them. */
import type { ListOrdersQueryInput, PetstoreClient } from '@pets/client';
import { LIST_LIMIT_DEFAULT } from '@pets/contract';
import { queryOptions } from '@tanstack/react-query';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';

export const ORDERS_PAGE_SIZE = LIST_LIMIT_DEFAULT;

export const ordersPageQueryKey = (query: ListOrdersQueryInput) =>
  [ORDERS_QUERY_ROOT, 'page', query] as const;

/** One page of orders of a status (or every status): the first, or the one `cursor` points at. */
export const listOrdersQueryOptions = (
  client: PetstoreClient,
  { status, cursor }: Pick<ListOrdersQueryInput, 'status' | 'cursor'>,
) => {
  const query: ListOrdersQueryInput = {
    limit: ORDERS_PAGE_SIZE,
    ...(status === undefined ? {} : { status }),
    ...(cursor === undefined ? {} : { cursor }),
  };
  return queryOptions({
    queryKey: ordersPageQueryKey(query),
    queryFn: ({ signal }) => client.listOrders(query, { signal }),
  });
};
