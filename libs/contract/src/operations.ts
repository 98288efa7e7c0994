/**
 * Every operation of the API, once. The OpenAPI document, the client's requests and the API's routes
 * are all made from this table; a test fails when a route the API serves is not in it, or differs
 * from it in who may call it or how stable it is.
 */
import { z } from 'zod';
import {
  Account,
  AccountUsage,
  Accounts,
  ApiKey,
  ApiKeys,
  CreatedApiKey,
  NewAccount,
  NewApiKey,
  PlanChange,
} from './account.schema.js';
import { GET_PET_DEPRECATED_AT, GET_PET_SUNSET_AT } from './deprecation.js';
import { documentedAs } from './documented.js';
import { HEADERS } from './headers.js';
import { AuditEvents, ListAuditQuery } from './audit.schema.js';
import { Categories, Category, CategoryPatch, NewCategory } from './category.schema.js';
import {
  AcceptInvitation,
  ChangePassword,
  RemovePassword,
  CurrentSession,
  People,
  Person,
  Sessions,
  Invitation,
  NewInvitation,
  OpenInvitations,
  PasswordResetLink,
  ResetPassword,
  SESSION_COOKIE,
  SIGN_IN_FAILURES_MAX,
  SignIn,
} from './people.schema.js';
import { IdempotencyKey, IdParam, ListKeysQuery, ListPetsQuery } from './list-query.schema.js';
import {
  ACTIVE_KEYS_MAX,
  OPEN_ORDERS_MAX,
  PHOTO_ASPECT_MAX,
  PHOTO_BYTES_MAX,
  PHOTO_MEDIA_TYPES,
  PHOTO_PIXELS_MAX,
  PHOTO_WIDTHS,
  PHOTOS_PER_PET_MAX,
} from './limits.js';
import {
  ListedPet,
  ListedPets,
  PetExpand,
  PetPhoto,
  PetPhotos,
  PetProfile,
  PetProfilePatch,
  PhotoMove,
} from './pet-profile.schema.js';
import { Events, EVENTS_KEPT_DAYS, ListEventsQuery } from './event.schema.js';
import { Inventory, ListOrdersQuery, NewOrder, Order, Orders } from './order.schema.js';
import { AdoptionsReport, AdoptionsReportQuery, REPORT_DAYS_MAX } from './report.schema.js';
import {
  NewPasskey,
  Passkey,
  PasskeyOptions,
  Passkeys,
  PasskeySignIn,
  SignInMethods,
  SINGLE_SIGN_ON_COOKIE,
  SingleSignOnCallbackQuery,
} from './sign-in.schema.js';
import { MAX_ID, NewPet, Pet, PET_MOVES_DESCRIPTION, PetPatch } from './pet.schema.js';
import { PetBatch, PetBatchResults } from './pet-batch.schema.js';
import {
  CSV_CONTENT_TYPE,
  CSV_FORMULA_STARTS,
  CSV_MEDIA_TYPE,
  PETS_CSV_COLUMNS,
  PETS_CSV_FILENAME,
} from './pet-export.js';
import { BATCH_ITEMS_MAX, WEBHOOK_ENDPOINTS_MAX } from './limits.js';
import {
  CreatedWebhookEndpoint,
  NewWebhookEndpoint,
  PREVIOUS_SECRET_HOURS,
  RolledWebhookSecret,
  WEBHOOK_EXCERPT_BYTES,
  WebhookAttempts,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
  WebhookEndpoints,
} from './webhook.schema.js';

/**
 * Who may call:
 * - `public`: anyone, not rate limited (the document itself);
 * - `open`: anyone, counted against the client's address (signing in);
 * - `key`: a live API key or a person's session;
 * - `staff`: a key or a session of a staff account;
 * - `person`: a person's session only (what is theirs: their session, their password).
 */
export type Access = 'public' | 'open' | 'key' | 'staff' | 'person';
/** Stable operations keep their shape within `/v1`; beta and experimental ones may still change. */
export type Stability = 'stable' | 'beta' | 'experimental';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Tag =
  'pets' | 'categories' | 'store' | 'events' | 'account' | 'session' | 'admin' | 'meta';

/** A response of the shared kinds in `components/responses` (`ERROR_RESPONSES` in `openapi.ts`). */
export type ErrorResponseName =
  | 'InvalidQuery'
  | 'InvalidBody'
  | 'InvalidAdminBody'
  | 'InvalidSignIn'
  | 'InvalidCredentials'
  | 'InvalidLink'
  | 'EmailTaken'
  | 'LastStaffPerson'
  | 'CategoryNameTaken'
  | 'Forbidden'
  | 'NotFound'
  | 'PetNotFound'
  | 'NotYourPet'
  | 'InvalidTransition'
  | 'PetHasOpenOrder'
  | 'OrderNotFound'
  | 'PetNotOrderable'
  | 'InvalidOrder'
  | 'OrderMoveRefused'
  | 'PasskeyRefused'
  | 'PasskeyNotMade'
  | 'PasswordStillNeeded'
  | 'TooManyPasskeys'
  | 'TooManyApiKeys'
  | 'InvalidWebhookEndpoint'
  | 'WebhookEndpointNotFound'
  | 'AccountWebhookEndpointNotFound'
  | 'TooManyWebhookEndpoints'
  | 'WebhookDeliveryNotFound'
  | 'AccountWebhookDeliveryNotFound'
  | 'WebhookEndpointDisabled'
  | 'Gone'
  | 'PayloadTooLarge'
  | 'PhotoNotFound'
  | 'TooManyPhotos'
  | 'InvalidPhoto'
  | 'PhotoTooLarge';

/** Headers a success response carries besides the ones every response has. */
export type SuccessHeader = 'Location' | 'NextLink' | 'SetSession' | 'Redirect';

export interface Operation {
  readonly method: Method;
  /** Below `/v1`, with `{name}` for each path parameter. */
  readonly path: `/${string}`;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly stability: Stability;
  readonly deprecation?: {
    readonly since: Date;
    readonly sunset: Date;
    /** The operation to use instead, as the `Link: rel="successor-version"` names it. */
    readonly successor: string;
  };
  /** Path parameters as they arrive (strings) and what they become. */
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** Request headers of the operation's own (authentication is the same for all). */
  readonly headers?: z.ZodObject;
  /** The request body. */
  readonly body?: z.ZodType;
  /** Its media types, when more than `application/json`. */
  readonly bodyTypes?: readonly string[];
  /** A body that is a file's own bytes (not JSON), in one of these media types. */
  readonly upload?: { readonly types: readonly string[]; readonly maxBytes: number };
  readonly success: {
    readonly status: 200 | 201 | 202 | 204 | 303;
    readonly description: string;
    /** The body's schema; none for 204 and 303 (a redirect for the browser: `Location`). */
    readonly schema?: z.ZodType;
    readonly headers?: readonly SuccessHeader[];
    /** The same answer in other media types, chosen by `Accept`: each a text and an example. */
    readonly alternatives?: Readonly<
      Record<string, { readonly description: string; readonly example: string }>
    >;
  };
  /**
   * Refusals of this operation's own, by status. 401, 429, 500 and 503 come with every operation
   * that needs a key (403 with every staff one); a public one can only fail on our side (500).
   */
  readonly errors?: Readonly<
    Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413, ErrorResponseName>>
  >;
}

/**
 * An id in a path, documented as the integer it is, as `components/parameters/{componentId}` (its
 * name, unless a query parameter has that name already).
 */
const idParam = (name: string, description: string, componentId = name) =>
  z.strictObject({
    [name]: documentedAs(IdParam.meta({ description }), componentId, {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: MAX_ID,
    }),
  });

const PET_ID = idParam(
  'petId',
  'Identifier of the pet: a positive decimal integer without leading zeros.',
);
const PHOTO_ID = PET_ID.extend(idParam('photoId', 'Identifier of the photo.').shape);
// getPet took no query, and ignored one: it still ignores any parameter but `expand`.
const PET_EXPAND = z.object({ expand: PetExpand }, { error: 'must be a query string' });
const PHOTO_TYPES = PHOTO_MEDIA_TYPES.map((type) => `\`${type}\``).join(', ');
const WHO_CHANGES_PET =
  'Staff may change any pet; a partner only the pets its account created (`403 forbidden` otherwise).';
const ACCOUNT_ID = idParam('accountId', 'Identifier of the account.');
const KEY_ID = idParam('keyId', 'Identifier of the key (not the key itself).');
const PERSON_ID = idParam('personId', 'Identifier of the person.');
const SESSION_ID = idParam('sessionId', 'Identifier of the session (not its secret).');
const INVITATION_ID = idParam('invitationId', 'Identifier of the invitation (not its link).');
const PASSKEY_ID = idParam('passkeyId', 'Identifier of the passkey (not its credential id).');
const ORDER_ID = idParam('orderId', 'Identifier of the order.');
const CATEGORY_ID = idParam('categoryId', 'Identifier of the category.', 'categoryIdInPath');
const PEOPLE_PAGED =
  'Deactivated people included, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more.';

const INVITING =
  "With a mail server (`SMTP_URL`), the link is e-mailed to the person and the answer says where (`delivery: email`, no link); without one (development) the link is in the answer, shown this once (`delivery: shown`). Only its hash is stored; it works once, for 7 days: whoever opens it chooses a name and a password, joins the account and is signed in. The answer is the same whether or not the email already has a person (such an invitation cannot be accepted). An email of a single sign-on domain (`OIDC_ALLOWED_DOMAINS`) is `400` on `email` unless the account is single sign-on's, and its invitation is accepted only by signing in with the provider. `503` when the mail server does not take the email (the invitation made is never sent): retry.";
const LINK_USED =
  'A link that is unknown, used or past its time, or an invitation for an email that already has a person, is `400 invalid_body` on `token`, in the same words (nothing says which); the password must be 12 to 256 characters and not one of the most common.';

const IDEMPOTENCY = z.object({
  [HEADERS.idempotencyKey]: documentedAs(
    IdempotencyKey.optional(),
    'Idempotency-Key',
    IdempotencyKey,
  ),
});

const beta = { stability: 'beta' } as const;

const KEYS_PAGED =
  'Revoked keys included, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more.';
const ORDERS_CAPPED = `An account holds at most its plan's number of open (\`placed\` or \`approved\`) orders at once: ${OPEN_ORDERS_MAX.free} on free, ${OPEN_ORDERS_MAX.pro} on pro, ${OPEN_ORDERS_MAX.business} on business, ${OPEN_ORDERS_MAX.enterprise.toLocaleString('en-US')} on enterprise, no cap for staff; one more is \`409 open_orders_limit\` until one is cancelled or delivered.`;
const KEYS_CAPPED = `An account may have at most ${ACTIVE_KEYS_MAX} live keys: one more is \`409 too_many_api_keys\` until one is revoked.`;

const ENDPOINT_ID = idParam('endpointId', 'Identifier of the webhook endpoint.');
const ACCOUNT_ENDPOINT_ID = ACCOUNT_ID.extend(ENDPOINT_ID.shape);
const WEBHOOKS_PAGED =
  'Disabled endpoints included, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more. Never their secrets, which were shown once.';
const WEBHOOKS_CREATED = `Events of the types named are sent to the URL, signed with the endpoint's secret (docs/partners/webhooks.md), from its making on: none from before (\`listEvents\` has those). The answer holds the secret, shown this once; only its ciphertext is stored. The URL must be \`https\`, and its host must be on the public internet: a host that is, or resolves to, a loopback, private, link-local or other special address is \`400 invalid_body\` on \`url\` (resolved now, and again before each delivery). An account has at most ${WEBHOOK_ENDPOINTS_MAX} endpoints: one more is \`409 too_many_webhook_endpoints\`. Send \`Idempotency-Key\` to make retries safe: the same key with the same body within 24 hours answers the first endpoint, its secret included, and makes nothing. Audited as \`webhook.created\`, without the secret.`;
const WEBHOOK_PATCHED =
  'A JSON merge patch of `url`, `events` and/or `status`. A new URL is checked as at creation. `status: disabled` stops sending (`disabledReason: requested`); `status: enabled` sends again and clears `disabledReason`, whatever disabled it; the events of the time it was disabled are, as a rule, not sent to it (`listEvents` has them). Changing nothing is answered as it is. Audited as `webhook.updated`.';
const WEBHOOK_DELETED =
  'Nothing more is sent to it, its secret is forgotten and its id is never used again. Audited as `webhook.deleted`.';
const ENDPOINT_DELIVERY_ID = ENDPOINT_ID.extend(
  idParam('deliveryId', 'Identifier of the delivery (an attempt names it: `deliveryId`).').shape,
);
const ACCOUNT_ENDPOINT_DELIVERY_ID = ACCOUNT_ID.extend(ENDPOINT_DELIVERY_ID.shape);
const WEBHOOK_ATTEMPTS = `Every attempt to send the endpoint a delivery, newest first, at most \`limit\` per page; follow \`Link: rel="next"\` for more: a client that pages down never misses an attempt logged meanwhile (it is above the first page). Each says what came of it: the HTTP status and the first ${WEBHOOK_EXCERPT_BYTES} bytes of the answer, or why none came (the address refused, the connection failed, no answer within 10 s), and how long it took. Another account's endpoint, or one deleted, is \`404\`.`;
const WEBHOOK_RESENT =
  'Sends the delivery again soon (within about a second, on any instance), whatever became of it: it is `pending` again, due now, its retries started over, with the same `webhook-id` as before (a receiver that has it already sees a duplicate). An attempt under way when it is asked for is still logged, but its result does not undo the resend. A delivery of another endpoint is `404`; a disabled endpoint is `409 webhook_endpoint_disabled` (enable it first). Audited as `webhook.delivery_resent`, with the delivery and its event.';
const WEBHOOK_TESTED =
  "Makes a `webhook.test` event (`data: {endpointId}`) and delivers it to this endpoint only, signed and retried as any other (its attempts are listed with the rest). No endpoint subscribes to `webhook.test`; `listEvents` lists it to the endpoint's account (and to staff), to no other. A disabled endpoint is `409 webhook_endpoint_disabled` (enable it first). Audited as `webhook.test_sent`, with the event and its delivery.";
const WEBHOOK_ROLLED = `A new signing secret, shown this once. The one it replaces keeps signing beside it for ${PREVIOUS_SECRET_HOURS} hours, so that a receiver can switch without losing a delivery: until then each delivery carries a signature by each (a secret rolled out earlier stops at once). Audited as \`webhook.secret_rolled\`, without either secret.`;

/** What `/v1/openapi.json` answers: an OpenAPI 3.1 document (this one). */
export const OpenApiDocument = z
  .looseObject({ openapi: z.string() })
  .meta({ description: 'An OpenAPI 3.1 document.' });
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

const CSV_START_WORDS: Record<string, string> = { '\t': 'a tab', '\r': 'or a carriage return' };
const CSV_DESCRIPTION = `Beta. Every pet that matches the filters and \`q\`, in the order \`sort\` asks for (a walk in name order holds a pet at most once), as one RFC 4180 file streamed in one answer (no pages): a header row \`${PETS_CSV_COLUMNS.join(',')}\`, CRLF line ends, a cell in double quotes when it holds a comma, a quote (doubled) or a line break. A cell starting with ${CSV_FORMULA_STARTS.map((start) => CSV_START_WORDS[start] ?? `\`${start}\``).join(', ')} is prefixed with \`'\`, so that a spreadsheet shows it as text instead of running it. \`Content-Type: ${CSV_CONTENT_TYPE}\`, \`Content-Disposition: attachment; filename="${PETS_CSV_FILENAME}"\`. \`limit\` is ignored and a \`cursor\` is \`400 invalid_query\` (a file has no pages). It counts as one request for the rate limits. It holds every pet acknowledged before the request; one created while the file streams may be in it or not. \`Accept\` chooses the media type (RFC 9110): the higher \`q\` wins, and JSON on a tie (\`*/*\`), without \`Accept\`, or when neither is acceptable; both answers carry \`Vary: Accept\`.`;
const CSV_EXAMPLE = `${PETS_CSV_COLUMNS.join(',')}\r\n1,Rex,1,available\r\n2,"Biscuit ""Jr."", the second",2,sold\r\n3,'=SUM(A1),1,pending\r\n`;

export const OPERATIONS = {
  listPets: {
    method: 'GET',
    path: '/pets',
    tag: 'pets',
    summary: 'List pets',
    description:
      'Pets in the order of `sort` (ascending `id` by default), at most `limit` per page; follow `Link: rel="next"` for more. Filters, `q` included, combine: a pet is listed when it matches every one given. A cursor is good only with the filters, `q` and `sort` it was made with.',
    access: 'key',
    stability: 'stable',
    query: ListPetsQuery,
    success: {
      status: 200,
      description: 'A page of pets, or (`Accept: text/csv`) every pet that matches as CSV.',
      schema: ListedPets,
      headers: ['NextLink'],
      alternatives: { [CSV_MEDIA_TYPE]: { description: CSV_DESCRIPTION, example: CSV_EXAMPLE } },
    },
    errors: { 400: 'InvalidQuery' },
  },
  createPet: {
    method: 'POST',
    path: '/pets',
    tag: 'pets',
    summary: 'Add a pet',
    description: 'Creates a pet. Send `Idempotency-Key` to make retries safe.',
    access: 'key',
    stability: 'stable',
    headers: IDEMPOTENCY,
    body: NewPet,
    success: {
      status: 201,
      description: 'The pet was created (or, for a repeated `Idempotency-Key`, had been).',
      schema: Pet,
      headers: ['Location'],
    },
    errors: { 400: 'InvalidBody', 413: 'PayloadTooLarge' },
  },
  getPet: {
    method: 'GET',
    path: '/pets/{petId}',
    tag: 'pets',
    summary: 'Get a pet (deprecated)',
    description: `Deprecated: removed on ${GET_PET_SUNSET_AT.toISOString().slice(0, 10)}. Use \`GET /pets\` with a \`status\` filter.`,
    access: 'key',
    stability: 'stable',
    deprecation: {
      since: GET_PET_DEPRECATED_AT,
      sunset: GET_PET_SUNSET_AT,
      successor: '/pets?status=available',
    },
    params: PET_ID,
    query: PET_EXPAND,
    success: { status: 200, description: 'The pet.', schema: ListedPet },
    errors: { 400: 'InvalidQuery', 404: 'PetNotFound', 410: 'Gone' },
  },
  updatePet: {
    method: 'PATCH',
    path: '/pets/{petId}',
    tag: 'pets',
    summary: 'Change a pet',
    description: `A JSON merge patch of \`name\`, \`categoryId\` and/or \`status\`. Staff may change any pet; a partner only the pets its account created. Status moves: ${PET_MOVES_DESCRIPTION}; setting the status a pet has changes nothing. Any other move is \`409 invalid_transition\`, and so is any change of status while the pet has an open order (its status moves with the order). The check and the change are one atomic step.`,
    access: 'key',
    ...beta,
    params: PET_ID,
    body: PetPatch,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The pet as it is now.', schema: Pet },
    errors: {
      400: 'InvalidBody',
      403: 'NotYourPet',
      404: 'PetNotFound',
      409: 'InvalidTransition',
      413: 'PayloadTooLarge',
    },
  },
  deletePet: {
    method: 'DELETE',
    path: '/pets/{petId}',
    tag: 'pets',
    summary: 'Remove a pet',
    description:
      'The pet is gone from lists, `GET` and `PATCH`; its id is never used again, and its record is kept for the audit trail.',
    access: 'staff',
    ...beta,
    params: PET_ID,
    success: { status: 204, description: 'The pet was removed.' },
    errors: { 404: 'PetNotFound', 409: 'PetHasOpenOrder' },
  },
  batchPets: {
    method: 'POST',
    path: '/pets/batch',
    tag: 'pets',
    summary: 'Change or remove many pets',
    description: `1 to ${BATCH_ITEMS_MAX} items, each a merge patch of one pet (\`{"petId", "patch"}\`, as \`PATCH /pets/{petId}\` takes it) or its removal (\`{"petId", "delete": true}\`, as \`DELETE /pets/{petId}\`: staff only). Each item is applied on its own, in order, atomically and audited exactly as the single operation would be; one refused leaves the others as they are. The answer is \`200\` with one result per item, in the same order: the \`status\` the item would have had alone, with the \`pet\` (200), nothing (204), or the \`error\` (404 \`not_found\`, 403 \`forbidden\` for a partner's item on another account's pet or any removal, 409 \`invalid_transition\` while the pet has an open order, …). A body that is not valid is \`400 invalid_body\` naming the field (\`items[3].patch.status\`) and applies nothing. Send \`Idempotency-Key\` to make retries safe: the same key with the same body within 24 hours answers the stored results and applies nothing; with another body it is \`400 idempotency_key_reused\`. Each item's result is stored with its change: a batch cut short (a \`503\`, a lost answer) and sent again with its key makes only the items not yet made and answers every item as one whole run would have. The batch is one request for the rate limits.`,
    access: 'key',
    ...beta,
    headers: IDEMPOTENCY,
    body: PetBatch,
    success: {
      status: 200,
      description: "One result per item, in the items' order.",
      schema: PetBatchResults,
    },
    errors: { 400: 'InvalidBody', 413: 'PayloadTooLarge' },
  },
  getPetProfile: {
    method: 'GET',
    path: '/pets/{petId}/profile',
    tag: 'pets',
    summary: "Get a pet's profile",
    description:
      'What is known of the pet beyond its four fields: every field, `null` (or `unknown`, `false`, `[]`) where nothing is known. `expand=profile` on `GET /pets` gives the same for a whole page.',
    access: 'key',
    ...beta,
    params: PET_ID,
    success: { status: 200, description: "The pet's profile.", schema: PetProfile },
    errors: { 404: 'PetNotFound' },
  },
  updatePetProfile: {
    method: 'PATCH',
    path: '/pets/{petId}/profile',
    tag: 'pets',
    summary: "Change a pet's profile",
    description: `A JSON merge patch (RFC 7396) of the profile: a field left out keeps its value, \`null\` clears it, \`attributes\` and \`goodWith\` are merged field by field. ${WHO_CHANGES_PET} Audited as \`pet.profile_updated\` with the fields that changed.`,
    access: 'key',
    ...beta,
    params: PET_ID,
    body: PetProfilePatch,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The profile as it is now.', schema: PetProfile },
    errors: {
      400: 'InvalidBody',
      403: 'NotYourPet',
      404: 'PetNotFound',
      413: 'PayloadTooLarge',
    },
  },
  listPetPhotos: {
    method: 'GET',
    path: '/pets/{petId}/photos',
    tag: 'pets',
    summary: "List a pet's photos",
    description: `All of the pet's photos (at most ${PHOTOS_PER_PET_MAX}, so no pages), the face (\`position\` 1) first.`,
    access: 'key',
    ...beta,
    params: PET_ID,
    success: { status: 200, description: "The pet's photos, in order.", schema: PetPhotos },
    errors: { 404: 'PetNotFound' },
  },
  uploadPetPhoto: {
    method: 'POST',
    path: '/pets/{petId}/photos',
    tag: 'pets',
    summary: 'Add a photo of a pet',
    description: `The body is the image itself (not JSON, not a form): ${PHOTO_TYPES}, up to ${PHOTO_BYTES_MAX / 1024 / 1024} MiB and ${PHOTO_PIXELS_MAX / 1_000_000} megapixels, \`Content-Type\` saying which. The image is decoded, turned upright, stripped of all its metadata (GPS position, camera serial numbers, …) and made anew as WebP at ${Object.values(PHOTO_WIDTHS).join(', ')} pixels wide (never enlarged); the bytes sent are not kept. Anything else (another format, bytes that are not the type \`Content-Type\` says, a damaged or truncated file, an animation, more pixels than the limit, a decompression bomb included, or more than ${PHOTO_ASPECT_MAX} times as long one way as the other) is \`400 invalid_body\` saying why, found before the image is decoded in full. The photo goes last (\`position\` = how many the pet has); a pet has at most ${PHOTOS_PER_PET_MAX} (\`409 too_many_photos\`). ${WHO_CHANGES_PET} Send \`Idempotency-Key\` to make retries safe: the same key with the same image for the same pet within 24 hours answers the first photo and adds nothing; with another image it is \`400 idempotency_key_reused\`. A few photos are processed at once; past that \`503\` with \`Retry-After\`. Audited as \`photo.added\`.`,
    access: 'key',
    ...beta,
    params: PET_ID,
    headers: IDEMPOTENCY,
    upload: { types: PHOTO_MEDIA_TYPES, maxBytes: PHOTO_BYTES_MAX },
    success: {
      status: 201,
      description: 'The photo was stored, with the URLs it is served at.',
      schema: PetPhoto,
    },
    errors: {
      400: 'InvalidPhoto',
      403: 'NotYourPet',
      404: 'PetNotFound',
      409: 'TooManyPhotos',
      413: 'PhotoTooLarge',
    },
  },
  movePetPhoto: {
    method: 'PATCH',
    path: '/pets/{petId}/photos/{photoId}',
    tag: 'pets',
    summary: "Move a pet's photo",
    description: `Moves the photo to \`position\` (1 makes it the pet's face); the photos between its old and new place move one up or down. A position past the last photo is \`400 invalid_body\`. ${WHO_CHANGES_PET} Audited as \`photo.moved\`.`,
    access: 'key',
    ...beta,
    params: PHOTO_ID,
    body: PhotoMove,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The photo where it is now.', schema: PetPhoto },
    errors: {
      400: 'InvalidBody',
      403: 'NotYourPet',
      404: 'PhotoNotFound',
      413: 'PayloadTooLarge',
    },
  },
  removePetPhoto: {
    method: 'DELETE',
    path: '/pets/{petId}/photos/{photoId}',
    tag: 'pets',
    summary: "Remove a pet's photo",
    description: `The photo is gone, its images deleted: its URLs answer \`404\` within 5 seconds on every instance. The photos after it move up one. ${WHO_CHANGES_PET} Removing a pet removes its photos too. Audited as \`photo.removed\`.`,
    access: 'key',
    ...beta,
    params: PHOTO_ID,
    success: { status: 204, description: 'The photo was removed.' },
    errors: { 403: 'NotYourPet', 404: 'PhotoNotFound' },
  },
  listCategories: {
    method: 'GET',
    path: '/categories',
    tag: 'categories',
    summary: 'List categories',
    description:
      'Every category, archived ones included, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more. A pet is put only in a category that is not archived.',
    access: 'key',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of categories.',
      schema: Categories,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  createCategory: {
    method: 'POST',
    path: '/categories',
    tag: 'categories',
    summary: 'Create a category',
    description:
      "A new category, in use. Its name must not be another category's, whatever its case, width or invisible characters (see `name`): `409 name_taken`. Send `Idempotency-Key` to make retries safe.",
    access: 'staff',
    ...beta,
    headers: IDEMPOTENCY,
    body: NewCategory,
    success: {
      status: 201,
      description: 'The category was created (or, for a repeated `Idempotency-Key`, had been).',
      schema: Category,
      headers: ['Location'],
    },
    errors: { 400: 'InvalidAdminBody', 409: 'CategoryNameTaken', 413: 'PayloadTooLarge' },
  },
  getCategory: {
    method: 'GET',
    path: '/categories/{categoryId}',
    tag: 'categories',
    summary: 'Get a category',
    access: 'key',
    ...beta,
    params: CATEGORY_ID,
    success: { status: 200, description: 'The category.', schema: Category },
    errors: { 404: 'NotFound' },
  },
  updateCategory: {
    method: 'PATCH',
    path: '/categories/{categoryId}',
    tag: 'categories',
    summary: 'Rename, archive or restore a category',
    description:
      "A JSON merge patch of `name` and/or `archived`. A new name must not be another category's (`409 name_taken`). Archiving keeps the category's pets in it; from then on no pet is created in it or moved to it, and a pet being created in it at that moment either was created first or is refused. Setting what the category already has changes nothing. There is no deletion: pets and the audit trail keep naming their category.",
    access: 'staff',
    ...beta,
    params: CATEGORY_ID,
    body: CategoryPatch,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The category as it is now.', schema: Category },
    errors: {
      400: 'InvalidAdminBody',
      404: 'NotFound',
      409: 'CategoryNameTaken',
      413: 'PayloadTooLarge',
    },
  },
  listOrders: {
    method: 'GET',
    path: '/store/orders',
    tag: 'store',
    summary: 'List orders',
    description:
      "A partner sees its own account's orders, staff every order (or one account's, with `accountId`); in ascending `id` (descending with `sort=-id`), at most `limit` per page; follow `Link: rel=\"next\"` for more. `expand=pet,account` adds the names of each order's pet and account in the same request.",
    access: 'key',
    ...beta,
    query: ListOrdersQuery,
    success: {
      status: 200,
      description: 'A page of orders.',
      schema: Orders,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  placeOrder: {
    method: 'POST',
    path: '/store/orders',
    tag: 'store',
    summary: 'Order a pet (adopt it)',
    description: `The pet must be \`available\` and have no open order: in one step the order is \`placed\` and the pet becomes \`pending\`. Otherwise \`409 invalid_transition\` says why; of many orders for one pet at the same moment, exactly one is placed. ${ORDERS_CAPPED} A pet that does not exist (or was removed) is \`400 invalid_body\` on \`petId\`. Send \`Idempotency-Key\` to make retries safe.`,
    access: 'key',
    ...beta,
    headers: IDEMPOTENCY,
    body: NewOrder,
    success: {
      status: 201,
      description: 'The order was placed (or, for a repeated `Idempotency-Key`, had been).',
      schema: Order,
      headers: ['Location'],
    },
    errors: { 400: 'InvalidOrder', 409: 'PetNotOrderable', 413: 'PayloadTooLarge' },
  },
  getOrder: {
    method: 'GET',
    path: '/store/orders/{orderId}',
    tag: 'store',
    summary: 'Get an order',
    description: "A partner sees only its own account's orders: another's is `404`.",
    access: 'key',
    ...beta,
    params: ORDER_ID,
    success: { status: 200, description: 'The order.', schema: Order },
    errors: { 404: 'OrderNotFound' },
  },
  approveOrder: {
    method: 'POST',
    path: '/store/orders/{orderId}/approve',
    tag: 'store',
    summary: 'Approve an order',
    description:
      'A `placed` order becomes `approved`; its pet stays `pending`. From any other status, `409 invalid_transition`.',
    access: 'staff',
    ...beta,
    params: ORDER_ID,
    success: { status: 200, description: 'The order as it is now.', schema: Order },
    errors: { 404: 'OrderNotFound', 409: 'OrderMoveRefused' },
  },
  deliverOrder: {
    method: 'POST',
    path: '/store/orders/{orderId}/deliver',
    tag: 'store',
    summary: 'Deliver an order',
    description:
      'An `approved` order becomes `delivered` and its pet `sold`, in one step. From any other status, `409 invalid_transition`.',
    access: 'staff',
    ...beta,
    params: ORDER_ID,
    success: { status: 200, description: 'The order as it is now.', schema: Order },
    errors: { 404: 'OrderNotFound', 409: 'OrderMoveRefused' },
  },
  cancelOrder: {
    method: 'POST',
    path: '/store/orders/{orderId}/cancel',
    tag: 'store',
    summary: 'Cancel an order',
    description:
      "Staff, or the account that placed the order: a `placed` or `approved` order becomes `cancelled` and its pet `available` again, in one step. From any other status, `409 invalid_transition`; another account's order is `404`.",
    access: 'key',
    ...beta,
    params: ORDER_ID,
    success: { status: 200, description: 'The order as it is now.', schema: Order },
    errors: { 404: 'OrderNotFound', 409: 'OrderMoveRefused' },
  },
  getAdoptionsReport: {
    method: 'GET',
    path: '/store/reports/adoptions',
    tag: 'store',
    summary: 'Adoptions by account or by week',
    description: `Orders delivered and cancelled from \`from\` (included) to \`to\` (excluded), at most ${REPORT_DAYS_MAX} days, UTC, each counted on the day it was delivered or cancelled: counted from the orders themselves when asked, so a report of the past never changes and one of today holds every move answered before it.`,
    access: 'staff',
    ...beta,
    query: AdoptionsReportQuery,
    success: { status: 200, description: 'The counts.', schema: AdoptionsReport },
    errors: { 400: 'InvalidQuery' },
  },
  getInventory: {
    method: 'GET',
    path: '/store/inventory',
    tag: 'store',
    summary: 'How many pets of each status',
    description: 'Counted now, over the pets not removed.',
    access: 'key',
    ...beta,
    success: { status: 200, description: 'The counts.', schema: Inventory },
  },
  listEvents: {
    method: 'GET',
    path: '/events',
    tag: 'events',
    summary: 'What changed',
    description: `Every change to the catalogue (pets, their profiles and photos, categories) and to orders, as events in the order they happened (ascending \`id\`), at most \`limit\` per page; follow \`Link: rel="next"\` for more. A partner sees the catalogue's events and those of its own orders; staff see every event. Each is written in the transaction of its change: an acknowledged change has its event. To keep up, ask for the last page's address again (the one without \`Link\`): new events appear there, and an event committed later never gets a lower \`id\` than one already shown, on any number of instances, so a client that skips the ids it has seen reads every event once. Events are kept ${EVENTS_KEPT_DAYS} days. Never a secret in an event. A client must accept event types and fields it does not know.`,
    access: 'key',
    ...beta,
    query: ListEventsQuery,
    success: {
      status: 200,
      description: 'A page of events, oldest first.',
      schema: Events,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  getAccount: {
    method: 'GET',
    path: '/account',
    tag: 'account',
    summary: 'The account of the calling key',
    access: 'key',
    ...beta,
    success: { status: 200, description: 'The account.', schema: Account },
  },
  listAccountKeys: {
    method: 'GET',
    path: '/account/keys',
    tag: 'account',
    summary: 'The keys of the calling account',
    description: KEYS_PAGED,
    access: 'key',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its keys, without their secrets.',
      schema: ApiKeys,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  createAccountKey: {
    method: 'POST',
    path: '/account/keys',
    tag: 'account',
    summary: 'Create a key for the calling account',
    description: KEYS_CAPPED,
    access: 'key',
    ...beta,
    body: NewApiKey,
    success: {
      status: 201,
      description: 'The new key, with its secret, shown this once.',
      schema: CreatedApiKey,
    },
    errors: { 400: 'InvalidAdminBody', 409: 'TooManyApiKeys' },
  },
  revokeAccountKey: {
    method: 'DELETE',
    path: '/account/keys/{keyId}',
    tag: 'account',
    summary: 'Revoke a key of the calling account',
    access: 'key',
    ...beta,
    params: KEY_ID,
    success: {
      status: 200,
      description: 'The revoked key. Every instance refuses it within 5 seconds.',
      schema: ApiKey,
    },
    errors: { 404: 'NotFound' },
  },
  listWebhookEndpoints: {
    method: 'GET',
    path: '/account/webhooks',
    tag: 'account',
    summary: 'The webhook endpoints of the calling account',
    description: WEBHOOKS_PAGED,
    access: 'key',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its endpoints, without their secrets.',
      schema: WebhookEndpoints,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/account/webhooks',
    tag: 'account',
    summary: 'Create a webhook endpoint',
    description: WEBHOOKS_CREATED,
    access: 'key',
    ...beta,
    headers: IDEMPOTENCY,
    body: NewWebhookEndpoint,
    success: {
      status: 201,
      description:
        'The endpoint, with its secret (or, for a repeated `Idempotency-Key`, the one made then).',
      schema: CreatedWebhookEndpoint,
    },
    errors: {
      400: 'InvalidWebhookEndpoint',
      409: 'TooManyWebhookEndpoints',
      413: 'PayloadTooLarge',
    },
  },
  getWebhookEndpoint: {
    method: 'GET',
    path: '/account/webhooks/{endpointId}',
    tag: 'account',
    summary: 'A webhook endpoint of the calling account',
    description: "Another account's endpoint, or one deleted, is `404`.",
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    success: {
      status: 200,
      description: 'The endpoint, without its secret.',
      schema: WebhookEndpoint,
    },
    errors: { 404: 'WebhookEndpointNotFound' },
  },
  updateWebhookEndpoint: {
    method: 'PATCH',
    path: '/account/webhooks/{endpointId}',
    tag: 'account',
    summary: 'Change a webhook endpoint',
    description: WEBHOOK_PATCHED,
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    body: WebhookEndpointPatch,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The endpoint as it is now.', schema: WebhookEndpoint },
    errors: {
      400: 'InvalidWebhookEndpoint',
      404: 'WebhookEndpointNotFound',
      413: 'PayloadTooLarge',
    },
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: '/account/webhooks/{endpointId}',
    tag: 'account',
    summary: 'Delete a webhook endpoint',
    description: WEBHOOK_DELETED,
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    success: { status: 204, description: 'The endpoint is deleted.' },
    errors: { 404: 'WebhookEndpointNotFound' },
  },
  rollWebhookSecret: {
    method: 'POST',
    path: '/account/webhooks/{endpointId}/secret',
    tag: 'account',
    summary: "Roll a webhook endpoint's secret",
    description: WEBHOOK_ROLLED,
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    success: { status: 200, description: 'The new secret.', schema: RolledWebhookSecret },
    errors: { 404: 'WebhookEndpointNotFound' },
  },
  listWebhookAttempts: {
    method: 'GET',
    path: '/account/webhooks/{endpointId}/attempts',
    tag: 'account',
    summary: "A webhook endpoint's delivery attempts",
    description: WEBHOOK_ATTEMPTS,
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its attempts, newest first.',
      schema: WebhookAttempts,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'WebhookEndpointNotFound' },
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/account/webhooks/{endpointId}/deliveries/{deliveryId}/resend',
    tag: 'account',
    summary: 'Send a webhook delivery again',
    description: WEBHOOK_RESENT,
    access: 'key',
    ...beta,
    params: ENDPOINT_DELIVERY_ID,
    success: { status: 202, description: 'The delivery, due now.', schema: WebhookDelivery },
    errors: { 404: 'WebhookDeliveryNotFound', 409: 'WebhookEndpointDisabled' },
  },
  sendWebhookTestEvent: {
    method: 'POST',
    path: '/account/webhooks/{endpointId}/test',
    tag: 'account',
    summary: 'Send a webhook endpoint a test event',
    description: WEBHOOK_TESTED,
    access: 'key',
    ...beta,
    params: ENDPOINT_ID,
    success: {
      status: 202,
      description: "The test event's delivery, due now.",
      schema: WebhookDelivery,
    },
    errors: { 404: 'WebhookEndpointNotFound', 409: 'WebhookEndpointDisabled' },
  },
  signIn: {
    method: 'POST',
    path: '/session',
    tag: 'session',
    summary: 'Sign in',
    description: `For people, in the admin app; API keys are for programs. With the right email and password, a new session: the \`${SESSION_COOKIE}\` cookie (HttpOnly, Secure, SameSite=Lax). It ends after 30 minutes without use, 12 hours after sign-in, at sign-out, when the password changes and when the person is deactivated. An unknown email, a wrong password and a deactivated person get the same answer, in about the same time. At most 10 failed sign-ins per email in 15 minutes, and the client address's limits as for requests without a key; over either, \`429\`.`,
    access: 'open',
    ...beta,
    body: SignIn,
    success: {
      status: 204,
      description: 'Signed in: the session cookie is set.',
      headers: ['SetSession'],
    },
    errors: { 400: 'InvalidSignIn', 401: 'InvalidCredentials', 413: 'PayloadTooLarge' },
  },
  getCurrentSession: {
    method: 'GET',
    path: '/session',
    tag: 'session',
    summary: 'Who is signed in',
    access: 'person',
    ...beta,
    success: {
      status: 200,
      description: 'The person signed in, their account and when the session ends.',
      schema: CurrentSession,
    },
  },
  signOut: {
    method: 'DELETE',
    path: '/session',
    tag: 'session',
    summary: 'Sign out',
    description:
      'Ends the session the request came with, on every instance within 5 seconds, and clears its cookie.',
    access: 'person',
    ...beta,
    success: { status: 204, description: 'Signed out.', headers: ['SetSession'] },
  },
  listSessions: {
    method: 'GET',
    path: '/sessions',
    tag: 'session',
    summary: 'Your sessions',
    description:
      'The sessions of the person signed in that have not ended (on any device), in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more.',
    access: 'person',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of sessions.',
      schema: Sessions,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  endAllSessions: {
    method: 'DELETE',
    path: '/sessions',
    tag: 'session',
    summary: 'Sign out everywhere',
    description:
      'Ends every session of the person signed in, this one too, and clears its cookie: every instance refuses them within 5 seconds.',
    access: 'person',
    ...beta,
    success: { status: 204, description: 'Every session has ended.', headers: ['SetSession'] },
  },
  endSession: {
    method: 'DELETE',
    path: '/sessions/{sessionId}',
    tag: 'session',
    summary: 'End one of your sessions',
    description: 'Signs that device out: every instance refuses the session within 5 seconds.',
    access: 'person',
    ...beta,
    params: SESSION_ID,
    success: { status: 204, description: 'The session has ended.' },
    errors: { 404: 'NotFound' },
  },
  changePassword: {
    method: 'POST',
    path: '/session/password',
    tag: 'session',
    summary: 'Change your password',
    description: `The current password is required. Every other session of the person ends; this one goes on. A wrong current password counts as a failed sign-in of the person's email: after ${SIGN_IN_FAILURES_MAX} in 15 minutes, signing in and changing the password are both \`429\` until \`Retry-After\`.`,
    access: 'person',
    ...beta,
    body: ChangePassword,
    success: { status: 204, description: 'The password is changed.' },
    errors: { 400: 'InvalidAdminBody', 413: 'PayloadTooLarge' },
  },
  removePassword: {
    method: 'POST',
    path: '/session/password/remove',
    tag: 'session',
    summary: 'Remove your password',
    description: `For a person with at least one passkey, who gives the current password (a session alone cannot take away its owner's way in; this was \`DELETE /session/password\` without a body before the password was required): from now on they sign in with a passkey (or single sign-on), and email and password no longer let them in. Their sessions go on. A password-reset link from staff sets one again. A wrong current password counts as a failed sign-in of the person's email, as for a change.`,
    access: 'person',
    ...beta,
    body: RemovePassword,
    success: { status: 204, description: 'The password is removed.' },
    errors: { 400: 'InvalidAdminBody', 409: 'PasswordStillNeeded', 413: 'PayloadTooLarge' },
  },
  getSignInMethods: {
    method: 'GET',
    path: '/session/methods',
    tag: 'session',
    summary: 'Ways to sign in',
    description:
      'What the sign-in page offers besides email and password: the company identity provider, when one is configured, and passkeys.',
    access: 'open',
    ...beta,
    success: { status: 200, description: 'The ways to sign in.', schema: SignInMethods },
  },
  startSingleSignOn: {
    method: 'GET',
    path: '/session/oidc',
    tag: 'session',
    summary: 'Sign in with the company identity provider',
    description: `For the browser, not for programs: sends it to the OpenID Connect provider (the authorization code flow with PKCE, \`state\` and \`nonce\`, scope \`openid email profile\`) with the \`${SINGLE_SIGN_ON_COOKIE}\` cookie that ties the sign-in to this browser for 10 minutes. The cookie holds the PKCE verifier and when it was made; \`state\` and \`nonce\` are hashes of it, so nothing is stored on the server and any instance finishes the sign-in. When the provider cannot be reached, the browser goes to the sign-in page with \`?sso_error=unavailable\` instead. \`404\` when single sign-on is not configured.`,
    access: 'open',
    ...beta,
    success: {
      status: 303,
      description: "To the provider's sign-in page.",
      headers: ['Redirect'],
    },
    errors: { 404: 'NotFound' },
  },
  finishSingleSignOn: {
    method: 'GET',
    path: '/session/oidc/callback',
    tag: 'session',
    summary: 'Where the identity provider sends the browser back',
    description:
      "The redirect address to register with the provider: `{PUBLIC_URL}/v1/session/oidc/callback`. With a code and the state this browser was given (its cookie, under 10 minutes old; else `expired`), the API redeems the code once with the PKCE verifier (a refusal, a replayed code or the provider's `error` is `provider_refused`), checks the ID token and its nonce, and takes its email only when `email_verified` is `true` (else `email_not_verified`). The email, compared without regard to case, is then an active person (signed in; a deactivated one is `deactivated`), or the newest open invitation for it (the person joins its account as accepting it would, with no password, and the invitation is used), or, when its domain is exactly one of the allowed domains (not a subdomain), a new person of the configured account, named by the ID token's `name` or else the part of the email before `@`, with that account's role; anything else is `domain_not_allowed`. Two sign-ins of one new email at once make one person. Signed in, the browser goes to `/admin/` with the session cookie, as `POST /session` sets it; otherwise to `/admin/sign-in?sso_error=` and the reason (`SingleSignOnFailure`), with no session and nothing written. Either way the sign-in cookie is cleared.",
    access: 'open',
    ...beta,
    query: SingleSignOnCallbackQuery,
    success: {
      status: 303,
      description:
        'To the admin app: signed in (the session cookie is set), or back on the sign-in page with `sso_error`.',
      headers: ['Redirect', 'SetSession'],
    },
    errors: { 404: 'NotFound' },
  },
  listPasskeys: {
    method: 'GET',
    path: '/session/passkeys',
    tag: 'session',
    summary: 'Your passkeys',
    description:
      'The passkeys of the person signed in, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more.',
    access: 'person',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of passkeys.',
      schema: Passkeys,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  addPasskey: {
    method: 'POST',
    path: '/session/passkeys',
    tag: 'session',
    summary: 'Add a passkey',
    description:
      "The browser's new credential, made for the challenge of `POST /session/passkeys/options`, and its name. The API checks it (origin, relying party, challenge, user verification) and stores the credential id, its public key and its counter.",
    access: 'person',
    ...beta,
    body: NewPasskey,
    success: { status: 201, description: 'The passkey.', schema: Passkey },
    errors: { 400: 'PasskeyNotMade', 409: 'TooManyPasskeys', 413: 'PayloadTooLarge' },
  },
  startPasskeyRegistration: {
    method: 'POST',
    path: '/session/passkeys/options',
    tag: 'session',
    summary: 'Begin adding a passkey',
    description:
      'The options for `navigator.credentials.create()`: a new challenge (good once, for 5 minutes), this API as the relying party, the person, and their passkeys to exclude.',
    access: 'person',
    ...beta,
    success: { status: 200, description: 'The creation options.', schema: PasskeyOptions },
    errors: { 409: 'TooManyPasskeys' },
  },
  removePasskey: {
    method: 'DELETE',
    path: '/session/passkeys/{passkeyId}',
    tag: 'session',
    summary: 'Remove a passkey',
    description:
      'It no longer signs in. The last way in cannot be removed: a person without a password keeps at least one passkey.',
    access: 'person',
    ...beta,
    params: PASSKEY_ID,
    success: { status: 204, description: 'The passkey is removed.' },
    errors: { 404: 'NotFound', 409: 'PasswordStillNeeded' },
  },
  startPasskeySignIn: {
    method: 'POST',
    path: '/session/passkey/options',
    tag: 'session',
    summary: 'Begin signing in with a passkey',
    description:
      'The options for `navigator.credentials.get()`: a new challenge (good once, for 5 minutes) and this API as the relying party, with no list of credentials (the browser offers the passkeys it has for it).',
    access: 'open',
    ...beta,
    success: { status: 200, description: 'The request options.', schema: PasskeyOptions },
  },
  signInWithPasskey: {
    method: 'POST',
    path: '/session/passkey',
    tag: 'session',
    summary: 'Sign in with a passkey',
    description:
      "The browser's answer to the challenge of `POST /session/passkey/options`. A known passkey of an active person, with a good signature and counter, signs in: the session cookie, as `POST /session` sets it. An unknown passkey, a bad answer, a used or old challenge and a deactivated person get the same `401`.",
    access: 'open',
    ...beta,
    body: PasskeySignIn,
    success: {
      status: 204,
      description: 'Signed in: the session cookie is set.',
      headers: ['SetSession'],
    },
    errors: { 400: 'InvalidAdminBody', 401: 'PasskeyRefused', 413: 'PayloadTooLarge' },
  },
  listPeople: {
    method: 'GET',
    path: '/account/people',
    tag: 'account',
    summary: 'The people of the calling account',
    description: PEOPLE_PAGED,
    access: 'key',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its people.',
      schema: People,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  listAccountInvitations: {
    method: 'GET',
    path: '/account/invitations',
    tag: 'account',
    summary: 'The open invitations of the calling account',
    description:
      'Invitations not yet accepted, revoked or past their time, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more. Never their links, which were shown once.',
    access: 'key',
    ...beta,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its open invitations.',
      schema: OpenInvitations,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  createInvitation: {
    method: 'POST',
    path: '/account/invitations',
    tag: 'session',
    summary: 'Invite a colleague to your account',
    description: `For a person signed in: an invitation to their own account. ${INVITING}`,
    access: 'person',
    ...beta,
    body: NewInvitation,
    success: {
      status: 201,
      description: 'The invitation: e-mailed, or with its link.',
      schema: Invitation,
    },
    errors: { 400: 'InvalidAdminBody', 413: 'PayloadTooLarge' },
  },
  revokeAccountInvitation: {
    method: 'DELETE',
    path: '/account/invitations/{invitationId}',
    tag: 'session',
    summary: 'Revoke an open invitation to your account',
    description:
      'For a person signed in: an open invitation to their own account stops working at once. Any other (accepted, revoked, past its time, or to another account) is `404`.',
    access: 'person',
    ...beta,
    params: INVITATION_ID,
    success: { status: 204, description: 'Revoked.' },
    errors: { 404: 'NotFound' },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/invitations/accept',
    tag: 'session',
    summary: 'Accept an invitation',
    description: `The invited person chooses a name and a password, joins the account and is signed in (the session cookie, as \`POST /session\` sets it). ${LINK_USED}`,
    access: 'open',
    ...beta,
    body: AcceptInvitation,
    success: {
      status: 204,
      description: 'Joined and signed in: the session cookie is set.',
      headers: ['SetSession'],
    },
    errors: { 400: 'InvalidLink', 413: 'PayloadTooLarge' },
  },
  resetPassword: {
    method: 'POST',
    path: '/password-resets/accept',
    tag: 'session',
    summary: 'Choose a new password with a reset link',
    description: `Sets the person's password, ends every session they had, and signs them in. ${LINK_USED}`,
    access: 'open',
    ...beta,
    body: ResetPassword,
    success: {
      status: 204,
      description: 'Password set and signed in: the session cookie is set.',
      headers: ['SetSession'],
    },
    errors: { 400: 'InvalidLink', 413: 'PayloadTooLarge' },
  },
  listAccounts: {
    method: 'GET',
    path: '/admin/accounts',
    tag: 'admin',
    summary: 'List accounts',
    access: 'staff',
    ...beta,
    success: { status: 200, description: 'Every account.', schema: Accounts },
  },
  createAccount: {
    method: 'POST',
    path: '/admin/accounts',
    tag: 'admin',
    summary: 'Create an account',
    access: 'staff',
    ...beta,
    body: NewAccount,
    success: { status: 201, description: 'The new account.', schema: Account },
    errors: { 400: 'InvalidAdminBody' },
  },
  changePlan: {
    method: 'PATCH',
    path: '/admin/accounts/{accountId}',
    tag: 'admin',
    summary: "Change an account's plan",
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    body: PlanChange,
    success: {
      status: 200,
      description: 'The account on its new plan (in force within 5 seconds).',
      schema: Account,
    },
    errors: { 400: 'InvalidAdminBody', 404: 'NotFound' },
  },
  getAccountUsage: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/usage',
    tag: 'admin',
    summary: "An account's usage",
    description: `Requests counted in the current UTC minute and day against their limits, requests refused today, a ban if any, and the live keys with their last use (at most ${ACTIVE_KEYS_MAX}, the most an account may have, so never paged). Read from the rate limiter's counters: with Redis, the same on every instance.`,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    success: { status: 200, description: 'Its usage now.', schema: AccountUsage },
    errors: { 404: 'NotFound' },
  },
  listKeysOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/keys',
    tag: 'admin',
    summary: "List an account's keys",
    description: KEYS_PAGED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its keys, without their secrets.',
      schema: ApiKeys,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'NotFound' },
  },
  createKeyForAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/keys',
    tag: 'admin',
    summary: 'Create a key for an account',
    description: KEYS_CAPPED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    body: NewApiKey,
    success: {
      status: 201,
      description: 'The new key, with its secret, shown this once.',
      schema: CreatedApiKey,
    },
    errors: { 400: 'InvalidAdminBody', 404: 'NotFound', 409: 'TooManyApiKeys' },
  },
  listInvitationsOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/invitations',
    tag: 'admin',
    summary: "List an account's open invitations",
    description:
      'Invitations not yet accepted, revoked or past their time, in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more. Never their links, which were shown once.',
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its open invitations.',
      schema: OpenInvitations,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'NotFound' },
  },
  createInvitationForAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/invitations',
    tag: 'admin',
    summary: 'Invite a person to an account',
    description: INVITING,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    body: NewInvitation,
    success: {
      status: 201,
      description: 'The invitation: e-mailed, or with its link.',
      schema: Invitation,
    },
    errors: { 400: 'InvalidAdminBody', 404: 'NotFound', 413: 'PayloadTooLarge' },
  },
  listPeopleOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/people',
    tag: 'admin',
    summary: "List an account's people",
    description: PEOPLE_PAGED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its people.',
      schema: People,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'NotFound' },
  },
  listWebhookEndpointsOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/webhooks',
    tag: 'admin',
    summary: "List an account's webhook endpoints",
    description: WEBHOOKS_PAGED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its endpoints, without their secrets.',
      schema: WebhookEndpoints,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'NotFound' },
  },
  createWebhookEndpointForAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/webhooks',
    tag: 'admin',
    summary: 'Create a webhook endpoint for an account',
    description: WEBHOOKS_CREATED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ID,
    headers: IDEMPOTENCY,
    body: NewWebhookEndpoint,
    success: {
      status: 201,
      description:
        'The endpoint, with its secret (or, for a repeated `Idempotency-Key`, the one made then).',
      schema: CreatedWebhookEndpoint,
    },
    errors: {
      400: 'InvalidWebhookEndpoint',
      404: 'NotFound',
      409: 'TooManyWebhookEndpoints',
      413: 'PayloadTooLarge',
    },
  },
  getWebhookEndpointOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}',
    tag: 'admin',
    summary: "An account's webhook endpoint",
    description: 'An endpoint of another account, or one deleted, is `404`.',
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    success: {
      status: 200,
      description: 'The endpoint, without its secret.',
      schema: WebhookEndpoint,
    },
    errors: { 404: 'AccountWebhookEndpointNotFound' },
  },
  updateWebhookEndpointOfAccount: {
    method: 'PATCH',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}',
    tag: 'admin',
    summary: "Change an account's webhook endpoint",
    description: WEBHOOK_PATCHED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    body: WebhookEndpointPatch,
    bodyTypes: ['application/merge-patch+json', 'application/json'],
    success: { status: 200, description: 'The endpoint as it is now.', schema: WebhookEndpoint },
    errors: {
      400: 'InvalidWebhookEndpoint',
      404: 'AccountWebhookEndpointNotFound',
      413: 'PayloadTooLarge',
    },
  },
  deleteWebhookEndpointOfAccount: {
    method: 'DELETE',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}',
    tag: 'admin',
    summary: "Delete an account's webhook endpoint",
    description: WEBHOOK_DELETED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    success: { status: 204, description: 'The endpoint is deleted.' },
    errors: { 404: 'AccountWebhookEndpointNotFound' },
  },
  rollWebhookSecretOfAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}/secret',
    tag: 'admin',
    summary: "Roll the secret of an account's webhook endpoint",
    description: WEBHOOK_ROLLED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    success: { status: 200, description: 'The new secret.', schema: RolledWebhookSecret },
    errors: { 404: 'AccountWebhookEndpointNotFound' },
  },
  listWebhookAttemptsOfAccount: {
    method: 'GET',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}/attempts',
    tag: 'admin',
    summary: "The delivery attempts of an account's webhook endpoint",
    description: WEBHOOK_ATTEMPTS,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    query: ListKeysQuery,
    success: {
      status: 200,
      description: 'A page of its attempts, newest first.',
      schema: WebhookAttempts,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery', 404: 'AccountWebhookEndpointNotFound' },
  },
  resendWebhookDeliveryOfAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}/deliveries/{deliveryId}/resend',
    tag: 'admin',
    summary: "Send a delivery to an account's webhook endpoint again",
    description: WEBHOOK_RESENT,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_DELIVERY_ID,
    success: { status: 202, description: 'The delivery, due now.', schema: WebhookDelivery },
    errors: { 404: 'AccountWebhookDeliveryNotFound', 409: 'WebhookEndpointDisabled' },
  },
  sendWebhookTestEventOfAccount: {
    method: 'POST',
    path: '/admin/accounts/{accountId}/webhooks/{endpointId}/test',
    tag: 'admin',
    summary: "Send an account's webhook endpoint a test event",
    description: WEBHOOK_TESTED,
    access: 'staff',
    ...beta,
    params: ACCOUNT_ENDPOINT_ID,
    success: {
      status: 202,
      description: "The test event's delivery, due now.",
      schema: WebhookDelivery,
    },
    errors: { 404: 'AccountWebhookEndpointNotFound', 409: 'WebhookEndpointDisabled' },
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/admin/invitations/{invitationId}',
    tag: 'admin',
    summary: 'Revoke an open invitation',
    description:
      'Its link stops working at once. An invitation already accepted, revoked or past its time is `404`.',
    access: 'staff',
    ...beta,
    params: INVITATION_ID,
    success: { status: 204, description: 'Revoked.' },
    errors: { 404: 'NotFound' },
  },
  deactivatePerson: {
    method: 'POST',
    path: '/admin/people/{personId}/deactivate',
    tag: 'admin',
    summary: 'Deactivate a person',
    description:
      'In one change: the person can no longer sign in, every session they had ends, and so do their open password-reset links, the open invitations they made and the API keys they made (each refused everywhere within 5 seconds). Their record stays, for the audit trail. Deactivating a deactivated person changes nothing; the last active person of the staff accounts is `409 last_staff_person`.',
    access: 'staff',
    ...beta,
    params: PERSON_ID,
    success: { status: 200, description: 'The person, deactivated.', schema: Person },
    errors: { 404: 'NotFound', 409: 'LastStaffPerson' },
  },
  reactivatePerson: {
    method: 'POST',
    path: '/admin/people/{personId}/reactivate',
    tag: 'admin',
    summary: 'Reactivate a person',
    description:
      'The person can sign in again. Nothing that deactivating them ended comes back: their sessions, links, invitations and keys stay ended. Reactivating an active person changes nothing.',
    access: 'staff',
    ...beta,
    params: PERSON_ID,
    success: { status: 200, description: 'The person, active.', schema: Person },
    errors: { 404: 'NotFound' },
  },
  createPasswordReset: {
    method: 'POST',
    path: '/admin/people/{personId}/password-reset',
    tag: 'admin',
    summary: "A link to reset a person's password",
    description:
      'A one-time link, good for an hour, with which the person chooses a new password (every session they had ends then): e-mailed to the person with a mail server (`SMTP_URL`; the answer has no link), else shown this once. Making it changes nothing until it is used. `503` when the mail server does not take the email: retry.',
    access: 'staff',
    ...beta,
    params: PERSON_ID,
    success: {
      status: 201,
      description: 'The link: e-mailed, or in the answer.',
      schema: PasswordResetLink,
    },
    errors: { 404: 'NotFound' },
  },
  revokeKey: {
    method: 'DELETE',
    path: '/admin/keys/{keyId}',
    tag: 'admin',
    summary: 'Revoke any key',
    access: 'staff',
    ...beta,
    params: KEY_ID,
    success: { status: 200, description: 'The revoked key.', schema: ApiKey },
    errors: { 404: 'NotFound' },
  },
  listAudit: {
    method: 'GET',
    path: '/admin/audit',
    tag: 'admin',
    summary: 'The audit trail',
    description:
      'Every change to pets, categories, orders, keys, accounts and webhook endpoints, and people signing in and out, newest first, at most `limit` per page; follow `Link: rel="next"` for more. A failed sign-in is recorded (actor `anonymous`) only for the email of a person; never a password, a session or a link.',
    access: 'staff',
    ...beta,
    query: ListAuditQuery,
    success: {
      status: 200,
      description: 'A page of events.',
      schema: AuditEvents,
      headers: ['NextLink'],
    },
    errors: { 400: 'InvalidQuery' },
  },
  getOpenApiDocument: {
    method: 'GET',
    path: '/openapi.json',
    tag: 'meta',
    summary: 'This document',
    description:
      'The OpenAPI document of the API, generated from its contract. Needs no key and is not rate limited.',
    access: 'public',
    stability: 'stable',
    success: { status: 200, description: 'The OpenAPI document.', schema: OpenApiDocument },
  },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** The Nest/Fastify form of an operation's path below `/v1`: `/pets/:petId`. */
export const routePath = (operation: Operation): string =>
  operation.path.replaceAll(/\{(\w+)\}/g, ':$1');
