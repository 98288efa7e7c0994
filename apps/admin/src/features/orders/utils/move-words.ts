/**
 * The order moves in words (the button, the dialog, the outcome), and which of them a person of a
 * role may make on an order, from the contract's table of moves.
 */
import type { ListedOrder } from '@pets/client';
import { ORDER_MOVES, type OrderMove } from '@pets/contract';
import { isKnown } from '../../../lib/known.js';

/** An order's pet in a sentence: "Biscuit (#12)" by name, "pet 12" when the list gave none. */
export const petOf = (order: ListedOrder, capital = false): string =>
  order.pet ? `${order.pet.name} (#${order.petId})` : `${capital ? 'Pet' : 'pet'} ${order.petId}`;

/** The account that placed an order, in a sentence: "Zoo Shop", or "account 4". */
export const accountOf = (order: ListedOrder): string =>
  order.account?.name ?? `account ${order.accountId}`;

export const MOVE_WORDS: Record<
  OrderMove,
  { verb: string; doing: string; done: (order: ListedOrder) => string }
> = {
  approve: {
    verb: 'Approve',
    doing: 'Approving',
    done: (order) => `Approved order ${order.id}: ${petOf(order)} stays pending until delivery.`,
  },
  deliver: {
    verb: 'Deliver',
    doing: 'Delivering',
    done: (order) => `Delivered order ${order.id}: ${petOf(order)} is sold.`,
  },
  cancel: {
    verb: 'Cancel',
    doing: 'Cancelling',
    done: (order) => `Cancelled order ${order.id}: ${petOf(order)} is available again.`,
  },
};

const MOVES = Object.keys(ORDER_MOVES) as OrderMove[];

/**
 * The moves offered on an order: those its status allows, staff's to staff only. A partner sees
 * only its own account's orders, so it placed each one it sees.
 */
export const movesFor = (order: ListedOrder, role: 'partner' | 'staff'): OrderMove[] =>
  MOVES.filter((move) => {
    const { from, who } = ORDER_MOVES[move];
    // None from a status the app does not know (added since).
    return isKnown(from, order.status) && (who === 'placer' || role === 'staff');
  });
