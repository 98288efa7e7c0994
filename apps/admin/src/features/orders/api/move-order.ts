/**
 * Approves, delivers or cancels an order; the orders, the pets (whose status moved with it) and the
 * inventory are read again, whether it worked or was refused (someone moved it first).
 */
import type { Order } from '@pets/client';
import type { OrderMove } from '@pets/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { ordersChanged } from '../../../lib/store.js';

export interface MoveOrderVariables {
  order: Order;
  move: OrderMove;
}

export function useMoveOrder() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, move }: MoveOrderVariables) => {
      switch (move) {
        case 'approve':
          return client.approveOrder(order.id);
        case 'deliver':
          return client.deliverOrder(order.id);
        case 'cancel':
          return client.cancelOrder(order.id);
      }
    },
    onSettled: () => ordersChanged(queryClient),
  });
}
