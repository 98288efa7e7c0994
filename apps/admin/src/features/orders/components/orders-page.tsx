/**
 * The Orders page: staff see every order and approve, deliver or cancel it; a partner sees its own
 * account's orders and cancels them. Filtered by status, by a pet and (staff) by a partner, each
 * found by typing its name; sorted oldest or newest first; all of it, and the page, in the address.
 */
import { ORDER_STATUSES } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { NameFilter } from '../../../components/name-filter.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { useAccountMatches, useAccounts, usePetMatches } from '../../../lib/find-by-name.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSignedIn } from '../../../lib/session.js';
import { actingRole } from '../../../lib/known.js';
import { listOrdersQueryOptions } from '../api/list-orders.js';
import { ordersPath, parseOrdersSearch, type OrdersView } from '../utils/orders-search.js';
import { OrdersTable } from './orders-table.js';

export function OrdersPage() {
  const role = actingRole(useSignedIn().account.role);
  const client = useClient();
  const { blocked } = useRateLimit();
  const [, navigate] = useLocation();
  const view = parseOrdersSearch(useSearch());
  const paging = useCursorPaging('cursor', (cursor) => ordersPath({ ...view, cursor }));
  /** Another view of the orders, from its first page. */
  const show = (changes: Partial<OrdersView>) => {
    navigate(ordersPath({ ...view, ...changes, cursor: undefined }));
  };
  // The page the table shows (one request, shared): the chips name what its rows name.
  const orders = useQuery({ ...listOrdersQueryOptions(client, view, role), enabled: !blocked });
  const listed = orders.data?.data ?? [];
  const petName = listed.find((order) => order.petId === view.petId)?.pet?.name;
  const accounts = useAccounts(role === 'staff' && view.accountId !== undefined);
  const accountName =
    accounts.data?.data.find((account) => account.id === view.accountId)?.name ??
    listed.find((order) => order.accountId === view.accountId)?.account?.name;
  const newestFirst = view.sort === '-id';

  return (
    <>
      <PageHeading>Orders</PageHeading>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading">{role === 'staff' ? 'Every order' : "Your account's orders"}</h2>
        {role === 'staff' ? (
          <p>
            {newestFirst ? 'Newest first.' : 'Oldest first.'} Approve a placed order, then deliver
            it: its pet is then sold. Cancelling an order that is placed or approved makes its pet
            available again.
          </p>
        ) : (
          <p>
            {newestFirst ? 'Newest first.' : 'Oldest first.'} To adopt a pet, choose Adopt beside an
            available pet on the Pets page. You can cancel an order until it is delivered; its pet
            is then available again.
          </p>
        )}
        <div className="filters" role="group" aria-label="Filters">
          <div className="field">
            <label htmlFor="orders-status">Status</label>
            <select
              id="orders-status"
              value={view.status ?? ''}
              onChange={(event) => {
                show({ status: ORDER_STATUSES.find((status) => status === event.target.value) });
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
          <NameFilter
            label="Pet"
            noun="pet"
            chosen={view.petId === undefined ? undefined : { id: view.petId, name: petName }}
            useMatches={usePetMatches}
            onChoose={(pet) => {
              show({ petId: pet.id });
            }}
            onClear={() => {
              show({ petId: undefined });
            }}
          />
          {role === 'staff' ? (
            <NameFilter
              label="Partner"
              noun="partner"
              chosen={
                view.accountId === undefined ? undefined : { id: view.accountId, name: accountName }
              }
              useMatches={useAccountMatches}
              onChoose={(account) => {
                show({ accountId: account.id });
              }}
              onClear={() => {
                show({ accountId: undefined });
              }}
            />
          ) : null}
        </div>
        <OrdersTable
          view={view}
          paging={paging}
          role={role}
          labelledBy="orders-heading"
          onSort={() => {
            show({ sort: newestFirst ? undefined : '-id' });
          }}
        />
      </section>
    </>
  );
}
