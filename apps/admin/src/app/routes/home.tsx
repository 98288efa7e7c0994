/**
 * The home page, as the router loads it: staff's (composing the home feature with the orders
 * feature's orders waiting for approval); a partner's people go to the pets, their daily work.
 */
import { Redirect } from 'wouter';
import { HomePage } from '../../features/home/components/home-page.js';
import { OrdersToApprove } from '../../features/orders/components/orders-to-approve.js';
import { useSignedIn } from '../../lib/session.js';

export function HomeRoute() {
  const { role } = useSignedIn().account;
  if (role !== 'staff') return <Redirect to="/pets" replace />;
  return <HomePage ordersToApprove={<OrdersToApprove />} />;
}
