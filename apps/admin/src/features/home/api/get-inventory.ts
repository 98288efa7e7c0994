/** How many pets are available, pending and sold now: the key the pets page's counts share. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { INVENTORY_QUERY_KEY } from '../../../lib/store.js';

export const inventoryQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: INVENTORY_QUERY_KEY,
    queryFn: ({ signal }) => client.getInventory({ signal }),
  });
