/**
 * The OpenAPI 3.1 document of the API, made by zod-openapi from the contract: the operations table
 * (paths, parameters, bodies, responses, who may call, stability, deprecation), the zod schemas
 * (components, by the `id` in their `.meta()`), the problems the API words (every error example) and
 * the short description in `../openapi.md`, whose `{{facts}}` are filled from the contract's
 * constants, the tags in groups (partners first) and each operation's code samples.
 */
import { Categories, Category, CategoryPatch, NewCategory } from './category.schema.js';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import {
  Account,
  AccountUsage,
  Accounts,
  ApiKey,
  ApiKeys,
  CreatedApiKey,
  KeyMaker,
  EnterprisePlanChange,
  FixedPlanChange,
  NewAccount,
  NewApiKey,
  PlanChange,
} from './account.schema.js';
import {
  GET_PET_DEPRECATED_AT,
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_AT,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
} from './deprecation.js';
import { codeSamples } from './code-samples.js';
import { ApiError, ERROR_STATUS, ErrorCode, ErrorDetail } from './error.schema.js';
import { HEADERS } from './headers.js';
import {
  BODY_LIMIT_BYTES,
  formatBytes,
  formatDay,
  PHOTO_BYTES_MAX,
  PHOTOS_PER_PET_MAX,
} from './limits.js';
import {
  type ErrorResponseName,
  type Operation,
  type OperationId,
  OPERATIONS,
  type SuccessHeader,
} from './operations.js';
import { NewPet, Pet, PetPatch, PetStatus } from './pet.schema.js';
import {
  GoodWithAnswer,
  ListedPet,
  ListedPets,
  PetPhoto,
  PetPhotos,
  PetProfile,
  PetProfilePatch,
  PetSex,
  PetSize,
  PhotoMove,
  PhotoUrls,
} from './pet-profile.schema.js';
import {
  AccountSummary,
  Inventory,
  ListedOrder,
  NewOrder,
  NO_SUCH_PET,
  Order,
  Orders,
  OrderStatus,
  PetSummary,
} from './order.schema.js';
import { AdoptionsByAccount, AdoptionsByWeek, AdoptionsReport } from './report.schema.js';
import { PetBatch, PetBatchItem, PetBatchResult, PetBatchResults } from './pet-batch.schema.js';
import { AuditAction, AuditEvent, AuditEvents, AuditTargetType } from './audit.schema.js';
import {
  Event,
  EVENT_COMPONENTS,
  EVENT_TYPE_DESCRIPTIONS,
  EVENT_TYPES,
  EventType,
  Events,
  PetPhotoEventData,
  WebhookTestEventData,
  PetProfileEventData,
} from './event.schema.js';
import {
  NewPasskey,
  Passkey,
  PasskeyCredential,
  PasskeyOptions,
  Passkeys,
  PasskeySignIn,
  SignInMethods,
} from './sign-in.schema.js';
import {
  AcceptInvitation,
  ChangePassword,
  RemovePassword,
  CurrentSession,
  Invitation,
  NewInvitation,
  OpenInvitation,
  OpenInvitations,
  PasswordResetLink,
  People,
  Person,
  ResetPassword,
  Session,
  Sessions,
  SESSION_COOKIE,
  SIGN_IN_FAILURES_MAX,
  SignIn,
} from './people.schema.js';
import {
  ERRORS,
  LINK_ISSUE,
  MOVES_WITH_ORDER,
  PASSKEY_NOT_MADE,
  PET_ALREADY_ORDERED,
  petNotOrderableIssue,
  PHOTO_ISSUE,
  type Problem,
  PROBLEMS,
  transitionIssue,
} from './problems.js';
import { Plan, PLAN_LIMITS, Role } from './rate-limit.js';
import { describeDetails } from './validation.js';
import {
  CreatedWebhookEndpoint,
  NewWebhookEndpoint,
  notPublicIssue,
  RolledWebhookSecret,
  WebhookAttempt,
  WebhookAttempts,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEndpoint,
  WebhookEndpointPatch,
  WebhookEndpoints,
  WebhookStatus,
} from './webhook.schema.js';

export const API_VERSION = '1.0.0';
export const DEFAULT_SERVER_URL = 'http://localhost:3000/v1';
/**
 * The address the committed document names: an API serves the document with its own (`PUBLIC_URL`
 * followed by `/v1`, or the address it listens on).
 */
export const EXAMPLE_SERVER_URL = 'https://api.petstore.example/v1';

export interface OpenApiOptions {
  /** The absolute address of version 1 of the API (`https://api.example.com/v1`). */
  serverUrl?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Schemas in `components/schemas`, in this order, each under the `id` its `.meta()` gives it. */
const COMPONENTS: Record<string, z.ZodType> = {
  PetStatus,
  NewPet,
  PetPatch,
  Pet,
  ListedPet,
  ListedPets,
  PetSex,
  PetSize,
  GoodWithAnswer,
  PetProfile,
  PetProfilePatch,
  PhotoUrls,
  PetPhoto,
  PetPhotos,
  PhotoMove,
  PetBatchItem,
  PetBatch,
  PetBatchResult,
  PetBatchResults,
  Error: ApiError,
  ErrorCode,
  ErrorDetail,
  Plan,
  Role,
  Account,
  Accounts,
  NewAccount,
  PlanChange,
  FixedPlanChange,
  EnterprisePlanChange,
  KeyMaker,
  ApiKey,
  ApiKeys,
  NewApiKey,
  CreatedApiKey,
  AccountUsage,
  AuditAction,
  AuditTargetType,
  AuditEvent,
  AuditEvents,
  SignIn,
  Person,
  CurrentSession,
  NewInvitation,
  Invitation,
  OpenInvitation,
  OpenInvitations,
  AcceptInvitation,
  PasswordResetLink,
  ResetPassword,
  People,
  Session,
  Sessions,
  ChangePassword,
  RemovePassword,
  Category,
  Categories,
  NewCategory,
  CategoryPatch,
  OrderStatus,
  Order,
  PetSummary,
  AccountSummary,
  ListedOrder,
  Orders,
  NewOrder,
  Inventory,
  AdoptionsByAccount,
  AdoptionsByWeek,
  AdoptionsReport,
  SignInMethods,
  Passkey,
  Passkeys,
  PasskeyOptions,
  PasskeyCredential,
  NewPasskey,
  PasskeySignIn,
  EventType,
  PetProfileEventData,
  PetPhotoEventData,
  WebhookTestEventData,
  ...EVENT_COMPONENTS,
  Event,
  Events,
  WebhookStatus,
  WebhookDisabledReason,
  WebhookEndpoint,
  WebhookEndpoints,
  NewWebhookEndpoint,
  WebhookEndpointPatch,
  CreatedWebhookEndpoint,
  RolledWebhookSecret,
  WebhookDeliveryStatus,
  WebhookDelivery,
  WebhookAttempt,
  WebhookAttempts,
};

const free = PLAN_LIMITS.free;

const header = (description: string, schema: JsonObject, example: Json) => ({
  description,
  schema,
  example,
});
const count = () => ({ type: 'integer', minimum: 0 });
const text = () => ({ type: 'string' });

/** Response headers, each a component under its name. */
const RESPONSE_HEADERS = {
  'X-RateLimit-Limit': header(
    'The limit of the window with the fewest requests remaining (on a tie, the shorter window).',
    count(),
    free.perMinute,
  ),
  'X-RateLimit-Remaining': header('Requests remaining in that window.', count(), 41),
  'X-RateLimit-Reset': header(
    'Unix time (seconds) at which that window resets.',
    count(),
    1767225660,
  ),
  'RateLimit-Policy': header(
    'Both windows in the IETF form (draft-ietf-httpapi-ratelimit-headers): quota `q` per window of `w` seconds.',
    text(),
    `"minute";q=${free.perMinute};w=60, "day";q=${free.perDay};w=86400`,
  ),
  RateLimit: header(
    'The window with the fewest requests remaining, IETF form: `r` remaining, `t` seconds until it resets.',
    text(),
    '"minute";r=41;t=17',
  ),
  'X-Request-Id': header(
    'Identifies the request in our logs. A valid incoming `X-Request-Id` (1 to 128 of `A-Z a-z 0-9 . _ : -`) is echoed.',
    text(),
    'c3e5a1a8-5f4d-4a7e-9d55-1b1e4f0c2e11',
  ),
  'Retry-After': header(
    'Whole seconds (at least 1) to wait before retrying.',
    { type: 'integer', minimum: 1 },
    17,
  ),
  'WWW-Authenticate': header(
    'RFC 6750 challenge: `Bearer realm="petstore"`, with `error="invalid_token"` when a key was sent.',
    text(),
    'Bearer realm="petstore", error="invalid_token"',
  ),
  Location: header(
    'Absolute address of the created pet.',
    { type: 'string', format: 'uri' },
    `${DEFAULT_SERVER_URL}/pets/42`,
  ),
  NextLink: header(
    'Present when more results follow: the absolute address of the next page, the same path with the same query and its `cursor`, e.g. `<{base_url}/pets?limit=…&status=…&cursor=…>; rel="next"`. Absent on the last page.',
    text(),
    `<${DEFAULT_SERVER_URL}/pets?limit=20&cursor=eyJpZCI6MjB9>; rel="next"`,
  ),
  Deprecation: header(
    `RFC 9745: this operation is deprecated since ${formatDay(GET_PET_DEPRECATED_AT)}.`,
    text(),
    GET_PET_DEPRECATION_HEADER,
  ),
  Sunset: header(
    'RFC 8594: this operation is removed from this instant on (then `410 gone`).',
    text(),
    GET_PET_SUNSET_HEADER,
  ),
  SetSession: header(
    `The session cookie: \`${SESSION_COOKIE}=…; Path=/; HttpOnly; Secure; SameSite=Lax\` with its lifetime when signing in, expired when signing out. Browsers keep it; programs use API keys.`,
    text(),
    `${SESSION_COOKIE}=lXh0…; Path=/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax`,
  ),
  Redirect: header(
    "Where the browser goes next: the provider's sign-in page, or the admin app.",
    { type: 'string', format: 'uri' },
    'https://id.example.com/authorize?response_type=code&client_id=petstore&code_challenge_method=S256&…',
  ),
  DeprecationLink: header(
    'The successor (`GET /pets?status=…`) and the deprecation notice.',
    text(),
    getPetLinkHeader(DEFAULT_SERVER_URL),
  ),
} satisfies Record<string, ReturnType<typeof header>>;
type HeaderName = keyof typeof RESPONSE_HEADERS;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [HEADER_FIELD[name], ref('headers', name)]));

/** The header a component describes, as it is sent. */
const HEADER_FIELD: Record<HeaderName, string> = {
  'X-RateLimit-Limit': HEADERS.rateLimitLimit,
  'X-RateLimit-Remaining': HEADERS.rateLimitRemaining,
  'X-RateLimit-Reset': HEADERS.rateLimitReset,
  'RateLimit-Policy': HEADERS.rateLimitPolicy,
  RateLimit: HEADERS.rateLimit,
  'X-Request-Id': HEADERS.requestId,
  'Retry-After': HEADERS.retryAfter,
  'WWW-Authenticate': HEADERS.wwwAuthenticate,
  Location: HEADERS.location,
  NextLink: HEADERS.link,
  SetSession: 'Set-Cookie',
  Redirect: HEADERS.location,
  Deprecation: HEADERS.deprecation,
  Sunset: HEADERS.sunset,
  DeprecationLink: HEADERS.link,
};

/** On every response of the API. */
const EVERY_RESPONSE: HeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'X-Request-Id',
];
const SUCCESS_HEADER: Record<SuccessHeader, HeaderName> = {
  Location: 'Location',
  NextLink: 'NextLink',
  SetSession: 'SetSession',
  Redirect: 'Redirect',
};

/** An example of a problem as the API answers it. */
const example = (problem: Problem, details?: ErrorDetail[]) => ({
  summary: problem.code,
  value: {
    code: problem.code,
    message: problem.message,
    status: ERROR_STATUS[problem.code],
    ...(details ? { details } : {}),
  },
});

const BODY_DETAILS = [
  { field: 'name', issue: 'must not be empty' },
  { field: 'id', issue: 'is not allowed' },
];
const QUERY_DETAILS = [{ field: 'limit', issue: 'must be an integer from 1 to 100' }];
const SIGN_IN_DETAILS = [{ field: 'email', issue: 'must be an email address' }];
const WEBHOOK_URL_EXAMPLE_ISSUE = notPublicIssue('169.254.169.254', 'a link-local');
const invalidBody = example(PROBLEMS.invalidBody(describeDetails(BODY_DETAILS)), BODY_DETAILS);
const invalidQuery = example(PROBLEMS.invalidQuery(describeDetails(QUERY_DETAILS)), QUERY_DETAILS);

interface ErrorResponse {
  description: string;
  /** Examples by name: the name is the code unless one code has several. */
  examples: Record<string, ReturnType<typeof example>>;
  headers?: HeaderName[];
}

const ERROR_RESPONSES: Record<RefusalName, ErrorResponse> = {
  InvalidQuery: {
    description: 'The query string is outside the contract.',
    examples: { invalid_query: invalidQuery },
  },
  InvalidBody: {
    description: 'The body is not a valid `NewPet`, or the request is malformed.',
    examples: {
      invalid_body: invalidBody,
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
      idempotency_key_reused: example(PROBLEMS.idempotencyKeyReused),
    },
  },
  Unauthorized: {
    description:
      'The API key is missing, unknown, malformed or revoked, or the session cookie names a session that has ended.',
    examples: {
      missing_api_key: example(PROBLEMS.missingApiKey),
      invalid_api_key: example(PROBLEMS.invalidApiKey),
      invalid_credentials: example(PROBLEMS.sessionEnded),
    },
    headers: ['WWW-Authenticate'],
  },
  Forbidden: {
    description:
      'The key or session is valid but not of a staff account, or a change made with the session cookie came from another origin.',
    examples: {
      forbidden: example(PROBLEMS.staffOnly),
      cross_origin: example(PROBLEMS.crossOriginChange),
    },
  },
  SignedInOnly: {
    description:
      'The request came with an API key, or a change made with the session cookie came from another origin.',
    examples: {
      forbidden: example(PROBLEMS.signedInOnly),
      cross_origin: example(PROBLEMS.crossOriginChange),
    },
  },
  NotFound: {
    description: 'No such account, key, person or session.',
    examples: {
      account_not_found: example(PROBLEMS.accountNotFound),
      key_not_found: example(PROBLEMS.keyNotFound),
      person_not_found: example(PROBLEMS.personNotFound),
      session_not_found: example(PROBLEMS.sessionNotFound),
      category_not_found: example(PROBLEMS.categoryNotFound),
    },
  },
  PetNotFound: {
    description: 'No pet has this identifier (or it is not a positive decimal integer).',
    examples: { not_found: example(PROBLEMS.petNotFound) },
  },
  NotYourPet: {
    description: 'A partner key, and the pet was created by another account.',
    examples: { forbidden: example(PROBLEMS.notYourPet) },
  },
  InvalidTransition: {
    description:
      'The pet cannot move from its status to the one asked for, or it has an open order (its status moves with the order).',
    examples: {
      invalid_transition: example(PROBLEMS.invalidTransition('sold', 'pending', false), [
        { field: 'status', issue: transitionIssue('sold', 'pending', false) },
      ]),
      moves_with_order: example(PROBLEMS.petStatusMovesWithOrder, [
        { field: 'status', issue: MOVES_WITH_ORDER },
      ]),
    },
  },
  PetHasOpenOrder: {
    description: 'The pet has an open order: cancel or deliver the order first.',
    examples: { invalid_transition: example(PROBLEMS.petHasOpenOrder) },
  },
  OrderNotFound: {
    description: "No order has this id, or it is another account's (for a partner).",
    examples: { not_found: example(PROBLEMS.orderNotFound) },
  },
  PetNotOrderable: {
    description:
      "The pet is not `available`, or it already has an open order; or the account already holds its plan's number of open orders.",
    examples: {
      not_available: example(PROBLEMS.petNotOrderable('sold'), [
        { field: 'petId', issue: petNotOrderableIssue('sold') },
      ]),
      already_ordered: example(PROBLEMS.petAlreadyOrdered, [
        { field: 'petId', issue: PET_ALREADY_ORDERED },
      ]),
      open_orders_limit: example(PROBLEMS.openOrdersLimit('free')),
    },
  },
  OrderMoveRefused: {
    description: 'The order cannot make this move from its status.',
    examples: {
      invalid_transition: example(PROBLEMS.orderMoveRefused('delivered', 'cancel'), [
        { field: 'status', issue: transitionIssue('delivered', 'cancelled', false) },
      ]),
    },
  },
  InvalidOrder: {
    description:
      'The body is not a valid `NewOrder`, or names no pet (none has this id, or it was removed), or the request is malformed.',
    examples: {
      invalid_body: example(PROBLEMS.invalidBody(`petId ${NO_SUCH_PET}`), [
        { field: 'petId', issue: NO_SUCH_PET },
      ]),
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
      idempotency_key_reused: example(PROBLEMS.idempotencyKeyReused),
    },
  },
  TooManyApiKeys: {
    description:
      'The account already has as many live keys as it may have. Revoke one, then create the new one.',
    examples: { too_many_api_keys: example(PROBLEMS.tooManyApiKeys) },
  },
  InvalidWebhookEndpoint: {
    description:
      'The body is invalid: the URL is not an https URL on the public internet (its host is, or resolves to, a loopback, private, link-local or other special address, or does not resolve), or the event types are not a list of known types; or the request is malformed, or (a create) its `Idempotency-Key` was used with another body.',
    examples: {
      invalid_body: example(PROBLEMS.invalidBody(`url ${WEBHOOK_URL_EXAMPLE_ISSUE}`), [
        { field: 'url', issue: WEBHOOK_URL_EXAMPLE_ISSUE },
      ]),
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
      idempotency_key_reused: example(PROBLEMS.idempotencyKeyReused),
    },
  },
  WebhookEndpointNotFound: {
    description: "The account has no endpoint with this id (another account's, or deleted).",
    examples: { not_found: example(PROBLEMS.webhookEndpointNotFound) },
  },
  AccountWebhookEndpointNotFound: {
    description: 'No account has this id, or it has no endpoint with this one.',
    examples: {
      account_not_found: example(PROBLEMS.accountNotFound),
      not_found: example(PROBLEMS.webhookEndpointNotFound),
    },
  },
  WebhookDeliveryNotFound: {
    description:
      "The account has no endpoint with this id (another account's, or deleted), or the endpoint no delivery with this one.",
    examples: {
      not_found: example(PROBLEMS.webhookEndpointNotFound),
      delivery_not_found: example(PROBLEMS.webhookDeliveryNotFound),
    },
  },
  AccountWebhookDeliveryNotFound: {
    description:
      'No account has this id, or it has no endpoint with this one, or the endpoint no delivery with this one.',
    examples: {
      account_not_found: example(PROBLEMS.accountNotFound),
      not_found: example(PROBLEMS.webhookEndpointNotFound),
      delivery_not_found: example(PROBLEMS.webhookDeliveryNotFound),
    },
  },
  WebhookEndpointDisabled: {
    description: 'The endpoint is disabled: enable it, then try again.',
    examples: { webhook_endpoint_disabled: example(PROBLEMS.webhookEndpointDisabled) },
  },
  TooManyWebhookEndpoints: {
    description:
      'The account already has as many webhook endpoints as it may have. Delete one, then create the new one.',
    examples: { too_many_webhook_endpoints: example(PROBLEMS.tooManyWebhookEndpoints) },
  },
  PhotoNotFound: {
    description: 'No pet has this identifier, or the pet has no photo with this one.',
    examples: {
      not_found: example(PROBLEMS.petNotFound),
      photo_not_found: example(PROBLEMS.photoNotFound),
    },
  },
  TooManyPhotos: {
    description: `The pet already has ${PHOTOS_PER_PET_MAX} photos. Remove one, then add the new one.`,
    examples: { too_many_photos: example(PROBLEMS.tooManyPhotos) },
  },
  InvalidPhoto: {
    description:
      'The body is not an image the API takes (the detail says why), or `Content-Type` is not one of the image types.',
    examples: {
      invalid_body: example(PROBLEMS.invalidBody(`body ${PHOTO_ISSUE}`), [
        { field: 'body', issue: PHOTO_ISSUE },
      ]),
      unsupported_media_type: example(PROBLEMS.notAPhotoType),
    },
  },
  PhotoTooLarge: {
    description: `The photo is larger than ${PHOTO_BYTES_MAX / 1024 / 1024} MiB.`,
    examples: { payload_too_large: example(PROBLEMS.photoTooLarge) },
  },
  Gone: {
    description: 'The operation is past its sunset instant.',
    examples: { gone: example(PROBLEMS.getPetGone) },
  },
  InvalidSignIn: {
    description: 'The body is not a `SignIn`, or is malformed.',
    examples: {
      invalid_body: example(
        PROBLEMS.invalidBody(describeDetails(SIGN_IN_DETAILS)),
        SIGN_IN_DETAILS,
      ),
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
    },
  },
  InvalidLink: {
    description:
      'The body is invalid: the link is unknown, used or past its time, or the name or password breaks its rule.',
    examples: {
      invalid_link: example(PROBLEMS.invalidLink, [{ field: 'token', issue: LINK_ISSUE }]),
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
    },
  },
  CategoryNameTaken: {
    description: 'Another category has this name, whatever its case.',
    examples: { name_taken: example(PROBLEMS.categoryNameTaken) },
  },
  EmailTaken: {
    description: 'The email already belongs to a person.',
    examples: { email_taken: example(PROBLEMS.emailTaken) },
  },
  LastStaffPerson: {
    description:
      'The person is the last active person of the staff accounts: without them nobody could manage the API.',
    examples: { last_staff_person: example(PROBLEMS.lastStaffPerson('Ann')) },
  },
  InvalidCredentials: {
    description:
      'No active person has this email and password: the same answer for an unknown email, a wrong password and a deactivated person.',
    examples: { invalid_credentials: example(PROBLEMS.invalidCredentials) },
  },
  PasskeyRefused: {
    description:
      'The passkey did not sign in: the same answer for an unknown passkey, a wrong signature or counter, a used or old challenge and a deactivated person.',
    examples: { invalid_credentials: example(PROBLEMS.passkeyRefused) },
  },
  PasskeyNotMade: {
    description:
      'The body is invalid: the name breaks its rule, or the credential was not made for a challenge this API gave the person (or its origin, relying party or user verification is wrong).',
    examples: {
      invalid_body: example(PROBLEMS.passkeyNotMade, [
        { field: 'credential', issue: PASSKEY_NOT_MADE },
      ]),
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
    },
  },
  PasswordStillNeeded: {
    description:
      'The person would have no way to sign in: a password cannot be removed, nor the last passkey of a person without one.',
    examples: { invalid_transition: example(PROBLEMS.passwordStillNeeded) },
  },
  TooManyPasskeys: {
    description: 'The person has as many passkeys as they may have (20).',
    examples: { invalid_transition: example(PROBLEMS.tooManyPasskeys) },
  },
  InvalidAdminBody: {
    description: 'The body is invalid or malformed.',
    examples: {
      invalid_body: invalidBody,
      invalid_json: example(PROBLEMS.bodyNotObject),
      unsupported_media_type: example(PROBLEMS.notJson),
    },
  },
  PayloadTooLarge: {
    description: `The body is larger than ${formatBytes(BODY_LIMIT_BYTES)}.`,
    examples: { payload_too_large: example(PROBLEMS.bodyTooLarge) },
  },
  TooManyRequests: {
    description:
      'A rate limit is exceeded, or the key is banned for sending while limited. Wait `Retry-After` seconds.',
    examples: {
      rate_limited: example(ERRORS.rate_limited),
      api_key_banned: example(ERRORS.api_key_banned),
    },
    headers: ['Retry-After'],
  },
  TooManySignIns: {
    description: `The client address is over its limit, or the email has had ${SIGN_IN_FAILURES_MAX} failed sign-ins in 15 minutes (then the message is \`${PROBLEMS.signInFailuresLimited(540).message.replace('540', 'N')}\`). Wait \`Retry-After\` seconds.`,
    examples: { rate_limited: example(ERRORS.rate_limited) },
    headers: ['Retry-After'],
  },
  MalformedRequest: {
    description:
      'The request is not valid HTTP: a URL that does not decode, a missing or invalid `Host`, a method HTTP does not know, conflicting framing, or a header that may come once sent twice.',
    examples: {
      invalid_request: example(PROBLEMS.notHttp),
      unknown_method: example(PROBLEMS.unknownMethod),
    },
  },
  InternalError: {
    description: 'An unexpected error; it is logged with the request id.',
    examples: { internal_error: example(ERRORS.internal_error) },
  },
  ServiceUnavailable: {
    description:
      'The database is unreachable, full or cannot be written. Nothing was stored; retry after `Retry-After` seconds (with the same `Idempotency-Key` for a create).',
    examples: {
      service_unavailable: example(PROBLEMS.databaseUnavailable),
      photos_busy: example(PROBLEMS.photosBusy),
    },
    headers: ['Retry-After'],
  },
};
type CommonName =
  | 'MalformedRequest'
  | 'TooManyRequests'
  | 'TooManySignIns'
  | 'InternalError'
  | 'ServiceUnavailable';
type RefusalName = ErrorResponseName | 'Unauthorized' | 'SignedInOnly' | CommonName;

function errorResponse(
  { description, examples, headers = [] }: ErrorResponse,
  extraHeaders: readonly HeaderName[] = [],
): ZodOpenApiResponseObject {
  const codes = [...new Set(Object.values(examples).map(({ value }) => value.code))];
  return {
    description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    headers: headerRefs([...EVERY_RESPONSE, ...headers, ...extraHeaders]),
    content: { 'application/json': { schema: ApiError, examples } },
  };
}

/** Every response of an operation by status: its success, its own refusals and those of any key. */
function responsesOf(operation: Operation) {
  const refusals: Partial<Record<number, RefusalName>> =
    operation.access === 'public'
      ? { 400: 'MalformedRequest', 500: 'InternalError' }
      : operation.access === 'open'
        ? {
            ...operation.errors,
            429: 'TooManySignIns',
            500: 'InternalError',
            503: 'ServiceUnavailable',
          }
        : {
            ...operation.errors,
            401: 'Unauthorized',
            ...(operation.access === 'staff' ? { 403: 'Forbidden' } : {}),
            ...(operation.access === 'person' ? { 403: 'SignedInOnly' } : {}),
            429: 'TooManyRequests',
            500: 'InternalError',
            503: 'ServiceUnavailable',
          };
  // A deprecated operation's answers all carry the deprecation headers, so none can be a `$ref`.
  const extra: HeaderName[] = operation.deprecation
    ? ['Deprecation', 'Sunset', 'DeprecationLink']
    : [];
  const { schema } = operation.success;
  const responses: Record<string, ZodOpenApiResponseObject | { $ref: string }> = {
    [operation.success.status]: {
      description: operation.success.description,
      headers: headerRefs([
        // A public operation is not rate limited: of the common headers, only the request id.
        ...(operation.access === 'public' ? (['X-Request-Id'] as const) : EVERY_RESPONSE),
        ...(operation.success.headers ?? []).map((name) => SUCCESS_HEADER[name]),
        ...extra,
      ]),
      ...(schema
        ? {
            content: {
              'application/json': { schema },
              ...Object.fromEntries(
                Object.entries(operation.success.alternatives ?? {}).map(
                  ([type, { description, example }]) => [
                    type,
                    { schema: z.string().meta({ description }), example },
                  ],
                ),
              ),
            },
          }
        : {}),
    },
  };
  // Integer keys: in ascending order, as the document lists them.
  for (const [status, name] of Object.entries(refusals) as [string, RefusalName][]) {
    responses[status] = operation.deprecation
      ? errorResponse(ERROR_RESPONSES[name], extra)
      : ref('responses', name);
  }
  return responses;
}

/**
 * The document's tag of an operation: the table's, except that passkeys are apart from the rest of
 * signing in. (Single sign-on's two routes are browser redirects, left out of the document.)
 */
const DOCUMENT_TAGS: Partial<Record<OperationId, string>> = {
  listPasskeys: 'passkeys',
  addPasskey: 'passkeys',
  startPasskeyRegistration: 'passkeys',
  removePasskey: 'passkeys',
  startPasskeySignIn: 'passkeys',
  signInWithPasskey: 'passkeys',
};

/**
 * The tags in the order the reference shows them (`x-tagGroups`): what partners' programs call
 * first, then what only staff may call, then people signing in to the admin app.
 */
const TAG_GROUPS = [
  { name: 'Partners', tags: ['pets', 'categories', 'store', 'events', 'account', 'meta'] },
  { name: 'Staff', tags: ['admin'] },
  { name: 'Signing in', tags: ['session', 'passkeys'] },
];

/**
 * What each kind of operation takes, said on every operation. A person's session also opens the
 * operations of a key (the admin app calls them so), but they name only the key: generators send
 * every scheme an operation lists (hey-api would send the key as a cookie too), and these are the
 * operations programs call. The session scheme's description says what it opens.
 */
const SECURITY: Record<Operation['access'], Record<string, string[]>[]> = {
  public: [],
  open: [],
  key: [{ apiKey: [] }],
  staff: [{ apiKey: [] }],
  person: [{ session: [] }],
};

/**
 * A field with a default is one a request may leave out: its default moves from `default` into its
 * description. Generators read `default` as "always present" (openapi-typescript, by default, types
 * such a field as required), which is true of what the API answers, never of what it is sent. Only
 * request bodies have fields with defaults (answers have every field); parameters keep theirs.
 */
export function describeDefaults(node: Json): void {
  if (Array.isArray(node)) for (const item of node) describeDefaults(item);
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const properties = node['properties'];
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const property of Object.values(properties)) {
      if (typeof property !== 'object' || property === null || Array.isArray(property)) continue;
      if (!('default' in property)) continue;
      const value = property['default'];
      const said = `\`${typeof value === 'string' ? value : JSON.stringify(value)}\` when omitted`;
      const description = property['description'];
      delete property['default'];
      if (typeof description === 'string' && description.includes(said)) continue;
      property['description'] =
        typeof description === 'string' ? `${description} ${said}.` : `${said}.`;
    }
  }
  for (const child of Object.values(node)) describeDefaults(child);
}

function operationObject(id: OperationId, operation: Operation): ZodOpenApiOperationObject {
  return {
    operationId: id,
    tags: [DOCUMENT_TAGS[id] ?? operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.deprecation ? { deprecated: true } : {}),
    security: SECURITY[operation.access],
    ...(operation.stability === 'stable' ? {} : { 'x-stability': operation.stability }),
    ...(operation.params || operation.query || operation.headers
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params } : {}),
            ...(operation.query ? { query: operation.query } : {}),
            ...(operation.headers ? { header: operation.headers } : {}),
          },
        }
      : {}),
    ...(operation.upload
      ? {
          requestBody: {
            required: true,
            description: `The file's own bytes, at most ${operation.upload.maxBytes / 1024 / 1024} MiB.`,
            content: Object.fromEntries(
              operation.upload.types.map((type) => [
                type,
                { schema: { type: 'string', contentMediaType: type, format: 'binary' } },
              ]),
            ),
          },
        }
      : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (operation.bodyTypes ?? ['application/json']).map((type) => [
                type,
                { schema: operation.body },
              ]),
            ),
          },
        }
      : {}),
    responses: responsesOf(operation),
    'x-codeSamples': codeSamples(id),
  };
}

/**
 * The contract is built for every platform (no Node.js types); only the API and the tests build the
 * document, on Node.js, so the file is read through Node's `fs` found at run time, never imported.
 */
function readBesideThisModule(relative: string): string {
  const runtime = globalThis as unknown as {
    process: { getBuiltinModule: (id: 'node:fs') => NodeFs };
    URL: new (url: string, base: string) => object;
  };
  const fs = runtime.process.getBuiltinModule('node:fs');
  const here = (import.meta as ImportMeta & { url: string }).url;
  return fs.readFileSync(new runtime.URL(relative, here), 'utf8');
}
interface NodeFs {
  readFileSync(path: object, encoding: 'utf8'): string;
}

/** `{{name}}` in the description, filled from the contract's constants. */
function description(): string {
  const facts: Record<string, string | number> = {
    'getPet.sunsetOn': formatDay(GET_PET_SUNSET_AT),
  };
  return fillFacts(readBesideThisModule('../openapi.md'), facts);
}

/** `template` with each `{{name}}` replaced by its fact; a name without a fact is an error. */
export function fillFacts(template: string, facts: Record<string, string | number>): string {
  return template.trim().replaceAll(/\{\{([\w.]+)\}\}/g, (_: string, name: string) => {
    const fact = facts[name];
    if (fact === undefined) throw new Error(`The template names an unknown fact: ${name}`);
    return String(fact);
  });
}

/**
 * The OpenAPI 3.1 document of the API, naming `serverUrl` as its server (the committed document
 * names {@link EXAMPLE_SERVER_URL}).
 */
/** Standard Webhooks' headers, sent with every delivery (docs/partners/webhooks.md, Receiving). */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description:
      "`evt_` and the event's `id`, the same on every attempt: skip one already handled (a delivery may come more than once).",
    example: 'evt_1042',
  },
  {
    name: 'webhook-timestamp',
    description:
      'When this attempt was sent, in Unix seconds. Refuse one more than 5 minutes off your clock: it is a replay.',
    example: '1764676800',
  },
  {
    name: 'webhook-signature',
    description:
      "`v1,` and the HMAC-SHA256 (base64) of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret; while a rolled-out secret still signs (24 hours), a second `v1,…` signed with it, space-separated. Check it on the body as it came, with any Standard Webhooks library or the client's `verifyWebhook`.",
    example: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  },
] as const;

/**
 * OpenAPI 3.1's `webhooks`: what the API sends an endpoint, one entry per event type (named by
 * it), each a `POST` of that type's event with Standard Webhooks' headers. `webhook.test` is sent
 * only when asked for (`sendWebhookTestEvent`); every other type to the endpoints that name it.
 */
export function webhooksSection(): JsonObject {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const schema = ref('schemas', Object.keys(EVENT_COMPONENTS)[EVENT_TYPES.indexOf(type)] ?? '');
      return [
        type,
        {
          post: {
            // `pet.created` → `petCreatedWebhook`: unique beside the operations' ids.
            operationId: `${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
            summary: type,
            description: `${EVENT_TYPE_DESCRIPTIONS[type]}\n\nSent to ${type === 'webhook.test' ? 'the one endpoint a test was asked for' : 'each enabled endpoint of the accounts that see it (a partner: the catalogue and its own orders) whose `events` name it'}, at least once, the same \`webhook-id\` on every attempt.`,
            tags: ['events'],
            parameters: WEBHOOK_HEADERS.map(({ name, description, example }) => ({
              name,
              in: 'header',
              required: true,
              description,
              schema: { type: 'string' },
              example,
            })),
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '2XX': {
                description:
                  'Taken, if answered within 10 seconds. Anything else (another status, a redirect, which is not followed, no answer in time) is tried again after about 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours and 10 hours, then every 10 hours for 3 days.',
              },
              '410': {
                description: 'Gone: the endpoint is disabled at once (`disabledReason: gone`).',
              },
            },
          },
        },
      ];
    }),
  );
}

export function createOpenApiDocument({ serverUrl }: OpenApiOptions = {}): JsonObject {
  const paths: ZodOpenApiPathsObject = {};
  const referenced = new Set<string>();
  for (const [id, operation] of Object.entries(OPERATIONS) as [OperationId, Operation][]) {
    // Where the browser is sent (`303`) in single sign-on: pages, not operations a program calls,
    // with no answer a client could read (OpenAPI wants a 2xx). The guides describe them.
    if (operation.success.status === 303) continue;
    const item = (paths[operation.path] ??= {});
    const object = operationObject(id, operation);
    item[operation.method.toLowerCase() as 'get'] = object;
    for (const response of Object.values(object.responses) as { $ref?: string }[]) {
      if (response.$ref !== undefined) referenced.add(response.$ref.split('/').at(-1) ?? '');
    }
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Pet Store API',
      version: API_VERSION,
      description: description(),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Pet Store API support', url: 'http://localhost:3000/docs' },
    },
    // Absolute: generators (hey-api, orval) take it as the client's base address.
    servers: [
      serverUrl === undefined
        ? {
            url: EXAMPLE_SERVER_URL,
            description:
              'An example: each API serves this document with its own address, `PUBLIC_URL` followed by `/v1`.',
          }
        : { url: serverUrl, description: 'Version 1 of the API.' },
    ],
    // Each operation says what it takes (`SECURITY`); this is for any that would not.
    security: [{ apiKey: [] }],
    tags: [
      { name: 'pets', description: 'The pet catalogue.' },
      {
        name: 'categories',
        description:
          'The categories pets belong to (beta): everyone reads them, staff create, rename and archive them.',
      },
      {
        name: 'store',
        description:
          'Orders to adopt pets (beta): partners and staff place them, staff approve and deliver them, and the account that placed one or staff cancel it. Each move changes the order and its pet together.',
      },
      {
        name: 'events',
        description:
          'What changed (beta): every change to the catalogue and to orders is an event, listed in the order it happened, and delivered to webhook endpoints.',
      },
      {
        name: 'account',
        description: 'The account of the calling key, and its own keys (beta).',
      },
      {
        name: 'admin',
        description: 'Staff only: accounts, plans and keys of every account (beta).',
      },
      {
        name: 'session',
        description:
          'People signing in to the admin app (beta): with a password, their sessions, invitations and password resets. Programs use API keys; the session cookie is for browsers. Single sign-on with a company provider is a pair of browser redirects (`/v1/session/oidc`), described in the staff guide on signing in rather than here.',
      },
      {
        name: 'passkeys',
        description:
          'A person signed in adds passkeys (WebAuthn), then signs in with one (beta). The API keeps a passkey’s credential id, public key and counter, never a secret.',
      },
      { name: 'meta', description: 'The API describing itself.' },
    ],
    'x-tagGroups': TAG_GROUPS,
    paths,
    // Plain JSON: its schemas are references to the components below.
    webhooks: webhooksSection() as unknown as ZodOpenApiPathsObject,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key',
          description: 'An API key from your account: `Authorization: Bearer pets_live_…`.',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            "A person signed in (`POST /session`), in the admin app. It opens the person's own operations (their session, password and passkeys), and also every operation their account's key opens, as the key does (the admin app calls them so; those operations name only the key, which is what programs send). A change made with it (any method but GET and HEAD) must come with an `Origin` of the API or of `CORS_ORIGINS`, or it is `403 forbidden`. Both kinds count against the account's limits.",
        },
      },
      schemas: COMPONENTS,
      headers: RESPONSE_HEADERS,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES)
          .filter(([name]) => referenced.has(name))
          .map(([name, response]) => [name, errorResponse(response)]),
      ),
    },
  });
  // In the order a reader meets them, and the schemas in the contract's order.
  const components = document.components as Record<string, JsonObject>;
  const schemas = components['schemas'] ?? {};
  describeDefaults(schemas);
  // Only the headers some answer names (no operation of the document redirects).
  const answers = JSON.stringify([document.paths, components['responses']]);
  const headers = Object.entries(components['headers'] ?? {}).filter(([name]) =>
    answers.includes(`"#/components/headers/${name}"`),
  );
  document.components = {
    securitySchemes: components['securitySchemes'],
    schemas: Object.fromEntries(Object.keys(COMPONENTS).map((id) => [id, schemas[id]])),
    parameters: components['parameters'],
    headers: Object.fromEntries(headers),
    responses: components['responses'],
  } as typeof document.components;
  return document as unknown as JsonObject;
}
