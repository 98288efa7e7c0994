/** The Orders page, as the router loads it: the orders feature's page. */
import { OrdersPage } from '../../features/orders/components/orders-page.js';

export const OrdersRoute = OrdersPage;
