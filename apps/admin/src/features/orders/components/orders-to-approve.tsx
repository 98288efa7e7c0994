/**
 * For staff's home page: the orders placed and waiting for approval, oldest first, each pet and
 * account by name (linked), with Approve and Cancel after the same dialog as the Orders page.
 */
import type { ListedOrder } from '@pets/client';
import type { OrderMove } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorMessage } from '../../../components/error-message.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { ActionsHeader } from '../../../components/ui/actions-header.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { placedOrdersQueryOptions } from '../api/list-placed-orders.js';
import { useOrderMoves } from '../hooks/use-order-moves.js';
import { MOVE_WORDS } from '../utils/move-words.js';
import { ordersPath } from '../utils/orders-search.js';

const MOVES: readonly OrderMove[] = ['approve', 'cancel'];

function OrderRow({
  order,
  busy,
  buttonRef,
  onMove,
}: {
  order: ListedOrder;
  busy: boolean;
  buttonRef: (move: OrderMove, button: HTMLButtonElement | null) => void;
  onMove: (move: OrderMove) => void;
}) {
  const petName = order.pet?.name ?? `Pet ${order.petId}`;
  return (
    <tr>
      <th scope="row">Order {order.id}</th>
      <td data-label="Pet">
        <Link href={`/pets/${String(order.petId)}`}>{petName}</Link>
      </td>
      <td data-label="Partner">
        <Link href={`/accounts/${String(order.accountId)}`}>
          {order.account?.name ?? `Account ${order.accountId}`}
        </Link>
      </td>
      <td data-label="Placed">
        <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
      </td>
      <td className="stacked-actions">
        <span className="row-actions">
          {MOVES.map((move) => (
            <button
              key={move}
              ref={(button) => {
                buttonRef(move, button);
              }}
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => {
                onMove(move);
              }}
            >
              {MOVE_WORDS[move].verb}{' '}
              <span className="visually-hidden">
                order {order.id} for {petName}
              </span>
            </button>
          ))}
        </span>
      </td>
    </tr>
  );
}

export function OrdersToApprove() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const orders = useQuery({ ...placedOrdersQueryOptions(client), enabled: !blocked });
  const moves = useOrderMoves();

  const shown = orders.data?.data;
  let state = null;
  if (orders.isError && !isRateLimited(orders.error))
    state = (
      <ErrorMessage
        error={orders.error}
        onRetry={() => {
          void orders.refetch();
        }}
      />
    );
  else if (orders.isPending && orders.isFetching) state = <p>Loading orders…</p>;
  else if (shown?.length === 0) state = <p>No order is waiting for approval.</p>;

  return (
    <section className="panel home-section home-wide" aria-labelledby="home-orders-heading">
      <h2 id="home-orders-heading">Waiting for approval</h2>
      <div aria-live="polite">
        {state}
        {moves.failure ? <p className="error">{moves.failure}</p> : null}
      </div>
      {shown && shown.length > 0 ? (
        <div className="stacked-frame">
          <table className="stacked" aria-labelledby="home-orders-heading">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Pet</th>
                <th scope="col">Partner</th>
                <th scope="col">Placed</th>
                <ActionsHeader />
              </tr>
            </thead>
            <tbody>
              {shown.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  busy={moves.busy}
                  buttonRef={(which, button) => {
                    moves.buttonRef(order, which)(button);
                  }}
                  onMove={(which) => {
                    moves.ask(order, which);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {orders.data?.next ? (
        <p>
          <Link href={ordersPath({ status: 'placed', cursor: undefined })}>
            Every order waiting for approval
          </Link>
        </p>
      ) : null}
      <StatusMessage message={moves.message} />
      {moves.dialog}
    </section>
  );
}
