/**
 * The query keys the pets and the store orders share: an order placed or moved changes its pet's
 * status, and a pet changed changes the inventory, so each side reads the other's again.
 */
import type { QueryClient } from '@tanstack/react-query';

/** Every query of pets (the pets feature's lists are under it). */
export const PETS_QUERY_ROOT = 'pets';
/** Every query of orders (the Orders page's pages are under it). */
export const ORDERS_QUERY_ROOT = 'orders';
/** How many pets have each status (staff see it above the pets). */
export const INVENTORY_QUERY_KEY = ['inventory'] as const;

/** After pets were added, changed or removed: the counts of each status are read again. */
export const inventoryChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_KEY });

/** After an order was placed or moved: the orders, its pet's status and the counts changed. */
export const ordersChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [ORDERS_QUERY_ROOT] }),
    queryClient.invalidateQueries({ queryKey: [PETS_QUERY_ROOT] }),
    inventoryChanged(queryClient),
  ]);
