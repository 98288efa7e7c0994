/**
 * Events in the contract (beta, decisions §22): every change to the catalogue (pets, their profiles
 * and photos, categories) and to store orders is also an event, written in the transaction of the
 * change: what happened (`type`), when, and the object after the change (`data`; a removed one as
 * it was removed). Partners read them with `listEvents` and hear them on their webhook endpoints;
 * `webhook.test` is the one event no change makes: it is sent to one endpoint when asked for.
 */
import { z } from 'zod';
import { Category } from './category.schema.js';
import { CursorParam, LimitParam } from './list-query.schema.js';
import { Order } from './order.schema.js';
import { PetPhoto, PetProfile } from './pet-profile.schema.js';
import { idSchema, Pet } from './pet.schema.js';
import { once } from './query-value.js';
import { documentedAs } from './documented.js';

/** What each event type says happened, by its name (`noun.verb`, as Stripe and GitHub name theirs). */
export const EVENT_TYPE_DESCRIPTIONS = {
  'pet.created': 'A pet was created. `data` is the pet.',
  'pet.updated': 'A pet was changed (its name, category or status). `data` is the pet after it.',
  'pet.deleted': 'A pet was removed. `data` is the pet as it was removed.',
  'pet.profile_updated':
    "A pet's profile was changed. `data` is `{petId, profile}`, the whole profile after it.",
  'photo.added': 'A photo of a pet was added. `data` is `{petId, photo}`.',
  'photo.moved':
    "A photo moved among its pet's photos (`position`; position 1 is the face). `data` is `{petId, photo}` after it; the photos it passed moved too, without events of their own.",
  'photo.removed': 'A photo of a pet was removed. `data` is `{petId, photo}` as it was removed.',
  'category.created': 'A category was created. `data` is the category.',
  'category.renamed': 'A category was renamed. `data` is the category after it.',
  'category.archived': 'A category was archived. `data` is the category after it.',
  'category.restored': 'An archived category was restored. `data` is the category after it.',
  'order.placed': 'An order was placed. `data` is the order.',
  'order.approved': 'An order was approved. `data` is the order after it.',
  'order.delivered': 'An order was delivered (its pet is `sold`). `data` is the order after it.',
  'order.cancelled': 'An order was cancelled (its pet is `available` again). `data` is the order.',
  'webhook.test':
    "A test, asked for with `sendWebhookTestEvent`, sent to that one endpoint only. `data` is `{endpointId}`. No endpoint subscribes to it; `listEvents` lists it only to the endpoint's account (and staff).",
} as const;

export type EventType = keyof typeof EVENT_TYPE_DESCRIPTIONS;
export const EVENT_TYPES = Object.keys(EVENT_TYPE_DESCRIPTIONS) as [EventType, ...EventType[]];

/** The types an endpoint may be sent: every one but `webhook.test`, sent only when asked for. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((type) => type !== 'webhook.test') as [
  EventType,
  ...EventType[],
];

export const EventType = z.enum(EVENT_TYPES).meta({
  id: 'EventType',
  description: `What happened. A client must accept types it does not know: new ones are added in minor versions.\n\n${EVENT_TYPES.map((type) => `- \`${type}\`: ${EVENT_TYPE_DESCRIPTIONS[type]}`).join('\n')}`,
});

const petId = idSchema('The pet.');

/** `data` of the profile's events. */
export const PetProfileEventData = z
  .strictObject({ petId, profile: PetProfile })
  .meta({ id: 'PetProfileEventData', description: "A pet's whole profile, by its pet." });
export type PetProfileEventData = z.infer<typeof PetProfileEventData>;

/** `data` of `webhook.test`. */
export const WebhookTestEventData = z
  .strictObject({ endpointId: idSchema('The endpoint the test was sent to.') })
  .meta({ id: 'WebhookTestEventData', description: 'The endpoint a test event was sent to.' });
export type WebhookTestEventData = z.infer<typeof WebhookTestEventData>;

/** `data` of the photos' events. */
export const PetPhotoEventData = z
  .strictObject({ petId, photo: PetPhoto })
  .meta({ id: 'PetPhotoEventData', description: 'A photo, by its pet.' });
export type PetPhotoEventData = z.infer<typeof PetPhotoEventData>;

/** What each type's `data` is. */
export const EVENT_DATA = {
  'pet.created': Pet,
  'pet.updated': Pet,
  'pet.deleted': Pet,
  'pet.profile_updated': PetProfileEventData,
  'photo.added': PetPhotoEventData,
  'photo.moved': PetPhotoEventData,
  'photo.removed': PetPhotoEventData,
  'category.created': Category,
  'category.renamed': Category,
  'category.archived': Category,
  'category.restored': Category,
  'order.placed': Order,
  'order.approved': Order,
  'order.delivered': Order,
  'order.cancelled': Order,
  'webhook.test': WebhookTestEventData,
} as const satisfies Record<EventType, z.ZodType>;

export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;

export const EventId = idSchema(
  'Identifier of the event, increasing in the order events are listed: a client that has read up to one has read every event before it.',
);

const componentName = (type: string): string =>
  `${type
    .split(/[._]/)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('')}Event`;

/** One event's schema: its type, and its `data`. */
const eventOf = <T extends EventType>(type: T) =>
  z
    .strictObject({
      id: EventId,
      type: z.literal(type),
      createdAt: z.iso.datetime().meta({ description: 'When the change was made, in UTC.' }),
      data: EVENT_DATA[type],
    })
    .meta({ id: componentName(type), description: EVENT_TYPE_DESCRIPTIONS[type] });

const EVENT_SCHEMAS = EVENT_TYPES.map((type) => eventOf(type)) as {
  [T in EventType]: ReturnType<typeof eventOf<T>>;
}[EventType][];

/** Each type's event schema under its component name (`PetCreatedEvent`…), for the document. */
export const EVENT_COMPONENTS: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  EVENT_TYPES.map((type, index) => [componentName(type), EVENT_SCHEMAS[index] as z.ZodType]),
);

export const Event = z
  .discriminatedUnion('type', EVENT_SCHEMAS as [(typeof EVENT_SCHEMAS)[number]])
  .meta({
    id: 'Event',
    description:
      'A change to the catalogue or to an order: `type` says what happened, `data` is the object after the change. A client must accept types it does not know (new ones come in minor versions) and fields it does not know.',
  });
export type Event = z.infer<typeof Event>;
/** An event of one type. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

export const Events = z.array(Event).meta({
  id: 'Events',
  description: 'A page of events, in ascending `id` (the order they happened in).',
});

const EVENT_TYPES_LIST = 'must be a comma-separated list of event types, each at most once';

/** The types of events a list or an endpoint is for: comma-separated, each at most once. */
export const EventTypesParam = documentedAs(
  once(EVENT_TYPES_LIST)
    .transform((text, context): EventType[] => {
      const named = text.split(',');
      const unknown = named.filter((type) => !(EVENT_TYPES as string[]).includes(type));
      if (unknown.length > 0 || new Set(named).size !== named.length) {
        context.issues.push({
          code: 'custom',
          message: named.includes('')
            ? // Nothing to name as unknown: an empty value, or a comma too many.
              EVENT_TYPES_LIST
            : unknown.length > 0
              ? `names no such event type: ${unknown.join(', ')}`
              : 'must name each event type at most once',
          input: text,
        });
        return z.NEVER;
      }
      return EVENT_TYPES.filter((type) => named.includes(type));
    })
    .optional()
    .meta({
      description:
        'Only events of these types: comma-separated (`type=pet.created,pet.updated`), each at most once.',
    }),
  'eventType',
  {
    type: 'string',
    pattern: `^(${EVENT_TYPES.join('|').replaceAll('.', '\\.')})(,(${EVENT_TYPES.join('|').replaceAll('.', '\\.')}))*$`,
  },
);

/** The query string of `listEvents`: unknown and repeated parameters are refused. */
export const ListEventsQuery = z.strictObject(
  { type: EventTypesParam, limit: LimitParam, cursor: CursorParam },
  { error: 'must be a query string' },
);
export type ListEventsQuery = z.output<typeof ListEventsQuery>;
export type ListEventsQueryInput = {
  /** Sent comma-separated. */
  type?: readonly EventType[];
  limit?: number;
  cursor?: string;
};

/** How long events are kept, and listed, after their change. */
export const EVENTS_KEPT_DAYS = 30;
