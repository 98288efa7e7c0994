/**
 * The partner client: one function per operation of the contract, answers checked against it,
 * pages followed, calls retried where safe and held back after a 429, every failure an error.
 */
import {
  Events,
  type ListEventsQueryInput,
  type AcceptInvitation,
  type AdoptionsReportQueryInput,
  AuditEvents,
  Categories,
  type CategoryPatchInput,
  ApiError,
  ApiKeys,
  type ChangePassword,
  type RemovePassword,
  HEADERS,
  type ListAuditQueryInput,
  type ListKeysQueryInput,
  type ListOrdersQueryInput,
  type ListPetsQueryInput,
  ListedPets,
  type NewAccountInput,
  type NewCategoryInput,
  type NewInvitation,
  type NewOrderInput,
  type NewPetInput,
  OpenInvitations,
  type Operation,
  type OperationId,
  OPERATIONS,
  Orders,
  type NewPasskey,
  Passkeys,
  type PasskeySignIn,
  People,
  CSV_MEDIA_TYPE,
  type PetBatchItemInput,
  type PetExpansion,
  type PetProfilePatchInput,
  type PetPatchInput,
  PHOTO_BYTES_MAX,
  type PhotoMediaType,
  type PhotoMove,
  type PlanChange,
  type ResetPassword,
  Sessions,
  type SignIn,
  type NewWebhookEndpointInput,
  type WebhookEndpointPatchInput,
  WebhookAttempts,
  WebhookEndpoints,
} from '@pets/contract';
import { z } from 'zod';
import { PetstoreApiError } from './errors.js';
import { nextLink } from './pagination.js';
import { parseRateLimit, parseRetryAfter, type RateLimitState } from './rate-limit.js';
import { type Tolerant, tolerant } from './tolerant.js';
import type {
  Account,
  AdoptionsReport,
  AccountUsage,
  AuditEvent,
  Category,
  ApiKey,
  CreatedApiKey,
  CurrentSession,
  Inventory,
  Invitation,
  ListedOrder,
  ListedPet,
  OpenInvitation,
  Order,
  Passkey,
  PasskeyOptions,
  PasswordResetLink,
  Person,
  Pet,
  PetBatchResults,
  PetPhoto,
  PetProfile,
  Session,
  SignInMethods,
  OpenApiDocument,
  Event,
  CreatedWebhookEndpoint,
  RolledWebhookSecret,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from './answers.js';
import { backoffDelay, retryOptions, type RetryOptions, sleep } from './retry.js';

export interface PetstoreClientOptions {
  /** The API's base address, ending in `/v1`, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /**
   * Programs pass an API key: it goes as `Authorization: Bearer …`, only to `baseUrl`. The admin app
   * in the browser, served from the API's own origin, passes none: it signs in
   * ({@link PetstoreClient.session}) and relies on the session cookie, which the browser sends with
   * same-origin requests only (Node's fetch keeps no cookies).
   */
  apiKey?: string;
  /** Defaults to the global `fetch` (Node 20+, browsers). */
  fetch?: typeof globalThis.fetch;
  /** Retries on 429, 503 and network failures; see {@link RetryOptions}. */
  retry?: Partial<RetryOptions>;
  /** Time allowed for one attempt, answer included. Default 10 s. */
  timeoutMs?: number;
  /** For tests: how to wait and where randomness comes from. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface CallOptions {
  /** Cancels the call, retries and waits included. */
  signal?: AbortSignal;
}

/** What `getPet` takes: what to add to the pet, as `listPets`' `expand`. */
export interface GetPetOptions extends CallOptions {
  /** `profile` adds the pet's profile, `photos` its photos (sent comma-separated). */
  expand?: readonly PetExpansion[];
}

/** A photo's bytes, whole: a Node `Buffer` is a `Uint8Array`. */
export type PhotoBytes = Uint8Array | ArrayBuffer;
/** A photo's bytes as they come: a web stream, a Node `Readable`, or any async iterable of bytes. */
export type PhotoStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** What `uploadPetPhoto` takes: the image's media type, unless a `Blob` says it. */
export interface UploadPhotoOptions extends CallOptions {
  /** The `Content-Type` sent: a `Blob`'s own `type` unless this says otherwise. */
  contentType?: PhotoMediaType;
  /**
   * Makes the upload safe to retry: the API answers the first photo for a repeated key and the same
   * image. When you give none, the client makes one per call, so its own retries (after a network
   * failure or a lost answer) never add the photo twice.
   */
  idempotencyKey?: string;
}

/**
 * A photo and its options, as `uploadPetPhoto` takes them: a `Blob` may go without `contentType`
 * (it has a `type`), bytes and streams may not.
 */
export type PhotoUpload =
  | [image: Blob, options?: UploadPhotoOptions]
  | [
      image: PhotoBytes | PhotoStream,
      options: UploadPhotoOptions & { contentType: PhotoMediaType },
    ];

export interface CreatePetOptions extends CallOptions {
  /**
   * Makes the create safe to retry: the API returns the first response for a repeated key. When you
   * give none, the client makes one per call, so its own retries never create a second pet.
   */
  idempotencyKey?: string;
}

/** What `createCategory` takes: an `Idempotency-Key` of yours, as `createPet` does. */
export type CreateCategoryOptions = CreatePetOptions;

/** What `placeOrder` takes: an `Idempotency-Key` of yours, as `createPet` does. */
export type PlaceOrderOptions = CreatePetOptions;

/** What `session.signIn` sends: an email and its password. */
export type SignInInput = z.input<typeof SignIn>;
/** What `session.acceptInvitation` sends: the link's secret (after `#`), a name and a password. */
export type AcceptInvitationInput = z.input<typeof AcceptInvitation>;
/** What `session.resetPassword` sends: the link's secret (after `#`) and the new password. */
export type ResetPasswordInput = z.input<typeof ResetPassword>;
/** Whom `session.createInvitation` and `admin.createInvitationForAccount` invite. */
export type NewInvitationInput = z.input<typeof NewInvitation>;
/** What `session.changePassword` sends: the password now and the new one. */
export type ChangePasswordInput = z.input<typeof ChangePassword>;
/** What `session.removePassword` sends: the password now, which is removed. */
export type RemovePasswordInput = z.input<typeof RemovePassword>;
/**
 * What `session.addPasskey` sends: a name, and the browser's new credential as
 * `PublicKeyCredential.toJSON()` (or `@simplewebauthn/browser`'s `startRegistration`) gives it.
 */
export type NewPasskeyInput = z.input<typeof NewPasskey>;
/** What `session.signInWithPasskey` sends: the browser's answer to the sign-in challenge. */
export type PasskeySignInInput = z.input<typeof PasskeySignIn>;

/** An answer: its data, and what the API said about it. */
export interface ApiResult<T> {
  data: T;
  status: number;
  /** `X-Request-Id`: quote it when reporting a problem. */
  requestId: string | undefined;
  /** The rate-limit state this answer reported. */
  rateLimit: RateLimitState | undefined;
}

export interface PetsPage extends ApiResult<ListedPet[]> {
  /** The absolute address of the next page (from `Link: rel="next"`), absent on the last page. */
  next: string | undefined;
}

export interface CreatedPet extends ApiResult<Pet> {
  /** The `Idempotency-Key` the create was sent with (yours, or the one the client made). */
  idempotencyKey: string;
  /** `Location` of the new pet. */
  location: string | undefined;
}

export interface AppliedBatch extends ApiResult<PetBatchResults> {
  /** The `Idempotency-Key` the batch was sent with (yours, or the one the client made). */
  idempotencyKey: string;
}

/** What `exportPetsCsv` filters by: the list's filters, without paging. */
export type PetsCsvQuery = Omit<ListPetsQueryInput, 'cursor' | 'limit'>;

/** The pets' CSV file as it arrives: see {@link PetstoreClient.streamPetsCsv}. */
export interface PetsCsvStream extends Omit<ApiResult<never>, 'data'> {
  /**
   * The file's text, decoded from UTF-8, piece by piece as it arrives; read it once. The call's
   * `signal` stops it (an `aborted` error); breaking out of the loop stops it too.
   */
  chunks: AsyncIterable<string>;
}

export interface CreatedCategory extends ApiResult<Category> {
  /** The `Idempotency-Key` the create was sent with (yours, or the one the client made). */
  idempotencyKey: string;
  /** `Location` of the new category. */
  location: string | undefined;
}

export interface PlacedOrder extends ApiResult<Order> {
  /** The `Idempotency-Key` the order was sent with (yours, or the one the client made). */
  idempotencyKey: string;
  /** `Location` of the new order. */
  location: string | undefined;
}

/** What `createWebhookEndpoint` takes: an `Idempotency-Key` of yours, as `createPet` does. */
export type CreateWebhookEndpointOptions = CreatePetOptions;

export interface CreatedWebhook extends ApiResult<CreatedWebhookEndpoint> {
  /** The `Idempotency-Key` the create was sent with (yours, or the one the client made). */
  idempotencyKey: string;
}

export interface PetstoreClient {
  /**
   * One page of pets, in ascending id or the query's `sort`, found by its filters and `q` if given.
   * Follow `next` (or use {@link iteratePets}) for more.
   */
  listPets(query?: ListPetsQueryInput, options?: CallOptions): Promise<PetsPage>;
  /** Every pet matching the query, page after page, following `Link: rel="next"`. */
  iteratePets(
    query?: Omit<ListPetsQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<ListedPet, void, undefined>;
  /** Adds a pet. Retried safely with an `Idempotency-Key`. */
  createPet(pet: NewPetInput, options?: CreatePetOptions): Promise<CreatedPet>;
  /**
   * Fetches one pet.
   * @deprecated `GET /pets/{petId}` is removed on 5 December 2030 (answers `410 gone` from then on).
   * Use {@link PetstoreClient.listPets} with a `status` filter instead.
   */
  getPet(id: number, options?: GetPetOptions): Promise<ApiResult<ListedPet>>;
  /**
   * Changes a pet's name, category and/or status (beta): the whole pet as it is now. Partners change
   * only their own account's pets; a status move the API does not allow is `409 invalid_transition`.
   */
  updatePet(id: number, patch: PetPatchInput, options?: CallOptions): Promise<ApiResult<Pet>>;
  /**
   * Removes a pet (staff only, beta). Retried after a network failure, it may answer `404` because
   * the first attempt removed it.
   */
  deletePet(id: number, options?: CallOptions): Promise<ApiResult<undefined>>;
  /**
   * A pet's profile (beta): what is known of it beyond its four fields, `null` (or `unknown`,
   * `false`, `[]`) where nothing is. `listPets({ expand: ['profile'] })` gives it for a page.
   */
  getPetProfile(petId: number, options?: CallOptions): Promise<ApiResult<PetProfile>>;
  /**
   * Changes a pet's profile (beta): a JSON merge patch, so a field left out keeps its value, `null`
   * clears it, and `attributes` and `goodWith` are merged field by field. Answers the whole profile
   * as it is now. Partners change only their own account's pets.
   */
  updatePetProfile(
    petId: number,
    patch: PetProfilePatchInput,
    options?: CallOptions,
  ): Promise<ApiResult<PetProfile>>;
  /** A pet's photos, all of them (at most 12), the face (`position` 1) first (beta). */
  listPetPhotos(petId: number, options?: CallOptions): Promise<ApiResult<PetPhoto[]>>;
  /**
   * Adds a photo of a pet, last (beta): the image's own bytes, JPEG, PNG, WebP or AVIF, up to
   * 15 MiB. A `Blob` (a `File` from a form) sends its own `type` unless `contentType` says
   * otherwise; bytes and streams need `contentType`. A stream is read whole first, and refused
   * (`RangeError`, nothing sent) once it passes 15 MiB. Retried after a 429 or 503, never after a
   * network failure or timeout: the first attempt may have added the photo.
   */
  uploadPetPhoto(petId: number, ...photo: PhotoUpload): Promise<ApiResult<PetPhoto>>;
  /**
   * Moves a photo to `position` (1 makes it the pet's face); those between move one up or down
   * (beta). A position past the last photo is `400 invalid_body`.
   */
  movePetPhoto(
    petId: number,
    photoId: number,
    move: PhotoMove,
    options?: CallOptions,
  ): Promise<ApiResult<PetPhoto>>;
  /** Removes a photo; the photos after it move up one (beta). */
  removePetPhoto(
    petId: number,
    photoId: number,
    options?: CallOptions,
  ): Promise<ApiResult<undefined>>;
  /**
   * Changes or removes 1 to 100 pets in one request (beta): each item a `patch` or `delete: true`,
   * applied on its own; `data.results` holds, in the same order, what each would have answered
   * alone (`status` with `pet` or `error`). A refused item does not throw. Retried safely with an
   * `Idempotency-Key` (yours, or one the client makes for the call).
   */
  batchPets(items: readonly PetBatchItemInput[], options?: CreatePetOptions): Promise<AppliedBatch>;
  /**
   * Every pet that matches the filters as one CSV file (beta): RFC 4180 text with a header row,
   * cells a spreadsheet would run as formulas prefixed with `'`. The whole file is read within the
   * call's timeout (`timeoutMs`).
   */
  exportPetsCsv(query?: PetsCsvQuery, options?: CallOptions): Promise<ApiResult<string>>;
  /**
   * The same file as {@link exportPetsCsv}, answered as soon as the API starts it: its text comes
   * in `chunks` as it arrives, to show progress, save it as it comes or stop early (beta). Only
   * the wait for the answer to start is under the call's timeout (`timeoutMs`); reading the rest
   * takes as long as the file does, until `signal` aborts it.
   */
  streamPetsCsv(query?: PetsCsvQuery, options?: CallOptions): Promise<PetsCsvStream>;

  /**
   * One page of categories, archived ones included, in ascending id (beta). Follow `next` (or use
   * {@link iterateCategories}) for more.
   */
  listCategories(query?: ListKeysQueryInput, options?: CallOptions): Promise<Page<Category>>;
  /** Every category, archived ones included, page after page (beta). */
  iterateCategories(
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<Category, void, undefined>;
  /**
   * One page of events, oldest first (beta): every change to the catalogue and to the account's
   * own orders (staff: every order's). Follow `next` (or use {@link iterateEvents}) for more; to
   * keep up, ask for the last page again with its cursor. Types this version does not know are
   * kept as they come.
   */
  listEvents(query?: ListEventsQueryInput, options?: CallOptions): Promise<Page<Event>>;
  /** Every event there is now, oldest first, page after page (beta). */
  iterateEvents(
    query?: Omit<ListEventsQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<Event, void, undefined>;
  /** Fetches one category (beta); an unknown id is `404 not_found`. */
  getCategory(id: number, options?: CallOptions): Promise<ApiResult<Category>>;
  /**
   * Creates a category, in use (staff only, beta). A name another category has, whatever its case,
   * is `409 name_taken`. Retried safely with an `Idempotency-Key`, as {@link createPet} is.
   */
  createCategory(
    category: NewCategoryInput,
    options?: CreateCategoryOptions,
  ): Promise<CreatedCategory>;
  /**
   * Renames, archives (`archived: true`) or restores (`archived: false`) a category: a JSON merge
   * patch, answered with the category as it is now (staff only, beta). An archived category keeps
   * its pets, but no pet is created in it or moved to it. A name taken is `409 name_taken`.
   */
  updateCategory(
    id: number,
    patch: CategoryPatchInput,
    options?: CallOptions,
  ): Promise<ApiResult<Category>>;

  /**
   * One page of orders (beta): a partner's own account's, or for staff every order (one account's
   * with `accountId`); filtered by `status` and `petId`; in ascending id, or newest first with
   * `sort: '-id'`; with `expand: ['pet', 'account']`, each order also names its pet and account.
   * Follow `next` (or use {@link iterateOrders}) for more.
   */
  listOrders(query?: ListOrdersQueryInput, options?: CallOptions): Promise<Page<ListedOrder>>;
  /** Every order matching the query, page after page (beta). */
  iterateOrders(
    query?: Omit<ListOrdersQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<ListedOrder, void, undefined>;
  /**
   * Orders (adopts) a pet (beta): the order is `placed` and the pet becomes `pending`, together. A
   * pet that is not `available`, or already has an open order, is `409 invalid_transition` (its
   * message says why); one that does not exist is `400 invalid_body` on `petId`. An account already
   * holding its plan's number of open orders (`OPEN_ORDERS_MAX`) is `409 open_orders_limit`.
   * Retried safely with an `Idempotency-Key`, as {@link createPet} is.
   */
  placeOrder(order: NewOrderInput, options?: PlaceOrderOptions): Promise<PlacedOrder>;
  /** Fetches one order (beta); another account's, for a partner, is `404 not_found`. */
  getOrder(id: number, options?: CallOptions): Promise<ApiResult<Order>>;
  /**
   * Approves a `placed` order (staff only, beta); its pet stays `pending`. From any other status,
   * `409 invalid_transition`. Never repeated after a 503 or network failure: a repeat of a move that
   * was made would be refused as one from the wrong status.
   */
  approveOrder(id: number, options?: CallOptions): Promise<ApiResult<Order>>;
  /**
   * Delivers an `approved` order (staff only, beta): the order is `delivered` and its pet `sold`,
   * together. From any other status, `409 invalid_transition`. Never repeated, as approveOrder.
   */
  deliverOrder(id: number, options?: CallOptions): Promise<ApiResult<Order>>;
  /**
   * Cancels a `placed` or `approved` order (staff, or the account that placed it; beta): the order
   * is `cancelled` and its pet `available` again, together. From any other status,
   * `409 invalid_transition`. Never repeated, as approveOrder.
   */
  cancelOrder(id: number, options?: CallOptions): Promise<ApiResult<Order>>;
  /**
   * Orders delivered and cancelled from `from` to `to` (excluded; `YYYY-MM-DD`, UTC, at most 366
   * days), by account or by ISO week (staff only, beta).
   */
  getAdoptionsReport(
    query: AdoptionsReportQueryInput,
    options?: CallOptions,
  ): Promise<ApiResult<AdoptionsReport>>;
  /** How many pets are `available`, `pending` and `sold` now, removed pets not counted (beta). */
  getInventory(options?: CallOptions): Promise<ApiResult<Inventory>>;

  /** The account the key belongs to (beta). */
  getAccount(options?: CallOptions): Promise<ApiResult<Account>>;
  /**
   * One page of the account's own keys, without their secrets, in ascending id (beta). Follow
   * `next` (or use {@link iterateAccountKeys}) for more.
   */
  listAccountKeys(query?: ListKeysQueryInput, options?: CallOptions): Promise<KeysPage>;
  /** Every key of the account, page after page (beta). */
  iterateAccountKeys(
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<ApiKey, void, undefined>;
  /** A new key for the account; `data.key` is shown this once (beta). */
  createAccountKey(label: string, options?: CallOptions): Promise<ApiResult<CreatedApiKey>>;
  /** Revokes one of the account's keys (beta). */
  revokeAccountKey(keyId: number, options?: CallOptions): Promise<ApiResult<ApiKey>>;
  /** @deprecated Until 2.0: {@link listAccountKeys}, the name of its operation. */
  listKeys(query?: KeysQuery, options?: CallOptions): Promise<KeysPage>;
  /** @deprecated Until 2.0: {@link iterateAccountKeys}, the name of its operation. */
  iterateKeys(
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<ApiKey, void, undefined>;
  /** @deprecated Until 2.0: {@link createAccountKey}, the name of its operation. */
  createKey(label: string, options?: CallOptions): Promise<ApiResult<CreatedApiKey>>;
  /** @deprecated Until 2.0: {@link revokeAccountKey}, the name of its operation. */
  revokeKey(keyId: number, options?: CallOptions): Promise<ApiResult<ApiKey>>;
  /**
   * One page of the account's webhook endpoints, disabled ones included, in ascending id, without
   * their secrets (beta). Follow `next` (or use {@link iterateWebhookEndpoints}) for more.
   */
  listWebhookEndpoints(
    query?: ListKeysQueryInput,
    options?: CallOptions,
  ): Promise<Page<WebhookEndpoint>>;
  /** Every webhook endpoint of the account, page after page (beta). */
  iterateWebhookEndpoints(
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<WebhookEndpoint, void, undefined>;
  /**
   * A new webhook endpoint for the account; `data.secret` is shown this once (beta). A URL that is
   * not https, or whose host is or resolves to a private address, is `400 invalid_body` on `url`;
   * one endpoint past the most an account may have is `409 too_many_webhook_endpoints`. Retried
   * safely with an `Idempotency-Key`, as {@link createPet} is: a retry answers the same secret.
   */
  createWebhookEndpoint(
    endpoint: NewWebhookEndpointInput,
    options?: CreateWebhookEndpointOptions,
  ): Promise<CreatedWebhook>;
  /** One of the account's webhook endpoints, without its secret (beta). */
  getWebhookEndpoint(
    endpointId: number,
    options?: CallOptions,
  ): Promise<ApiResult<WebhookEndpoint>>;
  /**
   * Changes an endpoint's `url`, `events` or `status` (a JSON merge patch), answered with the
   * endpoint as it is now (beta). `status: 'enabled'` clears `disabledReason`.
   */
  updateWebhookEndpoint(
    endpointId: number,
    patch: WebhookEndpointPatchInput,
    options?: CallOptions,
  ): Promise<ApiResult<WebhookEndpoint>>;
  /** Deletes an endpoint for good (beta). */
  deleteWebhookEndpoint(endpointId: number, options?: CallOptions): Promise<ApiResult<undefined>>;
  /**
   * A new signing secret for an endpoint, shown this once; the one it replaces keeps signing beside
   * it until `data.previousSecretExpiresAt` (24 hours) (beta).
   */
  rollWebhookSecret(
    endpointId: number,
    options?: CallOptions,
  ): Promise<ApiResult<RolledWebhookSecret>>;
  /**
   * One page of an endpoint's delivery attempts, newest first (beta): each with its HTTP status and
   * the first 1 KiB of the answer, or why none came. Follow `next` (or use
   * {@link iterateWebhookAttempts}) for more.
   */
  listWebhookAttempts(
    endpointId: number,
    query?: ListKeysQueryInput,
    options?: CallOptions,
  ): Promise<Page<WebhookAttempt>>;
  /** Every attempt of an endpoint, newest first, page after page (beta). */
  iterateWebhookAttempts(
    endpointId: number,
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<WebhookAttempt, void, undefined>;
  /**
   * Sends a delivery again soon, with the same `webhook-id`, its retries started over (beta): `202`
   * with the delivery, `pending`. Another endpoint's delivery is `404`; a disabled endpoint is
   * `409 webhook_endpoint_disabled`.
   */
  resendWebhookDelivery(
    endpointId: number,
    deliveryId: number,
    options?: CallOptions,
  ): Promise<ApiResult<WebhookDelivery>>;
  /**
   * Sends the endpoint a `webhook.test` event, to it alone, signed as any other (beta): `202` with
   * its delivery. A disabled endpoint is `409 webhook_endpoint_disabled`.
   */
  sendWebhookTestEvent(
    endpointId: number,
    options?: CallOptions,
  ): Promise<ApiResult<WebhookDelivery>>;
  /** The OpenAPI document of the API (needs no key, and is not rate limited). */
  getOpenApiDocument(options?: CallOptions): Promise<ApiResult<OpenApiDocument>>;
  /**
   * One page of the account's people, deactivated ones included, in ascending id (beta). Follow
   * `next` (or use {@link iteratePeople}) for more.
   */
  listPeople(query?: ListKeysQueryInput, options?: CallOptions): Promise<Page<Person>>;
  /**
   * One page of the account's open invitations (not accepted, revoked or past their time), in
   * ascending id, without their links (beta).
   */
  listAccountInvitations(
    query?: ListKeysQueryInput,
    options?: CallOptions,
  ): Promise<Page<OpenInvitation>>;
  /** Every person of the account, page after page (beta). */
  iteratePeople(
    query?: Omit<ListKeysQueryInput, 'cursor'>,
    options?: CallOptions,
  ): AsyncGenerator<Person, void, undefined>;
  /** Staff only: other accounts, their plans and keys (beta). Partner keys get `403 forbidden`. */
  admin: {
    listAccounts(options?: CallOptions): Promise<ApiResult<Account[]>>;
    createAccount(account: NewAccountInput, options?: CallOptions): Promise<ApiResult<Account>>;
    changePlan(
      accountId: number,
      change: PlanChange,
      options?: CallOptions,
    ): Promise<ApiResult<Account>>;
    /** One page of an account's keys, in ascending id. */
    listKeysOfAccount(
      accountId: number,
      query?: ListKeysQueryInput,
      options?: CallOptions,
    ): Promise<KeysPage>;
    /** Every key of an account, page after page. */
    iterateKeysOfAccount(
      accountId: number,
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<ApiKey, void, undefined>;
    /** Its use of its limits this minute and today, refusals today, a ban, its keys (beta). */
    getAccountUsage(accountId: number, options?: CallOptions): Promise<ApiResult<AccountUsage>>;
    /** A new key for an account; `data.key` is shown this once. */
    createKeyForAccount(
      accountId: number,
      label: string,
      options?: CallOptions,
    ): Promise<ApiResult<CreatedApiKey>>;
    /** @deprecated Until 2.0: {@link listKeysOfAccount}, the name of its operation. */
    listAccountKeys(accountId: number, query?: KeysQuery, options?: CallOptions): Promise<KeysPage>;
    /** @deprecated Until 2.0: {@link iterateKeysOfAccount}, the name of its operation. */
    iterateAccountKeys(
      accountId: number,
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<ApiKey, void, undefined>;
    /** @deprecated Until 2.0: {@link createKeyForAccount}, the name of its operation. */
    createAccountKey(
      accountId: number,
      label: string,
      options?: CallOptions,
    ): Promise<ApiResult<CreatedApiKey>>;
    revokeKey(keyId: number, options?: CallOptions): Promise<ApiResult<ApiKey>>;
    /**
     * An invitation to join an account, with its one-time link (7 days), shown this once: nothing is
     * e-mailed. An email that already has a person is `409 email_taken`. Never repeated after a 503
     * or network failure: the first attempt may have made one.
     */
    createInvitationForAccount(
      accountId: number,
      invitation: NewInvitationInput,
      options?: CallOptions,
    ): Promise<ApiResult<Invitation>>;
    /**
     * A one-time link (an hour) with which a person chooses a new password, shown this once. It
     * changes nothing until it is used.
     */
    createPasswordReset(
      personId: number,
      options?: CallOptions,
    ): Promise<ApiResult<PasswordResetLink>>;
    /** One page of an account's people, deactivated ones included, in ascending id. */
    listPeopleOfAccount(
      accountId: number,
      query?: ListKeysQueryInput,
      options?: CallOptions,
    ): Promise<Page<Person>>;
    /** Every person of an account, page after page. */
    iteratePeopleOfAccount(
      accountId: number,
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<Person, void, undefined>;
    /**
     * Deactivates a person: they can no longer sign in, and every session they had ends. Answers
     * the person as they are now; deactivating a deactivated person changes nothing.
     */
    deactivatePerson(personId: number, options?: CallOptions): Promise<ApiResult<Person>>;
    /**
     * Reactivates a person: they can sign in again. Nothing their deactivation ended comes back
     * (sessions, links, invitations, keys). Reactivating an active person changes nothing.
     */
    reactivatePerson(personId: number, options?: CallOptions): Promise<ApiResult<Person>>;
    /** One page of an account's open invitations, in ascending id, without their links. */
    listInvitationsOfAccount(
      accountId: number,
      query?: ListKeysQueryInput,
      options?: CallOptions,
    ): Promise<Page<OpenInvitation>>;
    /** Revokes an open invitation: its link stops working at once (`404` unless it is open). */
    revokeInvitation(invitationId: number, options?: CallOptions): Promise<ApiResult<undefined>>;
    /** One page of an account's webhook endpoints, in ascending id, without their secrets. */
    listWebhookEndpointsOfAccount(
      accountId: number,
      query?: ListKeysQueryInput,
      options?: CallOptions,
    ): Promise<Page<WebhookEndpoint>>;
    /** Every webhook endpoint of an account, page after page. */
    iterateWebhookEndpointsOfAccount(
      accountId: number,
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<WebhookEndpoint, void, undefined>;
    /** A new webhook endpoint for an account, as {@link PetstoreClient.createWebhookEndpoint}. */
    createWebhookEndpointForAccount(
      accountId: number,
      endpoint: NewWebhookEndpointInput,
      options?: CreateWebhookEndpointOptions,
    ): Promise<CreatedWebhook>;
    getWebhookEndpointOfAccount(
      accountId: number,
      endpointId: number,
      options?: CallOptions,
    ): Promise<ApiResult<WebhookEndpoint>>;
    updateWebhookEndpointOfAccount(
      accountId: number,
      endpointId: number,
      patch: WebhookEndpointPatchInput,
      options?: CallOptions,
    ): Promise<ApiResult<WebhookEndpoint>>;
    deleteWebhookEndpointOfAccount(
      accountId: number,
      endpointId: number,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
    rollWebhookSecretOfAccount(
      accountId: number,
      endpointId: number,
      options?: CallOptions,
    ): Promise<ApiResult<RolledWebhookSecret>>;
    /** One page of the attempts of an account's endpoint, as {@link PetstoreClient.listWebhookAttempts}. */
    listWebhookAttemptsOfAccount(
      accountId: number,
      endpointId: number,
      query?: ListKeysQueryInput,
      options?: CallOptions,
    ): Promise<Page<WebhookAttempt>>;
    /** Every attempt of an account's endpoint, newest first, page after page. */
    iterateWebhookAttemptsOfAccount(
      accountId: number,
      endpointId: number,
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<WebhookAttempt, void, undefined>;
    /** Sends a delivery of an account's endpoint again, as {@link PetstoreClient.resendWebhookDelivery}. */
    resendWebhookDeliveryOfAccount(
      accountId: number,
      endpointId: number,
      deliveryId: number,
      options?: CallOptions,
    ): Promise<ApiResult<WebhookDelivery>>;
    /** Sends an account's endpoint a test event, as {@link PetstoreClient.sendWebhookTestEvent}. */
    sendWebhookTestEventOfAccount(
      accountId: number,
      endpointId: number,
      options?: CallOptions,
    ): Promise<ApiResult<WebhookDelivery>>;
    /** One page of the audit trail, newest first (beta). */
    listAudit(query?: ListAuditQueryInput, options?: CallOptions): Promise<AuditPage>;
    /** Every event matching the query, newest first, page after page (beta). */
    iterateAudit(
      query?: Omit<ListAuditQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<AuditEvent, void, undefined>;
  };
  /**
   * A person's session, for the admin app in the browser (beta). A namespace, as `admin` is, because
   * these are not for what a key may do: a program never signs in, and `getCurrentSession` and
   * `signOut` refuse a key. Kept apart, the top level stays what a partner's program uses.
   */
  session: {
    /**
     * Signs in: the API sets the session cookie, which later calls carry. A wrong email or password
     * is `401 invalid_credentials`. A POST without an `Idempotency-Key`, so never repeated after a
     * 503, network failure or timeout: the first attempt may have reached the API.
     */
    signIn(credentials: SignInInput, options?: CallOptions): Promise<ApiResult<undefined>>;
    /** Who is signed in, to which account, and when the session ends at the latest. */
    getCurrentSession(options?: CallOptions): Promise<ApiResult<CurrentSession>>;
    /**
     * The ways to sign in besides email and password, for the sign-in page: the company identity
     * provider when one is configured (its name, and the address the browser goes to, itself, to
     * sign in with it: a redirect, not a call) and whether passkeys sign in. Anyone may ask.
     */
    getSignInMethods(options?: CallOptions): Promise<ApiResult<SignInMethods>>;
    /** Ends the session the call came with, and clears its cookie. */
    signOut(options?: CallOptions): Promise<ApiResult<undefined>>;
    /**
     * Accepts an invitation: the person chooses a name and a password, joins the account and is
     * signed in (the cookie, as `signIn` sets it). A link that is unknown, used or past its time is
     * `400 invalid_body` on `token`. Never repeated after a 503 or network failure, as `signIn`.
     */
    acceptInvitation(
      acceptance: AcceptInvitationInput,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
    /**
     * Sets a new password with a reset link: every other session of the person ends, and this one
     * is signed in. A link that is unknown, used or past its time is `400 invalid_body` on `token`.
     */
    resetPassword(reset: ResetPasswordInput, options?: CallOptions): Promise<ApiResult<undefined>>;
    /**
     * Invites a colleague to the signed-in person's own account: the invitation with its one-time
     * link, shown this once. A key cannot (`403`): inviting is a person's.
     */
    createInvitation(
      invitation: NewInvitationInput,
      options?: CallOptions,
    ): Promise<ApiResult<Invitation>>;
    /**
     * Revokes an open invitation to the signed-in person's own account: its link stops working at
     * once (`404` for one that is not open, or is another account's).
     */
    revokeAccountInvitation(
      invitationId: number,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
    /**
     * One page of the signed-in person's sessions that have not ended, on any device, in ascending
     * id; `current` marks the one of this call. Follow `next` (or use {@link iterateSessions}).
     */
    listSessions(query?: ListKeysQueryInput, options?: CallOptions): Promise<Page<Session>>;
    /** Every session of the signed-in person that has not ended, page after page. */
    iterateSessions(
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<Session, void, undefined>;
    /** Ends one of the person's sessions (signs that device out); another's is `404`. */
    endSession(sessionId: number, options?: CallOptions): Promise<ApiResult<undefined>>;
    /** Signs out everywhere: every session of the person ends, this one too. */
    endAllSessions(options?: CallOptions): Promise<ApiResult<undefined>>;
    /**
     * Changes the password (the current one required): every other session of the person ends,
     * this one goes on. A wrong current password is `400 invalid_body` on `currentPassword`. Never
     * repeated after a 503 or network failure: the first attempt may have changed it.
     */
    changePassword(
      change: ChangePasswordInput,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
    /**
     * Removes the person's password once they have a passkey (`409` before), given the password now
     * (a wrong one is `400` and counts as a failed sign-in): from then on they sign in with a
     * passkey. Their sessions go on; a staff reset link sets a password again.
     */
    removePassword(
      removal: RemovePasswordInput,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
    /**
     * One page of the signed-in person's passkeys, in ascending id. Follow `next` (or use
     * {@link iteratePasskeys}).
     */
    listPasskeys(query?: ListKeysQueryInput, options?: CallOptions): Promise<Page<Passkey>>;
    /** Every passkey of the signed-in person, page after page. */
    iteratePasskeys(
      query?: Omit<ListKeysQueryInput, 'cursor'>,
      options?: CallOptions,
    ): AsyncGenerator<Passkey, void, undefined>;
    /**
     * Begins adding a passkey: the options for `navigator.credentials.create()` (or
     * `@simplewebauthn/browser`'s `startRegistration({ optionsJSON })`), with a challenge good once
     * for 5 minutes. `409` when the person has as many passkeys as they may.
     */
    startPasskeyRegistration(options?: CallOptions): Promise<ApiResult<PasskeyOptions>>;
    /**
     * Adds the passkey the browser made for that challenge, with its name. One the API cannot
     * check is `400 invalid_body` on `credential`. Never repeated after a 503 or network failure:
     * its challenge is good once.
     */
    addPasskey(passkey: NewPasskeyInput, options?: CallOptions): Promise<ApiResult<Passkey>>;
    /** Removes one of the person's passkeys; another's is `404`, the last way in `409`. */
    removePasskey(passkeyId: number, options?: CallOptions): Promise<ApiResult<undefined>>;
    /**
     * Begins signing in with a passkey: the options for `navigator.credentials.get()` (or
     * `startAuthentication({ optionsJSON })`), with a challenge good once for 5 minutes. Anyone may ask.
     */
    startPasskeySignIn(options?: CallOptions): Promise<ApiResult<PasskeyOptions>>;
    /**
     * Signs in with the browser's answer to that challenge: the API sets the session cookie, as
     * `signIn` does. Any refusal is `401 invalid_credentials` in the same words. Never repeated after
     * a 503, network failure or timeout, as `signIn`.
     */
    signInWithPasskey(
      answer: PasskeySignInInput,
      options?: CallOptions,
    ): Promise<ApiResult<undefined>>;
  };
}

/** A page of a list, and where the next one is. */
export interface Page<T> extends ApiResult<T[]> {
  /** The absolute address of the next page (from `Link: rel="next"`), absent on the last page. */
  next: string | undefined;
}

export interface AuditPage extends ApiResult<AuditEvent[]> {
  /** The absolute address of the next page, absent on the last page. */
  next: string | undefined;
}

/**
 * A page of keys to ask for. In 1.0 the keys lists took only the call options, as their one
 * argument: `listKeys({ signal })` still works, and asks for the first page.
 */
export interface KeysQuery extends ListKeysQueryInput {
  /** @deprecated The 1.0 form, kept until 2.0: pass it in the call options, `listKeys({}, { signal })`. */
  signal?: AbortSignal;
}

export interface KeysPage extends ApiResult<ApiKey[]> {
  /** The absolute address of the next page, absent on the last page. */
  next: string | undefined;
}

/** What an operation answers on success: its schema's data as the client reads it, or nothing. */
type SuccessData<Id extends OperationId> = (typeof OPERATIONS)[Id]['success'] extends {
  schema: infer S extends z.ZodType;
}
  ? Tolerant<z.output<S>>
  : undefined;

/** The answer of a list operation: an array of its items. */
type ListSchema =
  | typeof ListedPets
  | typeof AuditEvents
  | typeof ApiKeys
  | typeof People
  | typeof Sessions
  | typeof Categories
  | typeof Orders
  | typeof Passkeys
  | typeof OpenInvitations
  | typeof Events
  | typeof WebhookEndpoints
  | typeof WebhookAttempts;

/** The operations that take a query: the lists. */
type ListOperationId = {
  [Id in OperationId]: (typeof OPERATIONS)[Id] extends { query: z.ZodObject } ? Id : never;
}[OperationId];
type ListOperation = Operation & { query: z.ZodObject };

/** A success without a body (204). */
const NO_CONTENT = z.undefined();

/** A request's body and its media type. */
interface RequestBody {
  content: string | Uint8Array<ArrayBuffer>;
  type: string;
}

interface Attempt {
  method: Operation['method'];
  url: string;
  body?: RequestBody;
  idempotencyKey?: string;
  /** The media type asked for; JSON unless said. */
  accept?: string;
  /**
   * Whether a 429 to it holds back every call of the client. Not for an `open` operation (signing
   * in): its limits are the email's and the address's, not the account's that other calls count
   * against, so one locked-out email must not stop the next sign-in.
   */
  holdsBackOthers: boolean;
  /**
   * A successful answer's body is left unread (`stream`), and only its head is under the deadline.
   * An error's body is read as any other.
   */
  stream?: boolean;
}

/** A whole answer, body read within the attempt's deadline (or, streamed, left to read). */
interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  body: unknown;
  /** The body as it came ('' when streamed). */
  text: string;
  /** The unread body of a streamed answer. */
  stream?: ReadableStream<Uint8Array> | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML error page, say): no body.
  }
  return undefined;
};

/**
 * A new `Idempotency-Key`: 128 random bits as hex (`getRandomValues` works everywhere,
 * `randomUUID` only in secure contexts). For a create you may repeat yourself, e.g. a form sent
 * again: keep one per set of values and pass it as `idempotencyKey`.
 */
export const newIdempotencyKey = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * A body's text as it arrives, decoded from UTF-8 (a character split between two pieces is joined).
 * A failure while reading, the caller's abort included, is a `PetstoreApiError`; leaving the loop
 * early cancels the rest.
 */
async function* textOf(
  body: ReadableStream<Uint8Array> | null,
  signal: AbortSignal | undefined,
): AsyncGenerator<string, void, undefined> {
  if (body === null) return;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The caller's abort ends a read under way, whatever the body's source does with it (a
  // cancelled read ends as if the file had; the check after it tells the two apart).
  signal?.addEventListener('abort', () => {
    void reader.cancel().catch(() => undefined);
  });
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
        signal?.throwIfAborted();
      } catch (error) {
        throw new PetstoreApiError(
          signal?.aborted
            ? { kind: 'aborted', code: 'aborted', message: 'The call was aborted.', cause: error }
            : {
                kind: 'network',
                code: 'network_error',
                message: `The file stopped arriving: ${error instanceof Error ? error.message : String(error)}`,
                cause: error,
              },
        );
      }
      if (read.done) {
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      const text = decoder.decode(read.value, { stream: true });
      if (text) yield text;
    }
  } finally {
    // Left early, stopped or failed: the rest is not wanted (a finished or failed body ignores it).
    await reader.cancel().catch(() => undefined);
  }
}

/** `PHOTO_BYTES_MAX` in words, for the refusal. */
const PHOTO_TOO_LARGE = `A photo may be at most ${PHOTO_BYTES_MAX / 1024 / 1024} MiB.`;

/** The bytes of a photo, read whole; refused as soon as they pass `PHOTO_BYTES_MAX`. */
async function readPhoto(
  pieces: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A web stream is read with its reader: not every browser iterates one.
  for await (const chunk of pieces instanceof ReadableStream ? readerPieces(pieces) : pieces) {
    if (!(chunk instanceof Uint8Array))
      throw new TypeError('A photo stream must give bytes (Uint8Array or Buffer), not text.');
    size += chunk.byteLength;
    if (size > PHOTO_BYTES_MAX) throw new RangeError(PHOTO_TOO_LARGE);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The pieces of a web stream, from its reader; leaving early cancels the rest. */
async function* readerPieces(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    await reader.cancel();
  }
}

/**
 * A photo as the body of its upload: its bytes, whole (so the request has a `Content-Length` and a
 * retry sends them again), and its media type, a `Blob`'s own unless `contentType` is given.
 */
async function photoBody(
  image: Blob | PhotoBytes | PhotoStream,
  contentType: PhotoMediaType | undefined,
): Promise<RequestBody> {
  const type = contentType ?? (image instanceof Blob ? image.type : '');
  if (type === '')
    throw new TypeError(
      'A photo needs its media type: pass { contentType } (image/jpeg, image/png, image/webp or image/avif), unless it is a Blob that has a type.',
    );
  const pieces =
    image instanceof Blob
      ? image.stream()
      : image instanceof ArrayBuffer || image instanceof Uint8Array
        ? [new Uint8Array(image)]
        : image;
  return { content: await readPhoto(pieces), type };
}

export function createPetstoreClient(options: PetstoreClientOptions): PetstoreClient {
  const base = new URL(options.baseUrl.replace(/\/+$/, ''));
  // `href` ends in a slash only for the root path, and in one.
  const baseUrl = base.href.replace(/\/$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retry = retryOptions(options.retry);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  /** After a 429 every call of this client holds back until then, so concurrent calls do not hammer. */
  let blockedUntil = 0;

  /**
   * Only follow links to the API we were given: the key is never sent anywhere else. A relative link
   * is resolved against the page that carried it (RFC 8288, section 3.2).
   */
  const ownUrl = (url: string, page: string): string => {
    const target = new URL(url, page);
    if (
      target.origin !== base.origin ||
      !target.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/`)
    ) {
      throw new PetstoreApiError({
        kind: 'invalid_response',
        code: 'invalid_response',
        message: `The API linked outside itself: ${target.href}`,
      });
    }
    return target.href;
  };

  async function once(attempt: Attempt, signal: AbortSignal | undefined): Promise<Answer> {
    // A stream's body is read after the call has answered: only its head is under the deadline,
    // which is why it is a timer that can be stopped rather than `AbortSignal.timeout`.
    const headOnly = attempt.stream === true ? new AbortController() : undefined;
    const timer = headOnly
      ? setTimeout(() => {
          headOnly.abort();
        }, timeoutMs)
      : undefined;
    const timeout = headOnly?.signal ?? AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: attempt.accept ?? 'application/json' };
    if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
    if (attempt.body !== undefined) headers['content-type'] = attempt.body.type;
    if (attempt.idempotencyKey !== undefined)
      headers[HEADERS.idempotencyKey] = attempt.idempotencyKey;
    try {
      const response = await fetchImpl(attempt.url, {
        method: attempt.method,
        headers,
        body: attempt.body?.content,
        signal: combined,
        // A redirect would take the key (fetch keeps it on the same origin, outside `/v1` too) or
        // the session cookie with it.
        redirect: 'manual',
        // Without a key, the session cookie, and never to another origin.
        ...(options.apiKey === undefined && { credentials: 'same-origin' }),
      });
      clearTimeout(timer);
      if (headOnly && response.ok)
        return {
          status: response.status,
          ok: response.ok,
          headers: response.headers,
          body: undefined,
          // Stryker disable next-line StringLiteral: a streamed answer's text is never read
          text: '',
          stream: response.body,
        };
      // Read the body under the same deadline.
      const text = await response.text();
      return {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        body: parseJson(text),
        text,
      };
    } catch (error) {
      clearTimeout(timer);
      if (signal?.aborted)
        throw new PetstoreApiError({
          kind: 'aborted',
          code: 'aborted',
          message: 'The call was aborted.',
          cause: error,
        });
      if (timeout.aborted) {
        throw new PetstoreApiError({
          kind: 'timeout',
          code: 'timeout',
          message: `No answer within ${timeoutMs} ms.`,
          cause: error,
        });
      }
      throw new PetstoreApiError({
        kind: 'network',
        code: 'network_error',
        message: `Could not reach the API: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }

  function toError(response: Answer): PetstoreApiError {
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    const rateLimit = parseRateLimit(response.headers);
    const retryAfter = parseRetryAfter(response.headers, now());
    const parsed = tolerant(ApiError).safeParse(response.body);
    if (!parsed.success) {
      return new PetstoreApiError({
        kind: 'invalid_response',
        code: 'invalid_response',
        message: `The API answered ${response.status} without an error body of the contract's shape.`,
        status: response.status,
        requestId,
        retryAfter,
        rateLimit,
      });
    }
    return new PetstoreApiError({ kind: 'api', ...parsed.data, requestId, retryAfter, rateLimit });
  }

  /** Sends with retries: 429 (not a ban) and, when it is safe to repeat, 503 and network failures. */
  async function send(attempt: Attempt, signal: AbortSignal | undefined): Promise<Answer> {
    // Reads, revocations and plan changes have the same effect however often they are sent.
    const repeatable = attempt.method !== 'POST' || attempt.idempotencyKey !== undefined;
    for (let retries = 0; ; retries++) {
      const holdBack = blockedUntil - now();
      if (holdBack > 0) {
        if (holdBack > retry.maxRetryAfterMs) {
          throw new PetstoreApiError({
            kind: 'api',
            code: 'rate_limited',
            status: 429,
            message: `Rate limited for another ${Math.ceil(holdBack / 1000)} seconds.`,
            retryAfter: Math.ceil(holdBack / 1000),
          });
        }
        await wait(holdBack, signal).catch((error: unknown) => {
          throw new PetstoreApiError({
            kind: 'aborted',
            code: 'aborted',
            message: 'The call was aborted.',
            cause: error,
          });
        });
      }

      let failure: PetstoreApiError;
      let retryAfterMs = 0;
      try {
        const response = await once(attempt, signal);
        if (response.ok) return response;
        failure = toError(response);
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: `once` throws nothing else but a programming error (a foreign AbortSignal), which has no code, status or kind, so is never retried and is thrown unchanged either way
        if (!(error instanceof PetstoreApiError)) throw error;
        failure = error;
      }

      if (failure.code === 'rate_limited') {
        retryAfterMs = (failure.retryAfter ?? 1) * 1000;
        if (attempt.holdsBackOthers) blockedUntil = Math.max(blockedUntil, now() + retryAfterMs);
      }
      const retryable =
        failure.code === 'rate_limited' ||
        (failure.status === 503 && repeatable) ||
        (repeatable && (failure.kind === 'network' || failure.kind === 'timeout'));
      if (failure.status === 503) retryAfterMs = (failure.retryAfter ?? 0) * 1000;
      if (!retryable || retries >= retry.retries || retryAfterMs > retry.maxRetryAfterMs)
        throw failure;

      const delay = backoffDelay(retries, retryAfterMs, retry, random);
      await wait(delay, signal).catch((error: unknown) => {
        throw new PetstoreApiError({
          kind: 'aborted',
          code: 'aborted',
          message: 'The call was aborted.',
          cause: error,
        });
      });
    }
  }

  async function call<S extends z.ZodType>(
    attempt: Attempt,
    schema: S,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Answer; result: ApiResult<Tolerant<z.output<S>>> }> {
    const response = await send(attempt, signal);
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    const parsed = tolerant(schema).safeParse(response.body);
    if (!parsed.success) {
      throw new PetstoreApiError({
        kind: 'invalid_response',
        code: 'invalid_response',
        message: `The API's answer to ${attempt.method} ${attempt.url} does not match the contract.`,
        status: response.status,
        requestId,
      });
    }
    return {
      response,
      result: {
        data: parsed.data,
        status: response.status,
        requestId,
        rateLimit: parseRateLimit(response.headers),
      },
    };
  }

  async function page<S extends ListSchema>(
    url: string,
    schema: S,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<Tolerant<z.output<S>>> & { next: string | undefined }> {
    const { response, result } = await call(
      { method: 'GET', url, holdsBackOthers: true },
      schema,
      signal,
    );
    const next = nextLink(response.headers.get(HEADERS.link));
    const data = result.data as Tolerant<z.output<S>>;
    return { ...result, data, next: next === undefined ? undefined : ownUrl(next, url) };
  }

  /** Every item of a list from its first page on, following `next`. */
  async function* every<S extends ListSchema>(
    first: Promise<ApiResult<Tolerant<z.output<S>>> & { next: string | undefined }>,
    schema: S,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<Tolerant<z.output<S>[number]>, void, undefined> {
    let current = await first;
    for (;;) {
      // A list's data is an array of its items, each as the client reads it.
      yield* current.data as Tolerant<z.output<S>[number]>[];
      if (current.next === undefined) return;
      current = await page(current.next, schema, signal);
    }
  }

  /**
   * `?name=value&…` of the query parameters the operation takes (its query schema's, in the
   * contract's order) that `query` gives; nothing else it holds.
   */
  function searchOf(operation: ListOperation, query: object): string {
    const values = query as Record<string, string | number | undefined>;
    const params = new URLSearchParams();
    for (const name of Object.keys(operation.query.shape)) {
      const value = values[name];
      if (value !== undefined) params.set(name, String(value));
    }
    return params.size > 0 ? `?${params.toString()}` : '';
  }

  /** An operation's path with its parameters filled in. */
  function pathOf(operation: Operation, params: Record<string, number>): string {
    return operation.path.replaceAll(/\{(\w+)\}/g, (_: string, name: string) =>
      encodeURIComponent(String(params[name])),
    );
  }

  /**
   * Calls an operation of the contract's table: its method and path (with `params` filled in), its
   * body as JSON, and its answer checked against the table's success schema.
   */
  function invoke<Id extends OperationId>(
    id: Id,
    parts: {
      params?: Record<string, number>;
      body?: unknown;
      /** A body that is a file's own bytes, sent as they are. */
      upload?: RequestBody;
      idempotencyKey?: string;
      search?: string;
    },
    signal: AbortSignal | undefined,
  ): Promise<{ response: Answer; result: ApiResult<SuccessData<Id>> }> {
    const operation: Operation = OPERATIONS[id];
    const path = pathOf(operation, parts.params ?? {});
    // No body: `JSON.stringify(undefined)` is undefined, and no Content-Type is sent.
    const json = JSON.stringify(parts.body) as string | undefined;
    const attempt: Attempt = {
      method: operation.method,
      url: `${baseUrl}${path}${parts.search ?? ''}`,
      // A merge patch says so, in the first media type its operation takes.
      body:
        parts.upload ??
        (json === undefined
          ? undefined
          : { content: json, type: operation.bodyTypes?.[0] ?? 'application/json' }),
      idempotencyKey: parts.idempotencyKey,
      holdsBackOthers: operation.access !== 'open',
    };
    // The table's type says which schema, so which data, each operation answers with.
    return call(attempt, operation.success.schema ?? NO_CONTENT, signal) as Promise<{
      response: Answer;
      result: ApiResult<SuccessData<Id>>;
    }>;
  }

  /** A page of a list operation of the table: its path with `params`, the query it takes. */
  function listPage<S extends ListSchema>(
    id: ListOperationId,
    params: Record<string, number>,
    query: object,
    schema: S,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<Tolerant<z.output<S>>> & { next: string | undefined }> {
    const operation: ListOperation = OPERATIONS[id];
    return page(
      `${baseUrl}${pathOf(operation, params)}${searchOf(operation, query)}`,
      schema,
      signal,
    );
  }

  /**
   * A create sent with an `Idempotency-Key`, the caller's or one made for this call and kept across
   * its retries, so a retry never creates a second one; answered with the key and `Location`.
   */
  async function idempotentCreate<
    Id extends
      | 'createPet'
      | 'createCategory'
      | 'placeOrder'
      | 'createWebhookEndpoint'
      | 'createWebhookEndpointForAccount',
  >(
    id: Id,
    body: unknown,
    createOptions: CreatePetOptions,
    params: Record<string, number> = {},
  ): Promise<
    ApiResult<SuccessData<Id>> & { idempotencyKey: string; location: string | undefined }
  > {
    const idempotencyKey = createOptions.idempotencyKey ?? newIdempotencyKey();
    const { response, result: created } = await invoke(
      id,
      { params, body, idempotencyKey },
      createOptions.signal,
    );
    return {
      ...created,
      idempotencyKey,
      location: response.headers.get(HEADERS.location) ?? undefined,
    };
  }

  const result = async <T>(pending: Promise<{ result: ApiResult<T> }>) => (await pending).result;

  /** The pets' CSV file asked for, its answer checked to be CSV (a streamed body left unread). */
  async function csvOf(query: PetsCsvQuery, stream: boolean, signal: AbortSignal | undefined) {
    const { listPets } = OPERATIONS;
    const url = `${baseUrl}${listPets.path}${searchOf(listPets, { ...query, cursor: undefined, limit: undefined })}`;
    const response = await send(
      { method: 'GET', url, accept: CSV_MEDIA_TYPE, holdsBackOthers: true, stream },
      signal,
    );
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    // Stryker disable next-line StringLiteral: without the header, any text but a CSV type is refused alike
    if (!(response.headers.get('content-type') ?? '').startsWith(CSV_MEDIA_TYPE)) {
      await response.stream?.cancel();
      throw new PetstoreApiError({
        kind: 'invalid_response',
        code: 'invalid_response',
        message: `The API's answer to GET ${url} is not CSV.`,
        status: response.status,
        requestId,
      });
    }
    return {
      response,
      head: { status: response.status, requestId, rateLimit: parseRateLimit(response.headers) },
    };
  }

  const client: PetstoreClient = {
    listPets: (query = {}, callOptions = {}) =>
      listPage('listPets', {}, query, ListedPets, callOptions.signal),

    iteratePets: (query = {}, callOptions = {}) =>
      every(client.listPets(query, callOptions), ListedPets, callOptions.signal),

    createPet: (pet, createOptions = {}) => idempotentCreate('createPet', pet, createOptions),

    batchPets: async (items, batchOptions = {}) => {
      const idempotencyKey = batchOptions.idempotencyKey ?? newIdempotencyKey();
      const { result: applied } = await invoke(
        'batchPets',
        { body: { items }, idempotencyKey },
        batchOptions.signal,
      );
      return { ...applied, idempotencyKey };
    },

    exportPetsCsv: async (query = {}, callOptions = {}) => {
      const { response, head } = await csvOf(query, false, callOptions.signal);
      return { data: response.text, ...head };
    },

    streamPetsCsv: async (query = {}, callOptions = {}) => {
      const { response, head } = await csvOf(query, true, callOptions.signal);
      return { ...head, chunks: textOf(response.stream ?? null, callOptions.signal) };
    },

    // The implementation of the deprecated operation itself.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    getPet: (petId, { expand, signal }: GetPetOptions = {}) =>
      result(
        invoke(
          'getPet',
          { params: { petId }, search: searchOf(OPERATIONS.getPet, { expand }) },
          signal,
        ),
      ),

    updatePet: (petId, patch, callOptions = {}) =>
      result(invoke('updatePet', { params: { petId }, body: patch }, callOptions.signal)),
    deletePet: (petId, callOptions = {}) =>
      result(invoke('deletePet', { params: { petId } }, callOptions.signal)),

    getPetProfile: (petId, callOptions = {}) =>
      result(invoke('getPetProfile', { params: { petId } }, callOptions.signal)),
    updatePetProfile: (petId, patch, callOptions = {}) =>
      result(invoke('updatePetProfile', { params: { petId }, body: patch }, callOptions.signal)),
    listPetPhotos: (petId, callOptions = {}) =>
      result(invoke('listPetPhotos', { params: { petId } }, callOptions.signal)),
    uploadPetPhoto: async (
      petId: number,
      image: Blob | PhotoBytes | PhotoStream,
      uploadOptions: UploadPhotoOptions = {},
    ) =>
      result(
        invoke(
          'uploadPetPhoto',
          {
            params: { petId },
            upload: await photoBody(image, uploadOptions.contentType),
            idempotencyKey: uploadOptions.idempotencyKey ?? newIdempotencyKey(),
          },
          uploadOptions.signal,
        ),
      ),
    movePetPhoto: (petId, photoId, move, callOptions = {}) =>
      result(
        invoke('movePetPhoto', { params: { petId, photoId }, body: move }, callOptions.signal),
      ),
    removePetPhoto: (petId, photoId, callOptions = {}) =>
      result(invoke('removePetPhoto', { params: { petId, photoId } }, callOptions.signal)),

    listEvents: (query = {}, callOptions = {}) =>
      listPage('listEvents', {}, query, Events, callOptions.signal),
    iterateEvents: (query = {}, callOptions = {}) =>
      every(client.listEvents(query, callOptions), Events, callOptions.signal),
    listCategories: (query = {}, callOptions = {}) =>
      listPage('listCategories', {}, query, Categories, callOptions.signal),
    iterateCategories: (query = {}, callOptions = {}) =>
      every(client.listCategories(query, callOptions), Categories, callOptions.signal),
    getCategory: (categoryId, callOptions = {}) =>
      result(invoke('getCategory', { params: { categoryId } }, callOptions.signal)),
    createCategory: (category, createOptions = {}) =>
      idempotentCreate('createCategory', category, createOptions),
    updateCategory: (categoryId, patch, callOptions = {}) =>
      result(invoke('updateCategory', { params: { categoryId }, body: patch }, callOptions.signal)),

    listOrders: (query = {}, callOptions = {}) =>
      listPage('listOrders', {}, query, Orders, callOptions.signal),
    iterateOrders: (query = {}, callOptions = {}) =>
      every(client.listOrders(query, callOptions), Orders, callOptions.signal),
    placeOrder: (order, placeOptions = {}) => idempotentCreate('placeOrder', order, placeOptions),
    getOrder: (orderId, callOptions = {}) =>
      result(invoke('getOrder', { params: { orderId } }, callOptions.signal)),
    approveOrder: (orderId, callOptions = {}) =>
      result(invoke('approveOrder', { params: { orderId } }, callOptions.signal)),
    deliverOrder: (orderId, callOptions = {}) =>
      result(invoke('deliverOrder', { params: { orderId } }, callOptions.signal)),
    cancelOrder: (orderId, callOptions = {}) =>
      result(invoke('cancelOrder', { params: { orderId } }, callOptions.signal)),
    getAdoptionsReport: (query, callOptions = {}) =>
      result(
        invoke(
          'getAdoptionsReport',
          { search: searchOf(OPERATIONS.getAdoptionsReport, query) },
          callOptions.signal,
        ),
      ),
    getInventory: (callOptions = {}) => result(invoke('getInventory', {}, callOptions.signal)),

    getAccount: (callOptions = {}) => result(invoke('getAccount', {}, callOptions.signal)),
    listAccountKeys: (query = {}, callOptions = {}) =>
      listPage('listAccountKeys', {}, query, ApiKeys, callOptions.signal),
    iterateAccountKeys: (query = {}, callOptions = {}) =>
      every(client.listAccountKeys(query, callOptions), ApiKeys, callOptions.signal),
    createAccountKey: (label, callOptions = {}) =>
      result(invoke('createAccountKey', { body: { label } }, callOptions.signal)),
    revokeAccountKey: (keyId, callOptions = {}) =>
      result(invoke('revokeAccountKey', { params: { keyId } }, callOptions.signal)),
    // The 1.0 names, until 2.0.
    /* eslint-disable @typescript-eslint/no-deprecated -- their own definitions */
    listKeys: ({ signal, ...query }: KeysQuery = {}, callOptions = {}) =>
      // `signal` in the query: the 1.0 form, `listKeys({ signal })`.
      client.listAccountKeys(query, { signal: callOptions.signal ?? signal }),
    iterateKeys: (query, callOptions) => client.iterateAccountKeys(query, callOptions),
    createKey: (label, callOptions) => client.createAccountKey(label, callOptions),
    revokeKey: (keyId, callOptions) => client.revokeAccountKey(keyId, callOptions),
    /* eslint-enable @typescript-eslint/no-deprecated */
    listWebhookEndpoints: (query = {}, callOptions = {}) =>
      listPage('listWebhookEndpoints', {}, query, WebhookEndpoints, callOptions.signal),
    iterateWebhookEndpoints: (query = {}, callOptions = {}) =>
      every(client.listWebhookEndpoints(query, callOptions), WebhookEndpoints, callOptions.signal),
    createWebhookEndpoint: async (endpoint, createOptions = {}) => {
      const { location: _location, ...created } = await idempotentCreate(
        'createWebhookEndpoint',
        endpoint,
        createOptions,
      );
      return created;
    },
    getWebhookEndpoint: (endpointId, callOptions = {}) =>
      result(invoke('getWebhookEndpoint', { params: { endpointId } }, callOptions.signal)),
    updateWebhookEndpoint: (endpointId, patch, callOptions = {}) =>
      result(
        invoke(
          'updateWebhookEndpoint',
          { params: { endpointId }, body: patch },
          callOptions.signal,
        ),
      ),
    deleteWebhookEndpoint: (endpointId, callOptions = {}) =>
      result(invoke('deleteWebhookEndpoint', { params: { endpointId } }, callOptions.signal)),
    rollWebhookSecret: (endpointId, callOptions = {}) =>
      result(invoke('rollWebhookSecret', { params: { endpointId } }, callOptions.signal)),
    listWebhookAttempts: (endpointId, query = {}, callOptions = {}) =>
      listPage('listWebhookAttempts', { endpointId }, query, WebhookAttempts, callOptions.signal),
    iterateWebhookAttempts: (endpointId, query = {}, callOptions = {}) =>
      every(
        client.listWebhookAttempts(endpointId, query, callOptions),
        WebhookAttempts,
        callOptions.signal,
      ),
    resendWebhookDelivery: (endpointId, deliveryId, callOptions = {}) =>
      result(
        invoke('resendWebhookDelivery', { params: { endpointId, deliveryId } }, callOptions.signal),
      ),
    sendWebhookTestEvent: (endpointId, callOptions = {}) =>
      result(invoke('sendWebhookTestEvent', { params: { endpointId } }, callOptions.signal)),
    getOpenApiDocument: (callOptions = {}) =>
      result(invoke('getOpenApiDocument', {}, callOptions.signal)),
    listPeople: (query = {}, callOptions = {}) =>
      listPage('listPeople', {}, query, People, callOptions.signal),
    listAccountInvitations: (query = {}, callOptions = {}) =>
      listPage('listAccountInvitations', {}, query, OpenInvitations, callOptions.signal),
    iteratePeople: (query = {}, callOptions = {}) =>
      every(client.listPeople(query, callOptions), People, callOptions.signal),

    admin: {
      listAccounts: (callOptions = {}) => result(invoke('listAccounts', {}, callOptions.signal)),
      createAccount: (account, callOptions = {}) =>
        result(invoke('createAccount', { body: account }, callOptions.signal)),
      changePlan: (accountId, change, callOptions = {}) =>
        result(invoke('changePlan', { params: { accountId }, body: change }, callOptions.signal)),
      listKeysOfAccount: (accountId, query = {}, callOptions = {}) =>
        listPage('listKeysOfAccount', { accountId }, query, ApiKeys, callOptions.signal),
      iterateKeysOfAccount: (accountId, query = {}, callOptions = {}) =>
        every(
          client.admin.listKeysOfAccount(accountId, query, callOptions),
          ApiKeys,
          callOptions.signal,
        ),
      getAccountUsage: (accountId, callOptions = {}) =>
        result(invoke('getAccountUsage', { params: { accountId } }, callOptions.signal)),
      createKeyForAccount: (accountId, label, callOptions = {}) =>
        result(
          invoke(
            'createKeyForAccount',
            { params: { accountId }, body: { label } },
            callOptions.signal,
          ),
        ),
      // The 1.0 names, until 2.0.
      /* eslint-disable @typescript-eslint/no-deprecated -- their own definitions */
      listAccountKeys: (accountId, { signal, ...query }: KeysQuery = {}, callOptions = {}) =>
        client.admin.listKeysOfAccount(accountId, query, {
          signal: callOptions.signal ?? signal,
        }),
      iterateAccountKeys: (accountId, query, callOptions) =>
        client.admin.iterateKeysOfAccount(accountId, query, callOptions),
      createAccountKey: (accountId, label, callOptions) =>
        client.admin.createKeyForAccount(accountId, label, callOptions),
      /* eslint-enable @typescript-eslint/no-deprecated */
      revokeKey: (keyId, callOptions = {}) =>
        result(invoke('revokeKey', { params: { keyId } }, callOptions.signal)),
      createInvitationForAccount: (accountId, invitation, callOptions = {}) =>
        result(
          invoke(
            'createInvitationForAccount',
            { params: { accountId }, body: invitation },
            callOptions.signal,
          ),
        ),
      createPasswordReset: (personId, callOptions = {}) =>
        result(invoke('createPasswordReset', { params: { personId } }, callOptions.signal)),
      listPeopleOfAccount: (accountId, query = {}, callOptions = {}) =>
        listPage('listPeopleOfAccount', { accountId }, query, People, callOptions.signal),
      iteratePeopleOfAccount: (accountId, query = {}, callOptions = {}) =>
        every(
          client.admin.listPeopleOfAccount(accountId, query, callOptions),
          People,
          callOptions.signal,
        ),
      deactivatePerson: (personId, callOptions = {}) =>
        result(invoke('deactivatePerson', { params: { personId } }, callOptions.signal)),
      reactivatePerson: (personId, callOptions = {}) =>
        result(invoke('reactivatePerson', { params: { personId } }, callOptions.signal)),
      listInvitationsOfAccount: (accountId, query = {}, callOptions = {}) =>
        listPage(
          'listInvitationsOfAccount',
          { accountId },
          query,
          OpenInvitations,
          callOptions.signal,
        ),
      revokeInvitation: (invitationId, callOptions = {}) =>
        result(invoke('revokeInvitation', { params: { invitationId } }, callOptions.signal)),
      listWebhookEndpointsOfAccount: (accountId, query = {}, callOptions = {}) =>
        listPage(
          'listWebhookEndpointsOfAccount',
          { accountId },
          query,
          WebhookEndpoints,
          callOptions.signal,
        ),
      iterateWebhookEndpointsOfAccount: (accountId, query = {}, callOptions = {}) =>
        every(
          client.admin.listWebhookEndpointsOfAccount(accountId, query, callOptions),
          WebhookEndpoints,
          callOptions.signal,
        ),
      createWebhookEndpointForAccount: async (accountId, endpoint, createOptions = {}) => {
        const { location: _location, ...created } = await idempotentCreate(
          'createWebhookEndpointForAccount',
          endpoint,
          createOptions,
          { accountId },
        );
        return created;
      },
      getWebhookEndpointOfAccount: (accountId, endpointId, callOptions = {}) =>
        result(
          invoke(
            'getWebhookEndpointOfAccount',
            { params: { accountId, endpointId } },
            callOptions.signal,
          ),
        ),
      updateWebhookEndpointOfAccount: (accountId, endpointId, patch, callOptions = {}) =>
        result(
          invoke(
            'updateWebhookEndpointOfAccount',
            { params: { accountId, endpointId }, body: patch },
            callOptions.signal,
          ),
        ),
      deleteWebhookEndpointOfAccount: (accountId, endpointId, callOptions = {}) =>
        result(
          invoke(
            'deleteWebhookEndpointOfAccount',
            { params: { accountId, endpointId } },
            callOptions.signal,
          ),
        ),
      rollWebhookSecretOfAccount: (accountId, endpointId, callOptions = {}) =>
        result(
          invoke(
            'rollWebhookSecretOfAccount',
            { params: { accountId, endpointId } },
            callOptions.signal,
          ),
        ),
      listWebhookAttemptsOfAccount: (accountId, endpointId, query = {}, callOptions = {}) =>
        listPage(
          'listWebhookAttemptsOfAccount',
          { accountId, endpointId },
          query,
          WebhookAttempts,
          callOptions.signal,
        ),
      iterateWebhookAttemptsOfAccount: (accountId, endpointId, query = {}, callOptions = {}) =>
        every(
          client.admin.listWebhookAttemptsOfAccount(accountId, endpointId, query, callOptions),
          WebhookAttempts,
          callOptions.signal,
        ),
      resendWebhookDeliveryOfAccount: (accountId, endpointId, deliveryId, callOptions = {}) =>
        result(
          invoke(
            'resendWebhookDeliveryOfAccount',
            { params: { accountId, endpointId, deliveryId } },
            callOptions.signal,
          ),
        ),
      sendWebhookTestEventOfAccount: (accountId, endpointId, callOptions = {}) =>
        result(
          invoke(
            'sendWebhookTestEventOfAccount',
            { params: { accountId, endpointId } },
            callOptions.signal,
          ),
        ),
      listAudit: (query = {}, callOptions = {}) =>
        listPage('listAudit', {}, query, AuditEvents, callOptions.signal),
      iterateAudit: (query = {}, callOptions = {}) =>
        every(client.admin.listAudit(query, callOptions), AuditEvents, callOptions.signal),
    },

    session: {
      signIn: (credentials, callOptions = {}) =>
        result(invoke('signIn', { body: credentials }, callOptions.signal)),
      getCurrentSession: (callOptions = {}) =>
        result(invoke('getCurrentSession', {}, callOptions.signal)),
      getSignInMethods: (callOptions = {}) =>
        result(invoke('getSignInMethods', {}, callOptions.signal)),
      signOut: (callOptions = {}) => result(invoke('signOut', {}, callOptions.signal)),
      acceptInvitation: (acceptance, callOptions = {}) =>
        result(invoke('acceptInvitation', { body: acceptance }, callOptions.signal)),
      resetPassword: (reset, callOptions = {}) =>
        result(invoke('resetPassword', { body: reset }, callOptions.signal)),
      createInvitation: (invitation, callOptions = {}) =>
        result(invoke('createInvitation', { body: invitation }, callOptions.signal)),
      revokeAccountInvitation: (invitationId, callOptions = {}) =>
        result(invoke('revokeAccountInvitation', { params: { invitationId } }, callOptions.signal)),
      listSessions: (query = {}, callOptions = {}) =>
        listPage('listSessions', {}, query, Sessions, callOptions.signal),
      iterateSessions: (query = {}, callOptions = {}) =>
        every(client.session.listSessions(query, callOptions), Sessions, callOptions.signal),
      endSession: (sessionId, callOptions = {}) =>
        result(invoke('endSession', { params: { sessionId } }, callOptions.signal)),
      endAllSessions: (callOptions = {}) =>
        result(invoke('endAllSessions', {}, callOptions.signal)),
      changePassword: (change, callOptions = {}) =>
        result(invoke('changePassword', { body: change }, callOptions.signal)),
      removePassword: (removal, callOptions = {}) =>
        result(invoke('removePassword', { body: removal }, callOptions.signal)),
      listPasskeys: (query = {}, callOptions = {}) =>
        listPage('listPasskeys', {}, query, Passkeys, callOptions.signal),
      iteratePasskeys: (query = {}, callOptions = {}) =>
        every(client.session.listPasskeys(query, callOptions), Passkeys, callOptions.signal),
      startPasskeyRegistration: (callOptions = {}) =>
        result(invoke('startPasskeyRegistration', {}, callOptions.signal)),
      addPasskey: (passkey, callOptions = {}) =>
        result(invoke('addPasskey', { body: passkey }, callOptions.signal)),
      removePasskey: (passkeyId, callOptions = {}) =>
        result(invoke('removePasskey', { params: { passkeyId } }, callOptions.signal)),
      startPasskeySignIn: (callOptions = {}) =>
        result(invoke('startPasskeySignIn', {}, callOptions.signal)),
      signInWithPasskey: (answer, callOptions = {}) =>
        result(invoke('signInWithPasskey', { body: answer }, callOptions.signal)),
    },
  };
  return client;
}
