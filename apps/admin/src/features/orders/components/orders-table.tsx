/**
 * The orders, a page at a time (the page, the filters and the order in the address, with Previous
 * and Next): each order's pet by name, (for staff) the account that placed it by name, each linked
 * to its page, its status and times, and the moves its status allows, each after a dialog that says
 * what it does. On a phone each row stacks into a card.
 */
import type { ListedOrder } from '@pets/client';
import type { OrderMove } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PagedTable } from '../../../components/paged-table.js';
import { useClient } from '../../../lib/client.js';
import type { CursorPaging } from '../../../lib/cursor-paging.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listOrdersQueryOptions } from '../api/list-orders.js';
import { useOrderMoves } from '../hooks/use-order-moves.js';
import { MOVE_WORDS, movesFor } from '../utils/move-words.js';
import type { OrdersView } from '../utils/orders-search.js';
import { orderStatusClass } from '../../../lib/known.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  order: 'Order',
  pet: 'Pet',
  account: 'Account',
  status: 'Status',
  placed: 'Placed',
  updated: 'Last change',
} as const;

/**
 * The pet an order is for, by name (the list expands it) with its id; staff follow it to the pet's
 * page. A partner's own order names the pet only.
 */
function PetCell({ order, role }: { order: ListedOrder; role: 'partner' | 'staff' }) {
  const name = order.pet?.name ?? `Pet ${order.petId}`;
  // One element, so a phone's card lays it out as one value.
  return (
    <span>
      {role === 'staff' ? <Link href={`/pets/${String(order.petId)}`}>{name}</Link> : name}{' '}
      <span className="muted">#{order.petId}</span>
    </span>
  );
}

/** The account that placed an order, by name with its id, linked to its page (staff). */
function AccountCell({ order }: { order: ListedOrder }) {
  return (
    <span>
      <Link href={`/accounts/${String(order.accountId)}`}>
        {order.account?.name ?? `Account ${order.accountId}`}
      </Link>{' '}
      <span className="muted">#{order.accountId}</span>
    </span>
  );
}

function OrderRow({
  order,
  role,
  busy,
  buttonRef,
  onMove,
}: {
  order: ListedOrder;
  role: 'partner' | 'staff';
  busy: boolean;
  buttonRef: (move: OrderMove, button: HTMLButtonElement | null) => void;
  onMove: (move: OrderMove) => void;
}) {
  // None for a delivered or cancelled order: the cell is then empty, and a phone's card hides it.
  const moves = movesFor(order, role);
  return (
    <tr>
      <th scope="row">Order {order.id}</th>
      <td data-label={COLUMN.pet}>
        <PetCell order={order} role={role} />
      </td>
      {role === 'staff' ? (
        <td data-label={COLUMN.account}>
          <AccountCell order={order} />
        </td>
      ) : null}
      <td data-label={COLUMN.status}>
        <span className={orderStatusClass(order.status)}>{order.status}</span>
      </td>
      <td data-label={COLUMN.placed}>
        <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
      </td>
      <td data-label={COLUMN.updated}>
        <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt)}</time>
      </td>
      <td className="stacked-actions">
        {moves.length > 0 ? (
          <span className="row-actions">
            {moves.map((move) => (
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
                {MOVE_WORDS[move].verb} <span className="visually-hidden">order {order.id}</span>
              </button>
            ))}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

export function OrdersTable({
  view,
  paging,
  role,
  labelledBy,
  onSort,
}: {
  view: OrdersView;
  paging: CursorPaging;
  role: 'partner' | 'staff';
  labelledBy: string;
  /** Shows the other order: newest first after oldest first, and back. */
  onSort: () => void;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const orders = useQuery({
    ...listOrdersQueryOptions(client, view, role),
    enabled: !blocked,
  });
  const moves = useOrderMoves();

  const columns = [
    COLUMN.order,
    COLUMN.pet,
    ...(role === 'staff' ? [COLUMN.account] : []),
    COLUMN.status,
    COLUMN.placed,
    COLUMN.updated,
  ];
  const filtered =
    view.status !== undefined ||
    view.petId !== undefined ||
    (role === 'staff' && view.accountId !== undefined);

  return (
    <>
      <PagedTable
        list={orders}
        paging={paging}
        labelledBy={labelledBy}
        pagerLabel="Pages of orders"
        says={{
          loading: 'Loading orders…',
          empty: filtered
            ? view.status !== undefined && view.petId === undefined && view.accountId === undefined
              ? `No order is ${view.status}.`
              : 'No order matches these filters.'
            : role === 'staff'
              ? 'No order has been placed yet.'
              : 'Your account has placed no order yet.',
          noMore: 'No more orders.',
        }}
        columns={columns}
        sort={{
          column: COLUMN.order,
          direction: view.sort === '-id' ? 'descending' : 'ascending',
          toggleLabel: view.sort === '-id' ? 'show oldest first' : 'show newest first',
          onToggle: onSort,
        }}
        actions
        row={(order) => (
          <OrderRow
            key={order.id}
            order={order}
            role={role}
            busy={moves.busy}
            buttonRef={(which, button) => {
              moves.buttonRef(order, which)(button);
            }}
            onMove={(which) => {
              moves.ask(order, which);
            }}
          />
        )}
        failure={moves.failure}
        message={moves.message}
      />
      {moves.dialog}
    </>
  );
}
