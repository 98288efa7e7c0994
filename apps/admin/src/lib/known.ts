/**
 * Values the API answers from a set (a pet's or an order's status, a plan, a role) that this app
 * may not know: an API newer than the app can answer one added since, which the client keeps as
 * its string. The app shows such a value as it is and offers nothing that depends on knowing it.
 */

import { ORDER_STATUSES, PET_STATUSES } from '@pets/contract';

/** Whether `value` is one of the values the app knows. */
export const isKnown = <const T extends string>(known: readonly T[], value: string): value is T =>
  (known as readonly string[]).includes(value);

/**
 * The role the app acts as for an account: staff, or a partner's for any other role (one added
 * since included); the API's own checks decide what each call may do anyway.
 */
export const actingRole = (role: string): 'partner' | 'staff' =>
  role === 'staff' ? 'staff' : 'partner';

/** A pet's status badge: its colour for a status the app knows, a neutral one for any other. */
export const petStatusClass = (status: string): string =>
  `pet-status pet-status-${isKnown(PET_STATUSES, status) ? status : 'other'}`;

/** An order's status badge: its colour for a status the app knows, a neutral one for any other. */
export const orderStatusClass = (status: string): string =>
  `order-status order-status-${isKnown(ORDER_STATUSES, status) ? status : 'other'}`;
