/**
 * The order moves in words (the button, the dialog, the outcome), and which of them a person of a
 * role may make on an order, from the contract's table of moves.
 */
import type { Order } from '@pets/client';
import { ORDER_MOVES, type OrderMove } from '@pets/contract';

export const MOVE_WORDS: Record<
  OrderMove,
  { verb: string; doing: string; done: (order: Order) => string }
> = {
  approve: {
    verb: 'Approve',
    doing: 'Approving',
    done: (order) => `Approved order ${order.id}: pet ${order.petId} stays pending until delivery.`,
  },
  deliver: {
    verb: 'Deliver',
    doing: 'Delivering',
    done: (order) => `Delivered order ${order.id}: pet ${order.petId} is sold.`,
  },
  cancel: {
    verb: 'Cancel',
    doing: 'Cancelling',
    done: (order) => `Cancelled order ${order.id}: pet ${order.petId} is available again.`,
  },
};

const MOVES = Object.keys(ORDER_MOVES) as OrderMove[];

/**
 * The moves offered on an order: those its status allows, staff's to staff only. A partner sees
 * only its own account's orders, so it placed each one it sees.
 */
export const movesFor = (order: Order, role: 'partner' | 'staff'): OrderMove[] =>
  MOVES.filter((move) => {
    const { from, who } = ORDER_MOVES[move];
    return from.includes(order.status) && (who === 'placer' || role === 'staff');
  });
