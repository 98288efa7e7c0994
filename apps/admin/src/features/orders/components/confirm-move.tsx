/** Asks before an order is approved, delivered or cancelled, saying what that does to its pet. */
import type { ListedOrder } from '@pets/client';
import type { OrderMove } from '@pets/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { accountOf, MOVE_WORDS, petOf } from '../utils/move-words.js';

/** What each move does to the pet, said before it is made: none of them can be taken back. */
const CONSEQUENCE: Record<OrderMove, (order: ListedOrder) => string> = {
  approve: (order) =>
    `${petOf(order, true)} stays pending until the order is delivered or cancelled. An approved order cannot go back to placed.`,
  deliver: (order) =>
    `${petOf(order, true)} becomes sold to ${accountOf(order)}. This cannot be undone.`,
  cancel: (order) =>
    `${petOf(order, true)} becomes available again, and anyone may order it. A cancelled order cannot be reopened.`,
};

export function ConfirmMove({
  order,
  move,
  busy,
  onConfirm,
  onCancel,
}: {
  order: ListedOrder;
  move: OrderMove;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const words = MOVE_WORDS[move];
  return (
    <ConfirmDialog
      title={`${words.verb} order ${order.id}?`}
      confirmLabel={busy ? `${words.doing}…` : `${words.verb} order ${order.id}`}
      cancelLabel={move === 'cancel' ? `Keep order ${order.id}` : 'Not now'}
      danger={move === 'cancel'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{CONSEQUENCE[move](order)}</p>
    </ConfirmDialog>
  );
}
