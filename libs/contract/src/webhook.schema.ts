/**
 * Webhook endpoints in the contract (beta, decisions §22): where an account wants its events sent
 * (an absolute https URL), which event types, whether it is enabled (and why not), and its signing
 * secret, shown only when made or rolled; the words the API refuses a URL with; its deliveries
 * (one event to one endpoint, sent again until it succeeds) and the log of each attempt at one.
 */
import { z } from 'zod';
import { EVENT_TYPES, EventId, EventType, SUBSCRIBABLE_EVENT_TYPES } from './event.schema.js';
import { changingSomething, idSchema } from './pet.schema.js';
import { expected } from './text.schema.js';

/** The longest endpoint URL, in characters (as stored, after the URL is normalised). */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** How long a rolled-out secret keeps signing beside the new one, in hours. */
export const PREVIOUS_SECRET_HOURS = 24;

/** How much of an endpoint's answer an attempt's log keeps, in bytes. */
export const WEBHOOK_EXCERPT_BYTES = 1024;

/** What a signing secret starts with (Standard Webhooks' form: `whsec_` and base64 of 32 bytes). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Why a URL is refused, as the `url` detail says it. */
export const WEBHOOK_URL_ISSUES = {
  notUrl: 'must be an absolute URL, like https://example.com/hooks',
  scheme: 'must be an https URL',
  userinfo: 'must not hold a user name or password',
  fragment: 'must not have a fragment (#…)',
  tooLong: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  /** Outside development (`WEBHOOK_ALLOW_PRIVATE`), plain http is refused. */
  notHttps: 'must be an https URL (plain http is taken only in development)',
  unresolved: 'names a host that does not resolve: check its spelling and its DNS records',
} as const;

/**
 * Why a URL whose host is, or resolves to, an address outside the public internet is refused, as
 * the `url` detail says it: `kind` is what the address is ("a loopback", "a private").
 */
export const notPublicIssue = (address: string, kind: string): string =>
  `names ${address}, ${kind} address: webhooks are sent only to public internet addresses`;

/** The parts of a WHATWG URL read here. */
interface ParsedUrl {
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly hash: string;
  readonly href: string;
}

/**
 * The WHATWG URL parser: the contract is built for every platform without DOM or Node.js types,
 * and every platform it runs on (browsers, Node.js) has it.
 */
const WhatwgUrl = (
  globalThis as unknown as {
    URL: { new (url: string): ParsedUrl; canParse(url: string): boolean };
  }
).URL;

/**
 * An endpoint's URL: absolute, http or https, without user name, password or fragment, at most
 * {@link WEBHOOK_URL_MAX_LENGTH} characters; normalised as a URL parser writes it
 * (`https://Example.com` is `https://example.com/`). Whether plain http is taken, and where the
 * host resolves, is the API's to check.
 */
export const WebhookUrl = z
  .string({ error: expected('a string') })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: WEBHOOK_URL_ISSUES.tooLong })
  .transform((value, context): string => {
    const refuse = (message: string) => {
      context.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (!WhatwgUrl.canParse(value)) return refuse(WEBHOOK_URL_ISSUES.notUrl);
    const url = new WhatwgUrl(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return refuse(WEBHOOK_URL_ISSUES.scheme);
    if (url.hostname === '') return refuse(WEBHOOK_URL_ISSUES.notUrl);
    if (url.username !== '' || url.password !== '') return refuse(WEBHOOK_URL_ISSUES.userinfo);
    if (url.hash !== '' || value.includes('#')) return refuse(WEBHOOK_URL_ISSUES.fragment);
    if (url.href.length > WEBHOOK_URL_MAX_LENGTH) return refuse(WEBHOOK_URL_ISSUES.tooLong);
    return url.href;
  })
  .meta({
    format: 'uri',
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    description: `Where events are sent: an absolute \`https\` URL without user name, password or fragment, at most ${WEBHOOK_URL_MAX_LENGTH} characters, kept as a URL parser writes it (\`https://Example.com\` is \`https://example.com/\`). Its host, a name or an address, must be on the public internet: a host that is or resolves to a loopback, private, link-local, shared (100.64.0.0/10), multicast or other special address (IPv4 or IPv6, IPv4 within IPv6 included) is refused, and so is a name that does not resolve.`,
    example: 'https://partner.example.com/hooks/petstore',
  });

/** An event type an endpoint may be sent: any but `webhook.test`, which is sent only on request. */
const SubscribableEventType = z.enum(SUBSCRIBABLE_EVENT_TYPES).meta({
  description:
    'An event type of `EventType`, but `webhook.test`: a test event is sent only when asked for (`sendWebhookTestEvent`).',
});

/** The event types an endpoint is sent: at least one, each once; kept in the order of `EventType`. */
export const WebhookEvents = z
  .array(SubscribableEventType, { error: expected('an array of event types') })
  .min(1, { error: 'must name at least one event type' })
  .refine((types) => new Set(types).size === types.length, {
    error: 'must name each event type at most once',
  })
  .transform((types) => EVENT_TYPES.filter((type) => types.includes(type)))
  .meta({
    description:
      'The event types sent to the endpoint: at least one, each at most once, `webhook.test` never (answered in the order `EventType` lists them).',
    example: ['order.placed', 'order.cancelled'],
    uniqueItems: true,
  });

export const WebhookStatus = z
  .enum(['enabled', 'disabled'], { error: expected('enabled or disabled') })
  .meta({
    id: 'WebhookStatus',
    description:
      'Whether events are sent to the endpoint. A client must accept values it does not know.',
  });
export type WebhookStatus = z.infer<typeof WebhookStatus>;

export const WebhookDisabledReason = z.enum(['requested', 'failing', 'gone']).meta({
  id: 'WebhookDisabledReason',
  description:
    'Why a disabled endpoint is: `requested`, someone disabled it; `failing`, it answered no delivery with a 2xx for 3 days; `gone`, it answered `410 Gone`. A client must accept values it does not know.',
});
export type WebhookDisabledReason = z.infer<typeof WebhookDisabledReason>;

export const NewWebhookEndpoint = z
  .strictObject({ url: WebhookUrl, events: WebhookEvents }, { error: expected('a JSON object') })
  .meta({
    id: 'NewWebhookEndpoint',
    description: 'An endpoint to create: where events go, and which.',
  });
export type NewWebhookEndpoint = z.output<typeof NewWebhookEndpoint>;
export type NewWebhookEndpointInput = z.input<typeof NewWebhookEndpoint>;

/** A JSON merge patch of an endpoint: what it is sent, where, and whether. */
export const WebhookEndpointPatch = changingSomething(
  z.strictObject(
    {
      url: WebhookUrl.optional(),
      events: WebhookEvents.optional(),
      status: WebhookStatus.optional().meta({
        description:
          '`disabled` stops sending (`disabledReason` becomes `requested`); `enabled` sends again and clears `disabledReason`, whatever it was.',
      }),
    },
    { error: expected('a JSON object') },
  ),
).meta({
  id: 'WebhookEndpointPatch',
  description: 'The fields to change, at least one; those left out keep their value.',
});
export type WebhookEndpointPatch = z.output<typeof WebhookEndpointPatch>;
export type WebhookEndpointPatchInput = z.input<typeof WebhookEndpointPatch>;

const instant = (description: string) => z.iso.datetime().meta({ description });

export const WebhookEndpoint = z
  .strictObject({
    id: idSchema('Identifier of the endpoint.'),
    accountId: idSchema('The account the endpoint belongs to.'),
    url: z.string().meta({ format: 'uri', description: 'Where events are sent.' }),
    events: z
      .array(EventType)
      .meta({ description: 'The event types sent to it, in the order `EventType` lists them.' }),
    status: WebhookStatus,
    disabledReason: WebhookDisabledReason.nullable().meta({
      description: 'Why it is disabled; `null` while it is enabled.',
    }),
    createdAt: instant('When the endpoint was created.'),
    secretPrefix: z.string().meta({
      description:
        'The first characters of its current signing secret (`whsec_ab12`), to tell secrets apart: never the secret itself.',
    }),
    previousSecretExpiresAt: instant(
      'After a roll: when the secret rolled out stops signing beside the current one; `null` when only one secret signs.',
    ).nullable(),
  })
  .meta({ id: 'WebhookEndpoint', description: 'A webhook endpoint, without its secret.' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpoints = z.array(WebhookEndpoint).meta({
  id: 'WebhookEndpoints',
  description: 'A page of webhook endpoints, in ascending `id`.',
});

const secret = z.string().meta({
  description: `The signing secret (\`${WEBHOOK_SECRET_PREFIX}\` and the base64 of 32 random bytes, as Standard Webhooks writes them). This is the only time it is shown: store it now.`,
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3X9UZqJ2F1w=',
});

export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret }).meta({
  id: 'CreatedWebhookEndpoint',
  description: 'A new webhook endpoint, with its signing secret, shown this once.',
});
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const RolledWebhookSecret = z
  .strictObject({
    secret,
    previousSecretExpiresAt: instant(
      `When the secret rolled out stops signing: ${PREVIOUS_SECRET_HOURS} hours from now. Until then each delivery carries a signature by each.`,
    ),
  })
  .meta({
    id: 'RolledWebhookSecret',
    description: 'The new signing secret of an endpoint, shown this once.',
  });
export type RolledWebhookSecret = z.infer<typeof RolledWebhookSecret>;

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']).meta({
  id: 'WebhookDeliveryStatus',
  description:
    'Where a delivery is: `pending`, to be sent (again) at `nextAttemptAt`; `succeeded`, answered with a 2xx; `failed`, given up (retried for 3 days, or the endpoint answered `410 Gone`). A client must accept values it does not know.',
});
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookDelivery = z
  .strictObject({
    id: idSchema('Identifier of the delivery.'),
    eventId: EventId,
    eventType: EventType,
    status: WebhookDeliveryStatus,
    attempts: z.int().min(0).meta({
      description:
        'Attempts made since the delivery was made or last sent again (a resend starts the retries over).',
    }),
    nextAttemptAt: instant(
      'When it is next sent, while `pending`: an instance sends it within about a second of then, unless the endpoint is disabled, in which case it waits until it is enabled; `null` once it has succeeded or failed.',
    ).nullable(),
  })
  .meta({
    id: 'WebhookDelivery',
    description:
      "One event on its way to one endpoint: every attempt at it carries the same `webhook-id` (`evt_` and the event's id).",
  });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookAttempt = z
  .strictObject({
    id: idSchema('Identifier of the attempt: a newer attempt has a greater one.'),
    deliveryId: idSchema('The delivery it was an attempt at (`resendWebhookDelivery` takes it).'),
    eventId: EventId,
    eventType: EventType,
    attempt: z.int().min(1).meta({
      description: '1 for the first attempt at the delivery, 2 for the next, resends included.',
    }),
    attemptedAt: instant('When it was sent, in UTC.'),
    succeeded: z
      .boolean()
      .meta({ description: 'Whether the endpoint answered a 2xx within 10 s.' }),
    responseStatus: z.int().nullable().meta({
      description:
        'The HTTP status the endpoint answered; `null` when no answer came (`error` says why).',
    }),
    error: z.string().nullable().meta({
      description:
        'Why no answer came, in words: the address was refused (it resolved outside the public internet), the connection failed, or 10 s passed; `null` when one came.',
      example: 'No answer within 10 s.',
    }),
    durationMs: z.int().min(0).meta({
      description: 'From the start of the attempt to the end of the excerpt read, in milliseconds.',
    }),
    responseExcerpt: z
      .string()
      .nullable()
      .meta({
        description: `The first ${WEBHOOK_EXCERPT_BYTES} bytes of the answer's body, read as UTF-8 (a character cut at the end shows as U+FFFD); \`null\` when no answer came.`,
      }),
  })
  .meta({
    id: 'WebhookAttempt',
    description: 'One attempt at sending a delivery, as it was logged.',
  });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookAttempts = z.array(WebhookAttempt).meta({
  id: 'WebhookAttempts',
  description: 'A page of attempts, newest first (descending `id`).',
});
