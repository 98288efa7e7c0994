/**
 * Moving orders from a list (the Orders page, Home): each move asked first in a dialog, its outcome
 * said after by the pet's and account's names the row was listed with, a refusal in the API's
 * words, and focus back on the row's button once the dialog is gone.
 */
import type { ListedOrder } from '@pets/client';
import type { OrderMove } from '@pets/contract';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { apiSentence, isRateLimited } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useRowButtons } from '../../../lib/row-buttons.js';
import { useMoveOrder } from '../api/move-order.js';
import { ConfirmMove } from '../components/confirm-move.js';
import { MOVE_WORDS } from '../utils/move-words.js';

interface Asked {
  order: ListedOrder;
  move: OrderMove;
}

export function useOrderMoves() {
  const { blocked } = useRateLimit();
  const move = useMoveOrder();
  const [confirming, setConfirming] = useState<Asked | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRowButtons<string>();
  const busy = move.isPending || blocked;

  /** Back to a row's button once the dialog that covered it (and made the page inert) is gone. */
  const backTo = ({ order, move: which }: Asked, close: () => void) => {
    flushSync(close);
    buttons.focus(`${which}-${order.id}`);
  };

  const confirm = (asked: Asked) => {
    const { order, move: which } = asked;
    setMessage(null);
    setFailure(null);
    move.mutate(asked, {
      onSuccess: ({ data }) => {
        setConfirming(null);
        // The answer is the order alone: the names come from the row it was listed in.
        setMessage(MOVE_WORDS[which].done({ ...order, ...data }));
      },
      onError: (error) => {
        backTo(asked, () => {
          setConfirming(null);
          // A refusal in the API's words: "The order is delivered, and cannot be cancelled: …".
          if (!isRateLimited(error))
            setFailure(`Order ${order.id} was not changed. ${apiSentence(error)}`);
        });
      },
    });
  };

  return {
    busy,
    message,
    failure,
    /** A row's move button, kept to give focus back to. */
    buttonRef: (order: ListedOrder, which: OrderMove) => buttons.refFor(`${which}-${order.id}`),
    /** Opens the dialog that asks before `which`. */
    ask: (order: ListedOrder, which: OrderMove) => {
      setMessage(null);
      setFailure(null);
      setConfirming({ order, move: which });
    },
    /** The dialog asking, while a move is asked. */
    dialog: confirming ? (
      <ConfirmMove
        order={confirming.order}
        move={confirming.move}
        busy={busy}
        onConfirm={() => {
          confirm(confirming);
        }}
        onCancel={() => {
          backTo(confirming, () => {
            setConfirming(null);
          });
        }}
      />
    ) : null,
  };
}
