/**
 * The adoptions report by account for a range of days: under the orders' queries, so an order
 * delivered or cancelled anywhere in the app reads it again.
 */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';
import type { Period } from '../utils/periods.js';

export const adoptionsQueryOptions = (client: PetstoreClient, { from, to }: Period) =>
  queryOptions({
    queryKey: [ORDERS_QUERY_ROOT, 'adoptions', { from, to }] as const,
    queryFn: ({ signal }) => client.getAdoptionsReport({ from, to, by: 'account' }, { signal }),
  });
