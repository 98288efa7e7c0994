/**
 * Every refusal the API words, by what went wrong, with its code; the OpenAPI document shows
 * the same words as its examples.
 */
import { GET_PET_SUNSET_AT } from './deprecation.js';
import { ERROR_STATUS, type ErrorCode } from './error.schema.js';
import {
  ACTIVE_KEYS_MAX,
  BODY_LIMIT_BYTES,
  formatBytes,
  formatDay,
  HEADERS_LIMIT_BYTES,
  OPEN_ORDERS_MAX,
  PHOTO_BYTES_MAX,
  PHOTOS_PER_PET_MAX,
  WEBHOOK_ENDPOINTS_MAX,
} from './limits.js';
import { ORDER_MOVES, type OrderMove, type OrderStatus } from './order.schema.js';
import type { Plan } from './rate-limit.js';

/** A refusal: the code (which brings its status) and the message people read. */
export interface Problem {
  readonly code: ErrorCode;
  readonly message: string;
}

const problem = <C extends ErrorCode>(code: C, message: string): { code: C; message: string } => ({
  code,
  message,
});

/** Why a one-time link is refused, as the `token` detail says it. */
export const LINK_ISSUE = 'is not a link in force: unknown, used, or past its time';
/** Why an invitation of a single sign-on domain is refused, as the `token` detail says it. */
export const SINGLE_SIGN_ON_LINK =
  'is an invitation for an email of single sign-on, accepted only by signing in with the provider';
/** Why an email of a single sign-on domain cannot be invited to an account, as `email` says it. */
export const singleSignOnEmailIssue = (domain: string): string =>
  `is in ${domain}, whose people sign in with single sign-on and join only its account`;
/** Why a new passkey is refused, as the `credential` detail says it. */
export const PASSKEY_NOT_MADE = 'is not a passkey made for the challenge this API gave';

/** Why an upload is not taken as a photo, as the `body` detail says it when nothing more is known. */
export const PHOTO_ISSUE = 'must be a JPEG, PNG, WebP or AVIF image';

/** Why a status move is refused, as the `status` detail says it. */
export const transitionIssue = (from: string, to: string, staffOnly: boolean): string =>
  `${from} → ${to} is ${staffOnly ? 'allowed for staff only' : 'not allowed'}`;

/** Why a pet cannot be ordered, as the `petId` detail says it. */
export const petNotOrderableIssue = (status: string): string =>
  `names a pet that is ${status}, and only an available pet can be ordered`;
export const PET_ALREADY_ORDERED =
  'names a pet that already has an open order (placed or approved)';
/** Why a pet's status cannot be patched while it has an open order, as the `status` detail says it. */
export const MOVES_WITH_ORDER =
  'moves with its open order (approve, deliver or cancel the order instead)';

/**
 * Every refusal the API words, by what went wrong. The API answers with these, and the OpenAPI
 * document shows them as its examples, so the two say the same words. Those that depend on the
 * request are functions of what they depend on.
 */
export const PROBLEMS = {
  // Malformed HTTP: 400 invalid_request (431 for a head that is too large).
  notHttp: problem('invalid_request', 'The request is not valid HTTP.'),
  urlDoesNotDecode: problem(
    'invalid_request',
    'The URL does not decode: a percent sign must be followed by two hex digits.',
  ),
  badHost: problem('invalid_request', 'Send a Host header of the form host[:port].'),
  bodyEndUnknown: problem(
    'invalid_request',
    'Send Transfer-Encoding: chunked last, or Content-Length instead.',
  ),
  headTooLarge: problem(
    'invalid_request',
    `The request headers are larger than ${formatBytes(HEADERS_LIMIT_BYTES)}.`,
  ),
  unknownMethod: problem('invalid_request', 'The method is not one HTTP knows.'),
  conflictingFraming: problem(
    'invalid_request',
    'Send Content-Length or Transfer-Encoding, not both.',
  ),
  badTransferEncoding: problem('invalid_request', 'The Transfer-Encoding is not valid.'),
  transferCodingNotDecoded: problem(
    'invalid_request',
    'Send Transfer-Encoding: chunked alone: the API decodes no other transfer coding.',
  ),
  badContentLength: problem('invalid_request', 'The Content-Length is not valid.'),
  /** A header a request may carry once (`Host`, `Authorization`, `Idempotency-Key`…), sent twice. */
  headerSentTwice: (name: string) =>
    problem('invalid_request', `Send the ${name} header once: it was sent more than once.`),
  queryWithoutContentType: problem(
    'invalid_request',
    'Send a Content-Type header with a QUERY request.',
  ),
  cannotAnswer: (status: number) =>
    problem('invalid_request', `The request cannot be answered (HTTP ${status}).`),

  // Bodies.
  notJson: problem(
    'unsupported_media_type',
    'Send the body as JSON with Content-Type: application/json.',
  ),
  notUtf8Charset: problem(
    'unsupported_media_type',
    'Send the body as UTF-8: Content-Type: application/json, with no charset or charset=utf-8.',
  ),
  /** A body in an encoding the API does not decode: what a proxy decodes may differ from what is stored. */
  encodedBody: problem(
    'unsupported_media_type',
    'Send the body without a Content-Encoding (or with Content-Encoding: identity): the API does not decode bodies.',
  ),
  contentTypeNotJson: problem(
    'unsupported_media_type',
    'Send the body with Content-Type: application/json.',
  ),
  bodyNotUtf8: problem('invalid_json', 'The request body is not valid UTF-8.'),
  bodyEmpty: problem('invalid_json', 'The request body is empty; send a JSON object.'),
  bodyNotValidJson: problem('invalid_json', 'The request body is not valid JSON.'),
  bodyNotObject: problem('invalid_json', 'The request body must be a JSON object.'),
  bodyTooLarge: problem(
    'payload_too_large',
    `The request body is larger than ${formatBytes(BODY_LIMIT_BYTES)}.`,
  ),
  /** A body or query outside the contract; `described` lists the problems, `; and N more`. */
  invalidBody: (described: string) =>
    problem('invalid_body', `The request body is invalid: ${described}.`),
  invalidQuery: (described: string) =>
    problem('invalid_query', `The query string is invalid: ${described}.`),
  idempotencyKeyReused: problem(
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request body. Use a new key for each new request.',
  ),

  // Keys and roles.
  missingApiKey: problem('missing_api_key', 'Send an API key as "Authorization: Bearer <key>".'),
  invalidApiKey: problem(
    'invalid_api_key',
    'The API key is not valid: it is unknown, malformed or revoked.',
  ),
  staffOnly: problem('forbidden', 'This endpoint is for staff accounts only.'),

  // People and their sessions.
  /** The same words for an unknown email, a wrong password and a deactivated person. */
  invalidCredentials: problem('invalid_credentials', 'The email or the password is not right.'),
  /** The same words for an unknown passkey, a wrong signature, a used challenge and a deactivated person. */
  passkeyRefused: problem(
    'invalid_credentials',
    'The passkey did not sign in: it is not one this API knows, or its answer is not right. Try again.',
  ),
  /** Removing the password of a person with no passkey. */
  passwordStillNeeded: problem(
    'invalid_transition',
    'Add a passkey before you remove your password: without either you could not sign in.',
  ),
  /** With the detail `{ field: 'credential', issue: PASSKEY_NOT_MADE }`. */
  passkeyNotMade: problem(
    'invalid_body',
    'The request body is invalid: credential is not a passkey made for the challenge this API gave.',
  ),
  tooManyPasskeys: problem(
    'invalid_transition',
    'You have as many passkeys as you may have (20): remove one, then add the new one.',
  ),
  sessionEnded: problem(
    'invalid_credentials',
    'The session has ended (signed out, unused for 30 minutes, or 12 hours old): sign in again.',
  ),
  signedInOnly: problem(
    'forbidden',
    'This endpoint is for a person signed in (the session cookie): API keys are for programs.',
  ),
  crossOriginChange: problem(
    'forbidden',
    "A change made with the session cookie must come from the admin app: its Origin header is not one of the API's origins.",
  ),
  /** With the detail `{ field: 'token', issue: LINK_ISSUE }`. */
  invalidLink: problem(
    'invalid_body',
    'The request body is invalid: token is not a link in force: unknown, used, or past its time.',
  ),
  /** With the detail `{ field: 'token', issue: SINGLE_SIGN_ON_LINK }`. */
  singleSignOnInvitation: problem(
    'invalid_body',
    `The request body is invalid: token ${SINGLE_SIGN_ON_LINK}.`,
  ),
  /** With the detail `{ field: 'currentPassword', issue: 'is not your password' }`. */
  wrongCurrentPassword: problem(
    'invalid_body',
    'The request body is invalid: currentPassword is not your password.',
  ),
  emailTaken: problem(
    'email_taken',
    'This email already belongs to a person: they sign in with it (staff can send them a password-reset link).',
  ),
  /** Deactivating the only active person of the staff accounts, by their name. */
  lastStaffPerson: (name: string) =>
    problem(
      'last_staff_person',
      `${name} is the last active person of the staff accounts: invite or reactivate another staff person first.`,
    ),
  categoryNameTaken: problem(
    'name_taken',
    'Another category already has this name (names are compared whatever their case, width or invisible characters).',
  ),
  signInFailuresLimited: (seconds: number) =>
    problem(
      'rate_limited',
      `Too many failed sign-ins for this email. Retry after ${seconds} seconds.`,
    ),
  notYourPet: problem(
    'forbidden',
    'This pet belongs to another account: partners change only the pets their account created.',
  ),

  // Status moves.
  /** With the detail `{ field: 'status', issue: transitionIssue(…) }`. */
  invalidTransition: (from: string, to: string, staffOnly: boolean) =>
    problem(
      'invalid_transition',
      `The pet is ${from}, and its status cannot change: status ${transitionIssue(from, to, staffOnly)}.`,
    ),

  // Store orders.
  /** With the detail `{ field: 'petId', issue: petNotOrderableIssue(status) }`. */
  petNotOrderable: (status: string) =>
    problem(
      'invalid_transition',
      `The pet cannot be ordered: petId ${petNotOrderableIssue(status)}.`,
    ),
  /** With the detail `{ field: 'petId', issue: PET_ALREADY_ORDERED }`. */
  petAlreadyOrdered: problem(
    'invalid_transition',
    `The pet cannot be ordered: petId ${PET_ALREADY_ORDERED}.`,
  ),
  /** With the detail `{ field: 'status', issue: transitionIssue(status, ORDER_MOVES[move].to, false) }`. */
  orderMoveRefused: (status: OrderStatus, move: OrderMove) =>
    problem(
      'invalid_transition',
      `The order is ${status}, and cannot be ${ORDER_MOVES[move].to}: status ${transitionIssue(status, ORDER_MOVES[move].to, false)}.`,
    ),
  /** A PATCH of the status of a pet with an open order; with the detail `{ field: 'status', issue: MOVES_WITH_ORDER }`. */
  petStatusMovesWithOrder: problem(
    'invalid_transition',
    `The pet has an open order, and its status cannot change by itself: status ${MOVES_WITH_ORDER}.`,
  ),
  petHasOpenOrder: problem(
    'invalid_transition',
    'The pet has an open order: cancel or deliver the order before removing the pet.',
  ),

  // Things that are not there.
  noRoute: (method: string, path: string) =>
    problem('not_found', `No route matches ${method} ${path}.`),
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    problem(
      'method_not_allowed',
      `${method} is not allowed on ${path}; it takes ${allowed.join(', ')} (see the Allow header).`,
    ),
  petNotFound: problem('not_found', 'No pet has this id.'),
  accountNotFound: problem('not_found', 'No account has this id.'),
  keyNotFound: problem('not_found', 'No API key has this id.'),
  personNotFound: problem('not_found', 'No person has this id.'),
  invitationNotFound: problem('not_found', 'No open invitation has this id.'),
  sessionNotFound: problem('not_found', 'You have no session with this id that has not ended.'),
  passkeyNotFound: problem('not_found', 'You have no passkey with this id.'),
  singleSignOnNotConfigured: problem('not_found', 'Single sign-on is not configured here.'),
  categoryNotFound: problem('not_found', 'No category has this id.'),
  photoNotFound: problem('not_found', 'The pet has no photo with this id.'),
  webhookEndpointNotFound: problem(
    'not_found',
    'The account has no webhook endpoint with this id.',
  ),
  webhookDeliveryNotFound: problem(
    'not_found',
    'The webhook endpoint has no delivery with this id (its attempts name their deliveries).',
  ),
  orderNotFound: problem(
    'not_found',
    "No order has this id that you can see (partners see only their own account's orders).",
  ),
  getPetGone: problem(
    'gone',
    `GET /v1/pets/{petId} was removed on ${formatDay(GET_PET_SUNSET_AT)}. Use GET /v1/pets with a status filter.`,
  ),

  // Limits.
  tooManyApiKeys: problem(
    'too_many_api_keys',
    `The account already has ${ACTIVE_KEYS_MAX} active API keys, the most it may have. Revoke one it no longer uses, then create the new one.`,
  ),
  tooManyWebhookEndpoints: problem(
    'too_many_webhook_endpoints',
    `The account already has ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints, the most it may have. Delete one it no longer uses (or send more event types to one), then create the new one.`,
  ),
  webhookEndpointDisabled: problem(
    'webhook_endpoint_disabled',
    'The webhook endpoint is disabled: nothing is sent to it. Enable it (PATCH its status to enabled), then try again.',
  ),
  /** An order over the account's plan's number of open orders (OPEN_ORDERS_MAX). */
  openOrdersLimit: (plan: Plan, max: number = OPEN_ORDERS_MAX[plan]) =>
    problem(
      'open_orders_limit',
      `This account already has ${max.toLocaleString('en-US')} open orders, the most its plan (${plan}) allows; cancel one or wait until one is delivered.`,
    ),
  rateLimited: (limit: number, window: string, seconds: number) =>
    problem(
      'rate_limited',
      `Rate limit of ${limit} requests per ${window} exceeded. Retry after ${seconds} seconds.`,
    ),
  banned: (seconds: number) =>
    problem(
      'api_key_banned',
      `This API key is banned for ${seconds} more seconds for sending requests while rate limited. Back off after a 429.`,
    ),

  tooManyPhotos: problem(
    'too_many_photos',
    `The pet already has ${PHOTOS_PER_PET_MAX} photos, the most it may have. Remove one, then add the new one.`,
  ),
  photoTooLarge: problem(
    'payload_too_large',
    `The photo is larger than ${PHOTO_BYTES_MAX / 1024 / 1024} MiB.`,
  ),
  /** A photo upload's body is not one of the image types taken. */
  notAPhotoType: problem(
    'unsupported_media_type',
    "Send the photo's own bytes as the body, with Content-Type: image/jpeg, image/png, image/webp or image/avif.",
  ),

  // Our side.
  photosBusy: problem(
    'service_unavailable',
    'Too many photos are being processed right now. Retry after the time in the Retry-After header.',
  ),
  internalError: (requestId: string) =>
    problem(
      'internal_error',
      `Something went wrong on our side. Quote request id ${requestId} when you report it.`,
    ),
  mailUnavailable: problem(
    'service_unavailable',
    'The email could not be sent: the mail server did not take it. Retry after the time in the Retry-After header (the link made now is never sent, so it cannot be used).',
  ),
  databaseUnavailable: problem(
    'service_unavailable',
    'The database is unavailable. Retry after the time in the Retry-After header.',
  ),

  // The admin app's files, served beside the API.
  adminAppNotBuilt: problem('not_found', 'The admin app is not built. Run: npx nx build admin'),
  noFile: (path: string) => problem('not_found', `No file ${path}.`),
} as const;

/**
 * Each code with its status and the message that stands for it where nothing more specific is
 * said (the examples of the OpenAPI document's shared responses).
 */
export const ERRORS = {
  invalid_request: PROBLEMS.notHttp,
  invalid_body: PROBLEMS.invalidBody('name must not be empty'),
  invalid_json: PROBLEMS.bodyNotObject,
  unsupported_media_type: PROBLEMS.notJson,
  invalid_query: PROBLEMS.invalidQuery('limit must be an integer from 1 to 100'),
  idempotency_key_reused: PROBLEMS.idempotencyKeyReused,
  missing_api_key: PROBLEMS.missingApiKey,
  invalid_api_key: PROBLEMS.invalidApiKey,
  invalid_credentials: PROBLEMS.invalidCredentials,
  forbidden: PROBLEMS.staffOnly,
  not_found: PROBLEMS.petNotFound,
  method_not_allowed: PROBLEMS.methodNotAllowed('PUT', '/v1/pets', ['GET', 'HEAD', 'POST']),
  invalid_transition: PROBLEMS.invalidTransition('sold', 'pending', false),
  too_many_api_keys: PROBLEMS.tooManyApiKeys,
  too_many_webhook_endpoints: PROBLEMS.tooManyWebhookEndpoints,
  webhook_endpoint_disabled: PROBLEMS.webhookEndpointDisabled,
  open_orders_limit: PROBLEMS.openOrdersLimit('free'),
  email_taken: PROBLEMS.emailTaken,
  last_staff_person: PROBLEMS.lastStaffPerson('Ann'),
  name_taken: PROBLEMS.categoryNameTaken,
  too_many_photos: PROBLEMS.tooManyPhotos,
  gone: PROBLEMS.getPetGone,
  payload_too_large: PROBLEMS.bodyTooLarge,
  rate_limited: PROBLEMS.rateLimited(60, 'minute', 17),
  api_key_banned: PROBLEMS.banned(840),
  internal_error: PROBLEMS.internalError('c3e5a1a8-5f4d-4a7e-9d55-1b1e4f0c2e11'),
  service_unavailable: PROBLEMS.databaseUnavailable,
} as const satisfies { [C in ErrorCode]: { code: C; message: string } };

/** The status a problem is answered with. */
export const statusOf = (problem: Problem): number => ERROR_STATUS[problem.code];
