/**
 * A pet's latest orders on its page: each with its status, when it was placed and (staff) the
 * account that placed it by name, and a link to all of them on the Orders page. The open one, if
 * any, is what holds the pet's status.
 */
import type { ListedOrder } from '@pets/client';
import { isOpenOrder, ORDER_STATUSES } from '@pets/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorMessage } from '../../../components/error-message.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { isKnown, orderStatusClass } from '../../../lib/known.js';
import { PET_ORDERS_SHOWN } from '../api/list-pet-orders.js';
import { petOrdersPath } from '../utils/pet-path.js';

/**
 * The order that holds the pet now (placed or approved), among those read; one of a status the app
 * does not know (added since) is not taken for open.
 */
export const openOrderOf = (orders: readonly ListedOrder[] | undefined): ListedOrder | undefined =>
  orders?.find(({ status }) => isKnown(ORDER_STATUSES, status) && isOpenOrder(status));

export function PetOrders({
  petId,
  role,
  orders,
}: {
  petId: number;
  role: 'partner' | 'staff';
  orders: UseQueryResult<{ data: ListedOrder[]; next?: string | undefined }>;
}) {
  const listed = orders.data?.data ?? [];
  return (
    <section aria-labelledby="pet-orders-heading" className="pet-section">
      <h2 id="pet-orders-heading">Orders</h2>
      <div aria-live="polite">
        {orders.isPending ? <p>Loading the orders…</p> : null}
        {orders.isError && !isRateLimited(orders.error) ? (
          <ErrorMessage
            error={orders.error}
            onRetry={() => {
              void orders.refetch();
            }}
          />
        ) : null}
        {orders.data && listed.length === 0 ? (
          <p>{role === 'staff' ? 'No orders.' : 'Your account has no orders of this pet.'}</p>
        ) : null}
      </div>
      {listed.length > 0 ? (
        <ul className="pet-orders">
          {listed.map((order) => (
            <li key={order.id}>
              <strong>Order {order.id}</strong>{' '}
              <span className={orderStatusClass(order.status)}>{order.status}</span>
              {role === 'staff' ? (
                <>
                  {' '}
                  by{' '}
                  <Link href={`/accounts/${String(order.accountId)}`}>
                    {order.account?.name ?? `Account ${String(order.accountId)}`}
                  </Link>
                </>
              ) : null}
              , placed <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
      {listed.length > 0 ? (
        <p>
          <Link href={petOrdersPath(petId)}>
            {orders.data?.next
              ? `The ${String(PET_ORDERS_SHOWN)} latest; all of them on the Orders page`
              : 'These orders on the Orders page'}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
