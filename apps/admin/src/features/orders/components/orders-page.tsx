/**
 * The Orders page: staff see every order and approve, deliver or cancel it; a partner sees its own
 * account's orders and cancels them. Filtered by status and paged in the address.
 */
import { ORDER_STATUSES } from '@pets/contract';
import { useLocation, useSearch } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { useSignedIn } from '../../../lib/session.js';
import { ordersPath, parseOrdersSearch } from '../utils/orders-search.js';
import { OrdersTable } from './orders-table.js';

export function OrdersPage() {
  const { role } = useSignedIn().account;
  const [, navigate] = useLocation();
  const view = parseOrdersSearch(useSearch());
  const paging = useCursorPaging('cursor', (cursor) => ordersPath({ ...view, cursor }));
  return (
    <>
      <PageHeading>Orders</PageHeading>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">{role === 'staff' ? 'Every order' : "Your account's orders"}</h2>
        {role === 'staff' ? (
          <p>
            Oldest first. Approve a placed order, then deliver it: its pet is then sold. Cancelling
            an order that is placed or approved makes its pet available again.
          </p>
        ) : (
          <p>
            Oldest first. To adopt a pet, choose Adopt beside an available pet on the Pets page. You
            can cancel an order until it is delivered; its pet is then available again.
          </p>
        )}
        <div className="filters">
          <div className="field">
            <label htmlFor="orders-status">Status</label>
            <select
              id="orders-status"
              value={view.status ?? ''}
              onChange={(event) => {
                navigate(
                  ordersPath({
                    status: ORDER_STATUSES.find((status) => status === event.target.value),
                    cursor: undefined,
                  }),
                );
              }}
            >
              <option value="">Every status</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
        </div>
        <OrdersTable view={view} paging={paging} role={role} labelledBy="orders-heading" />
      </section>
    </>
  );
}
