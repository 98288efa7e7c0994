/**
 * The open orders (placed or approved) that hold the pending pets on a page: the first hundred of
 * each status, newest first, two requests whatever the page holds and shared by every page (never
 * one per row). The API filters orders by one pet at a time, so a page's pets cannot be asked for
 * together: a pet beyond those hundred is said to be unknown (`complete: false`), and offered its
 * moves as before, the API still refusing what its order forbids. A partner sees only their own
 * account's orders.
 */
import type { Pet } from '@pets/client';
import { LIST_LIMIT_MAX, OPEN_ORDER_STATUSES } from '@pets/contract';
import { useQueries } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { ORDERS_QUERY_ROOT } from '../../../lib/store.js';

export interface OpenOrders {
  /** The open order holding each pet known to have one, by pet id. */
  byPet: ReadonlyMap<number, number>;
  /** Whether every open order was read, so a pending pet not in `byPet` has none. */
  complete: boolean;
}

export function useOpenOrders(pets: readonly Pet[]): OpenOrders {
  const client = useClient();
  const { blocked } = useRateLimit();
  const wanted = pets.some((pet) => pet.status === 'pending');
  const pages = useQueries({
    queries: OPEN_ORDER_STATUSES.map((status) => ({
      queryKey: [ORDERS_QUERY_ROOT, 'open', status] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        client.listOrders({ status, sort: '-id', limit: LIST_LIMIT_MAX }, { signal }),
      enabled: wanted && !blocked,
    })),
  });
  const byPet = new Map<number, number>();
  for (const page of pages)
    for (const order of page.data?.data ?? []) byPet.set(order.petId, order.id);
  return {
    byPet,
    complete: pages.every((page) => page.data !== undefined && page.data.next === undefined),
  };
}
