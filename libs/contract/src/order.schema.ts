/**
 * Store orders in the contract (beta): a partner or staff asks to adopt an available pet, staff
 * approve and deliver it, and the account that placed it or staff cancel it. Each move changes the
 * order and its pet together; a pet has at most one open (placed or approved) order.
 */
import { z } from 'zod';
import { documentedAs } from './documented.js';
import { expandParam } from './expand.schema.js';
import { CursorParam, LimitParam, once, QueryId } from './list-query.schema.js';
import { idSchema, MAX_ID, PetStatus } from './pet.schema.js';
import { expected } from './text.schema.js';

export const OrderStatus = z
  .enum(['placed', 'approved', 'delivered', 'cancelled'], {
    error: expected('one of placed, approved, delivered, cancelled'),
  })
  .meta({
    id: 'OrderStatus',
    description:
      'Where the order is: `placed` (its pet is `pending`), `approved` (still `pending`), `delivered` (the pet is `sold`) or `cancelled` (the pet is `available` again). `placed` and `approved` orders are open; a pet has at most one open order.',
  });
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_STATUSES = OrderStatus.options;

/** An order that still holds its pet: `placed` or `approved`. */
export const OPEN_ORDER_STATUSES = ['placed', 'approved'] as const satisfies readonly OrderStatus[];
export const isOpenOrder = (status: OrderStatus): boolean =>
  (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

/** The moves of an order, by the name of their operation's path. */
export type OrderMove = 'approve' | 'deliver' | 'cancel';

/**
 * Each move: the statuses it starts from, the one it ends in, who may make it (`staff`, or `placer`:
 * staff or the account that placed the order) and what the pet becomes with it (nothing for
 * `approve`: the pet stays `pending`).
 */
export const ORDER_MOVES: Readonly<
  Record<
    OrderMove,
    {
      readonly from: readonly OrderStatus[];
      readonly to: OrderStatus;
      readonly who: 'staff' | 'placer';
      readonly pet?: PetStatus;
    }
  >
> = {
  approve: { from: ['placed'], to: 'approved', who: 'staff' },
  deliver: { from: ['approved'], to: 'delivered', who: 'staff', pet: 'sold' },
  cancel: { from: ['placed', 'approved'], to: 'cancelled', who: 'placer', pet: 'available' },
};

/** Why an order's `petId` is refused, as its detail says it. */
export const NO_SUCH_PET = 'names no such pet';

const instant = (description: string) => z.iso.datetime().meta({ description });

export const Order = z
  .strictObject({
    id: idSchema('Identifier assigned by the service, increasing in the order orders were placed.'),
    petId: idSchema('The pet ordered.'),
    accountId: idSchema('The account that placed the order.'),
    status: OrderStatus,
    placedAt: instant('When it was placed, in UTC.'),
    updatedAt: instant('When its status last changed (its `placedAt` until then), in UTC.'),
  })
  .meta({ id: 'Order', description: 'An order to adopt a pet.' });
export type Order = z.infer<typeof Order>;

/** A pet as an expanded order names it. */
export const PetSummary = z
  .strictObject({
    id: idSchema('The pet.'),
    name: z.string().meta({ description: "The pet's name." }),
    status: PetStatus,
  })
  .meta({
    id: 'PetSummary',
    description: 'A pet by its name and status, as they are now (a removed pet as it was removed).',
  });
export type PetSummary = z.infer<typeof PetSummary>;

/** An account as an expanded order (or the adoptions report) names it. */
export const AccountSummary = z
  .strictObject({
    id: idSchema('The account.'),
    name: z.string().meta({ description: "The account's name." }),
  })
  .meta({ id: 'AccountSummary', description: 'An account by its name, as it is now.' });
export type AccountSummary = z.infer<typeof AccountSummary>;

/** What an order in a list can expand (`expand=pet,account`). */
export const ORDER_EXPANSIONS = ['pet', 'account'] as const;
export type OrderExpansion = (typeof ORDER_EXPANSIONS)[number];

export const ListedOrder = Order.extend({
  pet: PetSummary.optional().meta({ description: 'With `expand=pet` only: the pet ordered.' }),
  account: AccountSummary.optional().meta({
    description: 'With `expand=account` only: the account that placed the order.',
  }),
}).meta({
  id: 'ListedOrder',
  description:
    'An order as a list shows it: with `expand`, also the pet and the account it names; without, exactly an `Order`.',
});
export type ListedOrder = z.infer<typeof ListedOrder>;

export const Orders = z.array(ListedOrder).meta({
  id: 'Orders',
  description: 'A page of orders, in ascending `id` (or descending with `sort=-id`).',
});
export type Orders = z.infer<typeof Orders>;

/** The request body of `placeOrder`. Unknown fields are refused. */
export const NewOrder = z
  .strictObject(
    {
      petId: idSchema(
        'The pet to adopt: it must exist and be `available` (it becomes `pending` with the order).',
      ),
    },
    { error: expected('a JSON object') },
  )
  .meta({ id: 'NewOrder', description: 'An order to place.' });
export type NewOrder = z.output<typeof NewOrder>;
export type NewOrderInput = z.input<typeof NewOrder>;

const petCount = (status: PetStatus) =>
  z
    .int()
    .min(0)
    .meta({ description: `How many pets are \`${status}\` (removed pets are not counted).` });

export const Inventory = z
  .strictObject({
    available: petCount('available'),
    pending: petCount('pending'),
    sold: petCount('sold'),
  })
  .meta({ id: 'Inventory', description: 'How many pets there are of each status, now.' });
export type Inventory = z.infer<typeof Inventory>;

const ORDER_STATUS_ISSUE = `must be one of ${ORDER_STATUSES.join(', ')}`;

/** The orders of a list: by `id`, ascending (the default) or descending (`-id`, newest first). */
export const ORDER_SORTS = ['id', '-id'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
const ORDER_SORT_ISSUE = `must be one of ${ORDER_SORTS.join(', ')}`;

/** Why a partner's `accountId` filter is refused, as its detail says it. */
export const STAFF_ONLY_FILTER =
  "is for staff only: a partner's list holds its own account's orders";

/** The query string of `listOrders`: unknown and repeated parameters are refused. */
export const ListOrdersQuery = z.strictObject(
  {
    status: documentedAs(
      z
        .string({
          error: (issue) =>
            Array.isArray(issue.input) ? 'must be given once' : ORDER_STATUS_ISSUE,
        })
        .pipe(z.enum(ORDER_STATUSES, { error: ORDER_STATUS_ISSUE }))
        .optional()
        .meta({ description: 'Only orders with this status.' }),
      'orderStatus',
      { $ref: '#/components/schemas/OrderStatus' },
    ),
    petId: documentedAs(QueryId('Only orders for this pet.'), 'orderPetId', {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: MAX_ID,
    }),
    accountId: documentedAs(
      QueryId(
        `Only orders placed by this account. Staff only: from a partner it is \`400 invalid_query\` (\`accountId ${STAFF_ONLY_FILTER}\`).`,
      ),
      'orderAccountId',
      { type: 'integer', format: 'int64', minimum: 1, maximum: MAX_ID },
    ),
    sort: documentedAs(
      once(ORDER_SORT_ISSUE)
        .pipe(z.enum(ORDER_SORTS, { error: ORDER_SORT_ISSUE }))
        .optional()
        .meta({
          description:
            'The order of the list: `id` (the default), oldest first: a client that follows `Link` to the last page and keeps asking for it sees every order ever placed, exactly once. `-id`, newest first: a walk shows each order at most once and every order placed before its first page; orders placed after it are on the first page of a new walk. A cursor keeps the order it was made for.',
        }),
      'orderSort',
      { type: 'string', enum: [...ORDER_SORTS], default: 'id' },
    ),
    expand: expandParam(
      ORDER_EXPANSIONS,
      'orderExpand',
      'Names to add to each order, in the same request: `pet` adds `pet` (`{id, name, status}`), `account` adds `account` (`{id, name}`); comma-separated, each at most once (`expand=pet,account`). Without it each order is exactly an `Order`.',
    ),
    limit: LimitParam,
    cursor: CursorParam,
  },
  { error: 'must be a query string' },
);
export type ListOrdersQuery = z.output<typeof ListOrdersQuery>;
export type ListOrdersQueryInput = {
  status?: OrderStatus;
  petId?: number;
  accountId?: number;
  sort?: OrderSort;
  /** Sent comma-separated. */
  expand?: readonly OrderExpansion[];
  limit?: number;
  cursor?: string;
};
