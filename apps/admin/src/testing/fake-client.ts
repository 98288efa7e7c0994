/** The unit tests' fake API client (every method a mock) and factories of the data it answers. */
import type {
  Account,
  AccountUsage,
  AppliedBatch,
  ApiKey,
  ApiResult,
  AuditEvent,
  Category,
  CurrentSession,
  Inventory,
  Invitation,
  KeysPage,
  Page,
  Passkey,
  PasswordResetLink,
  Pet,
  PetBatchItemInput,
  PetBatchResult,
  ListedOrder,
  PetPhoto,
  PetsCsvStream,
  PetsPage,
  Person,
  PetstoreClient,
  RateLimitState,
  Session,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from '@pets/client';
import { PetstoreApiError } from '@pets/client';
import { EMPTY_PROFILE, PROBLEMS } from '@pets/contract';
import { vi } from 'vitest';

export const rateLimit = (remaining = 59, limit = 60): RateLimitState => ({
  limit,
  remaining,
  reset: new Date('2030-01-01T00:01:00Z'),
  policy: `"minute";q=${limit};w=60, "day";q=1000;w=86400`,
});

export const result = <T>(data: T, overrides: Partial<ApiResult<T>> = {}): ApiResult<T> => ({
  data,
  status: 200,
  requestId: 'req-test',
  rateLimit: rateLimit(),
  ...overrides,
});

/** A page of pets; `nextCursor` makes a `next` link like the API's. */
export const petsPage = (pets: Pet[], nextCursor?: string): PetsPage => ({
  ...result(pets),
  next:
    nextCursor === undefined
      ? undefined
      : `http://localhost:3000/v1/pets?limit=20&cursor=${nextCursor}`,
});

export const pet = (id: number, overrides: Partial<Pet> = {}): Pet => ({
  id,
  name: `Pet ${id}`,
  categoryId: 1,
  status: 'available',
  ...overrides,
});

/** A photo of a pet at `position` (the face at 1), its URLs on the test API's origin. */
export const photo = (id: number, overrides: Partial<PetPhoto> = {}): PetPhoto => ({
  id,
  position: 1,
  width: 1080,
  height: 720,
  // A real ThumbHash (of a blue square), as the API makes one.
  thumbhash: 'WSoDBYCHh4iHd4iOh4iIj4eHf4gH',
  urls: {
    small: `http://localhost:3000/photos/key${id}-160.webp`,
    medium: `http://localhost:3000/photos/key${id}-480.webp`,
    large: `http://localhost:3000/photos/key${id}-1080.webp`,
  },
  ...overrides,
});

/** A category in use, with no pets, unless overridden. */
export const category = (
  id: number,
  name: string,
  overrides: Partial<Category> = {},
): Category => ({
  id,
  name,
  archived: false,
  petCount: 0,
  ...overrides,
});

/** The categories a new installation starts with. */
export const STARTING_CATEGORIES: readonly Category[] = [
  'Dogs',
  'Cats',
  'Birds',
  'Fish',
  'Reptiles',
  'Small animals',
].map((name, index) => category(index + 1, name));

export const account = (overrides: Partial<Account> = {}): Account => ({
  id: 1,
  name: 'Acme Pets',
  plan: 'free',
  role: 'partner',
  limits: { perMinute: 60, perDay: 1000 },
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const person = (overrides: Partial<Person> = {}): Person => ({
  id: 3,
  accountId: 1,
  email: 'ann@acme.example',
  name: 'Ann Lee',
  createdAt: '2030-01-01T00:00:00.000Z',
  deactivatedAt: null,
  ...overrides,
});

/** Who `GET /v1/session` says is signed in: Ann of a partner's account unless overridden. */
export const currentSession = (
  overrides: Omit<Partial<CurrentSession>, 'person'> & { person?: Partial<Person> } = {},
): CurrentSession => {
  const { account: of = account(), person: who, ...rest } = overrides;
  return {
    person: person({ accountId: of.id, ...who }),
    account: of,
    hasPassword: true,
    startedAt: '2030-01-01T09:00:00.000Z',
    expiresAt: '2030-01-01T21:00:00.000Z',
    ...rest,
  };
};

const signedIn = new WeakMap<object, ApiResult<CurrentSession>>();

/**
 * Makes the fake API say someone of `of` (an account) is signed in, and remembers it for
 * `renderWithApp`, which renders a page as the router does once that is known.
 */
export function signInAs(client: FakeClient, of: Account, who: Partial<Person> = {}): void {
  const answer = result(currentSession({ account: of, person: who }));
  signedIn.set(client, answer);
  client.session.getCurrentSession.mockResolvedValue(answer);
}

/** Who the fake API says is signed in: set with {@link signInAs}, or Ann of a partner. */
export const signedInOn = (client: FakeClient): ApiResult<CurrentSession> =>
  signedIn.get(client) ?? result(currentSession());

type Shown<T> = Extract<T, { delivery: 'shown' }>;
type Sent<T> = Extract<T, { delivery: 'email' }>;

/** An invitation as the API answers without a mail server: with its link. */
export const invitation = (overrides: Partial<Shown<Invitation>> = {}): Shown<Invitation> => ({
  id: 7,
  accountId: 1,
  email: 'bo@acme.example',
  expiresAt: '2030-01-08T00:00:00.000Z',
  delivery: 'shown',
  link: `http://localhost:3000/admin/welcome#${'s'.repeat(43)}`,
  ...overrides,
});

/** An invitation as the API answers with a mail server (SMTP_URL): e-mailed, no link. */
export const sentInvitation = (overrides: Partial<Sent<Invitation>> = {}): Sent<Invitation> => ({
  id: 7,
  accountId: 1,
  email: 'bo@acme.example',
  expiresAt: '2030-01-08T00:00:00.000Z',
  delivery: 'email',
  sentTo: 'bo@acme.example',
  ...overrides,
});

type UsageWindow = AccountUsage['minute'];

/** An account's usage: a Free plan's limits, nothing used, refused or banned, unless overridden. */
export const usage = (
  overrides: Omit<Partial<AccountUsage>, 'minute' | 'day'> & {
    minute?: Partial<UsageWindow>;
    day?: Partial<UsageWindow>;
  } = {},
): AccountUsage => ({
  refusedToday: 0,
  bannedUntil: null,
  keys: [],
  ...overrides,
  minute: { used: 0, limit: 60, resetsAt: '2030-01-01T00:01:00.000Z', ...overrides.minute },
  day: { used: 0, limit: 1000, resetsAt: '2030-01-02T00:00:00.000Z', ...overrides.day },
});

export const apiKey = (id: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id,
  accountId: 1,
  label: `Key ${id}`,
  prefix: `pets_live_K${id}`,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdBy: { type: 'cli' },
  ...overrides,
});

/** A page of keys; `nextCursor` makes a `next` link like the API's. */
export const keysPage = (keys: ApiKey[], nextCursor?: string): KeysPage => ({
  ...result(keys),
  next:
    nextCursor === undefined
      ? undefined
      : `http://localhost:3000/v1/account/keys?limit=50&cursor=${nextCursor}`,
});

/** A webhook endpoint of account 1, enabled, sent every order event, unless overridden. */
export const webhookEndpoint = (
  id: number,
  overrides: Partial<WebhookEndpoint> = {},
): WebhookEndpoint => ({
  id,
  accountId: 1,
  url: `https://hooks${id}.example.com/petstore`,
  events: ['order.placed', 'order.approved', 'order.delivered', 'order.cancelled'],
  status: 'enabled',
  disabledReason: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  secretPrefix: `whsec_E${id}ab`,
  previousSecretExpiresAt: null,
  ...overrides,
});

export const webhooksPage = (
  endpoints: WebhookEndpoint[],
  nextCursor?: string,
): Page<WebhookEndpoint> => listPage(endpoints, '/v1/account/webhooks?limit=20', nextCursor);

/** An attempt at delivery `deliveryId` (event 200 + it, `order.placed`), answered 200. */
export const webhookAttempt = (
  id: number,
  overrides: Partial<WebhookAttempt> = {},
): WebhookAttempt => ({
  id,
  deliveryId: 30 + id,
  eventId: 200 + id,
  eventType: 'order.placed',
  attempt: 1,
  attemptedAt: '2030-01-02T10:00:00.000Z',
  succeeded: true,
  responseStatus: 200,
  error: null,
  durationMs: 41,
  responseExcerpt: 'ok',
  ...overrides,
});

export const attemptsPage = (
  attempts: WebhookAttempt[],
  nextCursor?: string,
): Page<WebhookAttempt> =>
  listPage(attempts, '/v1/account/webhooks/1/attempts?limit=20', nextCursor);

/** A delivery (of event 205, a test) just made, waiting to be sent. */
export const webhookDelivery = (
  id: number,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery => ({
  id,
  eventId: 205,
  eventType: 'webhook.test',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: '2030-01-02T10:00:01.000Z',
  ...overrides,
});

/** A page of any list at `path` (e.g. `/v1/sessions?limit=20`); `nextCursor` makes a `next` link. */
export const listPage = <T>(items: T[], path: string, nextCursor?: string): Page<T> => ({
  ...result(items),
  next: nextCursor === undefined ? undefined : `http://localhost:3000${path}&cursor=${nextCursor}`,
});

export const categoriesPage = (categories: Category[], nextCursor?: string): Page<Category> =>
  listPage(categories, '/v1/categories?limit=100', nextCursor);

/** An audit event: pet 7's status changed by key 2 of account 1, unless overridden. */
export const auditEvent = (id = 1, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2030-01-01T10:00:00.000Z',
  actor: { accountId: 1, keyId: 2 },
  action: 'pet.updated',
  target: { type: 'pet', id: 7 },
  changes: { status: ['available', 'sold'] },
  ...overrides,
});

export const auditPage = (events: AuditEvent[], nextCursor?: string): Page<AuditEvent> =>
  listPage(events, '/v1/admin/audit?limit=50', nextCursor);

/** An order: order 5, placed by account 1 for pet 12, unless overridden. */
export const order = (id = 5, overrides: Partial<ListedOrder> = {}): ListedOrder => ({
  id,
  petId: 12,
  accountId: 1,
  status: 'placed',
  placedAt: '2030-01-01T09:00:00.000Z',
  updatedAt: '2030-01-01T09:00:00.000Z',
  ...overrides,
});

export const ordersPage = (orders: ListedOrder[], nextCursor?: string): Page<ListedOrder> =>
  listPage(orders, '/v1/store/orders?limit=20', nextCursor);

/**
 * What `streamPetsCsv` answers: the file in these pieces, at once, or each piece after the first
 * once its gate (a promise in `gates`) settles.
 */
export const csvStream = (
  pieces: readonly string[],
  gates: readonly Promise<unknown>[] = [],
): PetsCsvStream => ({
  status: 200,
  requestId: 'req-csv',
  rateLimit: rateLimit(),
  chunks: (async function* () {
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) await gates[index - 1];
      yield piece;
    }
  })(),
});

/** What `batchPets` answers: one result per item, in their order. */
export const batchAnswer = (results: PetBatchResult[]): AppliedBatch => ({
  ...result({ results }),
  idempotencyKey: 'k'.repeat(32),
});

/**
 * A batch the API applies whole: each patch merged into the pet of `pets` it names (a 200 with the
 * pet), each removal a 204; `refuse` answers an item's pet with that error instead.
 */
export const applyBatch =
  (pets: readonly Pet[], refuse: Record<number, PetBatchResult> = {}) =>
  (items: readonly PetBatchItemInput[]): Promise<AppliedBatch> =>
    Promise.resolve(
      batchAnswer(
        items.map((item): PetBatchResult => {
          const refused = refuse[item.petId];
          if (refused) return refused;
          if (item.delete) return { status: 204 };
          const before = pets.find((one) => one.id === item.petId) ?? pet(item.petId);
          return { status: 200, pet: { ...before, ...item.patch } };
        }),
      ),
    );

export const inventory = (overrides: Partial<Inventory> = {}): Inventory => ({
  available: 3,
  pending: 1,
  sold: 2,
  ...overrides,
});

/** A row of the adoptions report by account: `delivered` orders of the account `name`. */
export const adoptionsRow = (
  id: number,
  name: string,
  delivered: number,
  cancelled = 0,
): { account: { id: number; name: string }; delivered: number; cancelled: number } => ({
  account: { id, name },
  delivered,
  cancelled,
});

/** The adoptions report's answer with these rows. */
export const adoptionsReport = (rows: ReturnType<typeof adoptionsRow>[]) => result({ rows });

export const peoplePage = (people: Person[], nextCursor?: string): Page<Person> =>
  listPage(people, '/v1/account/people?limit=50', nextCursor);

/** One of the signed-in person's sessions: Chrome on Linux, not this one, unless overridden. */
export const personSession = (id: number, overrides: Partial<Session> = {}): Session => ({
  id,
  device:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  address: '203.0.113.7',
  startedAt: '2030-01-01T09:00:00.000Z',
  lastUsedAt: '2030-01-01T09:30:00.000Z',
  current: false,
  ...overrides,
});

export const sessionsPage = (sessions: Session[], nextCursor?: string): Page<Session> =>
  listPage(sessions, '/v1/sessions?limit=20', nextCursor);

/** A passkey of the person signed in. */
export const passkey = (id: number, overrides: Partial<Passkey> = {}): Passkey => ({
  id,
  name: `Passkey ${id}`,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

export const passkeysPage = (passkeys: Passkey[], nextCursor?: string): Page<Passkey> =>
  listPage(passkeys, '/v1/session/passkeys?limit=20', nextCursor);

export const passwordResetLink = (
  overrides: Partial<Shown<PasswordResetLink>> = {},
): Shown<PasswordResetLink> => ({
  personId: 3,
  expiresAt: '2030-01-01T01:00:00.000Z',
  delivery: 'shown',
  link: `http://localhost:3000/admin/set-password#${'r'.repeat(43)}`,
  ...overrides,
});

/** A reset link as the API answers with a mail server: e-mailed, no link. */
export const sentResetLink = (
  overrides: Partial<Sent<PasswordResetLink>> = {},
): Sent<PasswordResetLink> => ({
  personId: 3,
  expiresAt: '2030-01-01T01:00:00.000Z',
  delivery: 'email',
  sentTo: 'ann@acme.example',
  ...overrides,
});

export const apiError = (
  init: Partial<ConstructorParameters<typeof PetstoreApiError>[0]> = {},
): PetstoreApiError =>
  new PetstoreApiError({
    kind: 'api',
    code: 'internal_error',
    status: 500,
    message: 'Internal error.',
    ...init,
  });

/** The API's 400 for a body it refuses: `field` and its `issue`. */
export const invalidBody = (
  field: string,
  issue: string,
  message = 'The request body is invalid.',
): PetstoreApiError =>
  apiError({ code: 'invalid_body', status: 400, message, details: [{ field, issue }] });

/** The API's 400 for a one-time link's secret it refuses, as `problem` with `issue`. */
export const refusedToken = (
  problem: Pick<ConstructorParameters<typeof PetstoreApiError>[0], 'code' | 'message'>,
  issue: string,
): PetstoreApiError => apiError({ ...problem, status: 400, details: [{ field: 'token', issue }] });

/** The 401 of a session that has ended (or of no session at all). */
export const sessionEnded = (): PetstoreApiError =>
  apiError({ ...PROBLEMS.sessionEnded, status: 401 });

export const wrongPassword = (): PetstoreApiError =>
  apiError({ ...PROBLEMS.invalidCredentials, status: 401 });

export const rateLimited = (retryAfter: number): PetstoreApiError =>
  apiError({
    code: 'rate_limited',
    status: 429,
    message: `Rate limit of 60 requests per minute exceeded. Retry after ${retryAfter} seconds.`,
    retryAfter,
    rateLimit: rateLimit(0),
  });

const notFaked = (name: string) => () =>
  Promise.reject(new Error(`${name} is not faked in this test`));

/**
 * A client whose every method is a mock; by default Ann of a partner's account is signed in, with
 * this one session, the account has no keys and no people, and the categories are a new
 * installation's.
 */
export function createFakeClient() {
  return {
    listPets: vi.fn<PetstoreClient['listPets']>(() => Promise.resolve(petsPage([]))),
    iteratePets: vi.fn<PetstoreClient['iteratePets']>(),
    createPet: vi.fn<PetstoreClient['createPet']>(notFaked('createPet')),
    // The fake implements the whole interface, the deprecated operation too.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    getPet: vi.fn<(id: number) => Promise<ApiResult<Pet>>>(notFaked('getPet')),
    updatePet: vi.fn<PetstoreClient['updatePet']>(notFaked('updatePet')),
    batchPets: vi.fn<PetstoreClient['batchPets']>(notFaked('batchPets')),
    exportPetsCsv: vi.fn<PetstoreClient['exportPetsCsv']>(notFaked('exportPetsCsv')),
    streamPetsCsv: vi.fn<PetstoreClient['streamPetsCsv']>(notFaked('streamPetsCsv')),
    getAdoptionsReport: vi.fn<PetstoreClient['getAdoptionsReport']>(notFaked('getAdoptionsReport')),
    deletePet: vi.fn<PetstoreClient['deletePet']>(notFaked('deletePet')),
    // The pet's page reads its profile and photos: none described, none added, unless a test says.
    getPetProfile: vi.fn<PetstoreClient['getPetProfile']>(() =>
      Promise.resolve(result(EMPTY_PROFILE)),
    ),
    updatePetProfile: vi.fn<PetstoreClient['updatePetProfile']>(notFaked('updatePetProfile')),
    listPetPhotos: vi.fn<PetstoreClient['listPetPhotos']>(() => Promise.resolve(result([]))),
    uploadPetPhoto: vi.fn<PetstoreClient['uploadPetPhoto']>(notFaked('uploadPetPhoto')),
    movePetPhoto: vi.fn<PetstoreClient['movePetPhoto']>(notFaked('movePetPhoto')),
    removePetPhoto: vi.fn<PetstoreClient['removePetPhoto']>(notFaked('removePetPhoto')),
    listEvents: vi.fn<PetstoreClient['listEvents']>(notFaked('listEvents')),
    iterateEvents: vi.fn<PetstoreClient['iterateEvents']>(),
    listCategories: vi.fn<PetstoreClient['listCategories']>(() =>
      Promise.resolve(categoriesPage([...STARTING_CATEGORIES])),
    ),
    iterateCategories: vi.fn<PetstoreClient['iterateCategories']>(),
    getCategory: vi.fn<PetstoreClient['getCategory']>(notFaked('getCategory')),
    createCategory: vi.fn<PetstoreClient['createCategory']>(notFaked('createCategory')),
    updateCategory: vi.fn<PetstoreClient['updateCategory']>(notFaked('updateCategory')),
    listOrders: vi.fn<PetstoreClient['listOrders']>(() => Promise.resolve(ordersPage([]))),
    iterateOrders: vi.fn<PetstoreClient['iterateOrders']>(),
    placeOrder: vi.fn<PetstoreClient['placeOrder']>(notFaked('placeOrder')),
    getOrder: vi.fn<PetstoreClient['getOrder']>(notFaked('getOrder')),
    approveOrder: vi.fn<PetstoreClient['approveOrder']>(notFaked('approveOrder')),
    deliverOrder: vi.fn<PetstoreClient['deliverOrder']>(notFaked('deliverOrder')),
    cancelOrder: vi.fn<PetstoreClient['cancelOrder']>(notFaked('cancelOrder')),
    getInventory: vi.fn<PetstoreClient['getInventory']>(() => Promise.resolve(result(inventory()))),
    getAccount: vi.fn<PetstoreClient['getAccount']>(() => Promise.resolve(result(account()))),
    listAccountKeys: vi.fn<PetstoreClient['listAccountKeys']>(() => Promise.resolve(keysPage([]))),
    iterateAccountKeys: vi.fn<PetstoreClient['iterateAccountKeys']>(),
    createAccountKey: vi.fn<PetstoreClient['createAccountKey']>(notFaked('createAccountKey')),
    revokeAccountKey: vi.fn<PetstoreClient['revokeAccountKey']>(notFaked('revokeAccountKey')),
    // The 1.0 names, which the app must not use (a call fails the test).
    /* eslint-disable @typescript-eslint/no-deprecated */
    listKeys: vi.fn<PetstoreClient['listKeys']>(notFaked('listKeys')),
    iterateKeys: vi.fn<PetstoreClient['iterateKeys']>(),
    createKey: vi.fn<PetstoreClient['createKey']>(notFaked('createKey')),
    revokeKey: vi.fn<PetstoreClient['revokeKey']>(notFaked('revokeKey')),
    /* eslint-enable @typescript-eslint/no-deprecated */
    // The account has no webhook endpoints unless a test says.
    listWebhookEndpoints: vi.fn<PetstoreClient['listWebhookEndpoints']>(() =>
      Promise.resolve(webhooksPage([])),
    ),
    iterateWebhookEndpoints: vi.fn<PetstoreClient['iterateWebhookEndpoints']>(),
    createWebhookEndpoint: vi.fn<PetstoreClient['createWebhookEndpoint']>(
      notFaked('createWebhookEndpoint'),
    ),
    getWebhookEndpoint: vi.fn<PetstoreClient['getWebhookEndpoint']>(notFaked('getWebhookEndpoint')),
    updateWebhookEndpoint: vi.fn<PetstoreClient['updateWebhookEndpoint']>(
      notFaked('updateWebhookEndpoint'),
    ),
    deleteWebhookEndpoint: vi.fn<PetstoreClient['deleteWebhookEndpoint']>(
      notFaked('deleteWebhookEndpoint'),
    ),
    rollWebhookSecret: vi.fn<PetstoreClient['rollWebhookSecret']>(notFaked('rollWebhookSecret')),
    listWebhookAttempts: vi.fn<PetstoreClient['listWebhookAttempts']>(
      notFaked('listWebhookAttempts'),
    ),
    iterateWebhookAttempts: vi.fn<PetstoreClient['iterateWebhookAttempts']>(),
    resendWebhookDelivery: vi.fn<PetstoreClient['resendWebhookDelivery']>(
      notFaked('resendWebhookDelivery'),
    ),
    sendWebhookTestEvent: vi.fn<PetstoreClient['sendWebhookTestEvent']>(
      notFaked('sendWebhookTestEvent'),
    ),
    getOpenApiDocument: vi.fn<PetstoreClient['getOpenApiDocument']>(notFaked('getOpenApiDocument')),
    listPeople: vi.fn<PetstoreClient['listPeople']>(() => Promise.resolve(peoplePage([]))),
    iteratePeople: vi.fn<PetstoreClient['iteratePeople']>(),
    listAccountInvitations: vi.fn<PetstoreClient['listAccountInvitations']>(
      notFaked('listAccountInvitations'),
    ),
    admin: {
      listAccounts: vi.fn<PetstoreClient['admin']['listAccounts']>(() =>
        Promise.resolve(result([account()])),
      ),
      createAccount: vi.fn<PetstoreClient['admin']['createAccount']>(notFaked('createAccount')),
      changePlan: vi.fn<PetstoreClient['admin']['changePlan']>(notFaked('changePlan')),
      listKeysOfAccount: vi.fn<PetstoreClient['admin']['listKeysOfAccount']>(
        notFaked('listKeysOfAccount'),
      ),
      iterateKeysOfAccount: vi.fn<PetstoreClient['admin']['iterateKeysOfAccount']>(),
      getAccountUsage: vi.fn<PetstoreClient['admin']['getAccountUsage']>(
        notFaked('getAccountUsage'),
      ),
      createKeyForAccount: vi.fn<PetstoreClient['admin']['createKeyForAccount']>(
        notFaked('createKeyForAccount'),
      ),
      revokeKey: vi.fn<PetstoreClient['admin']['revokeKey']>(notFaked('revokeKey')),
      // The 1.0 names, which the app must not use (a call fails the test).
      /* eslint-disable @typescript-eslint/no-deprecated */
      listAccountKeys: vi.fn<PetstoreClient['admin']['listAccountKeys']>(
        notFaked('listAccountKeys'),
      ),
      iterateAccountKeys: vi.fn<PetstoreClient['admin']['iterateAccountKeys']>(),
      createAccountKey: vi.fn<PetstoreClient['admin']['createAccountKey']>(
        notFaked('createAccountKey'),
      ),
      /* eslint-enable @typescript-eslint/no-deprecated */
      createInvitationForAccount: vi.fn<PetstoreClient['admin']['createInvitationForAccount']>(
        notFaked('createInvitationForAccount'),
      ),
      createPasswordReset: vi.fn<PetstoreClient['admin']['createPasswordReset']>(
        notFaked('createPasswordReset'),
      ),
      listPeopleOfAccount: vi.fn<PetstoreClient['admin']['listPeopleOfAccount']>(() =>
        Promise.resolve(peoplePage([])),
      ),
      iteratePeopleOfAccount: vi.fn<PetstoreClient['admin']['iteratePeopleOfAccount']>(),
      deactivatePerson: vi.fn<PetstoreClient['admin']['deactivatePerson']>(
        notFaked('deactivatePerson'),
      ),
      reactivatePerson: vi.fn<PetstoreClient['admin']['reactivatePerson']>(
        notFaked('reactivatePerson'),
      ),
      listInvitationsOfAccount: vi.fn<PetstoreClient['admin']['listInvitationsOfAccount']>(
        notFaked('listInvitationsOfAccount'),
      ),
      revokeInvitation: vi.fn<PetstoreClient['admin']['revokeInvitation']>(
        notFaked('revokeInvitation'),
      ),
      listWebhookEndpointsOfAccount: vi.fn<
        PetstoreClient['admin']['listWebhookEndpointsOfAccount']
      >(() => Promise.resolve(webhooksPage([]))),
      iterateWebhookEndpointsOfAccount:
        vi.fn<PetstoreClient['admin']['iterateWebhookEndpointsOfAccount']>(),
      createWebhookEndpointForAccount: vi.fn<
        PetstoreClient['admin']['createWebhookEndpointForAccount']
      >(notFaked('createWebhookEndpointForAccount')),
      getWebhookEndpointOfAccount: vi.fn<PetstoreClient['admin']['getWebhookEndpointOfAccount']>(
        notFaked('getWebhookEndpointOfAccount'),
      ),
      updateWebhookEndpointOfAccount: vi.fn<
        PetstoreClient['admin']['updateWebhookEndpointOfAccount']
      >(notFaked('updateWebhookEndpointOfAccount')),
      deleteWebhookEndpointOfAccount: vi.fn<
        PetstoreClient['admin']['deleteWebhookEndpointOfAccount']
      >(notFaked('deleteWebhookEndpointOfAccount')),
      rollWebhookSecretOfAccount: vi.fn<PetstoreClient['admin']['rollWebhookSecretOfAccount']>(
        notFaked('rollWebhookSecretOfAccount'),
      ),
      listWebhookAttemptsOfAccount: vi.fn<PetstoreClient['admin']['listWebhookAttemptsOfAccount']>(
        notFaked('listWebhookAttemptsOfAccount'),
      ),
      iterateWebhookAttemptsOfAccount:
        vi.fn<PetstoreClient['admin']['iterateWebhookAttemptsOfAccount']>(),
      resendWebhookDeliveryOfAccount: vi.fn<
        PetstoreClient['admin']['resendWebhookDeliveryOfAccount']
      >(notFaked('resendWebhookDeliveryOfAccount')),
      sendWebhookTestEventOfAccount: vi.fn<
        PetstoreClient['admin']['sendWebhookTestEventOfAccount']
      >(notFaked('sendWebhookTestEventOfAccount')),
      listAudit: vi.fn<PetstoreClient['admin']['listAudit']>(notFaked('listAudit')),
      iterateAudit: vi.fn<PetstoreClient['admin']['iterateAudit']>(),
    },
    session: {
      signIn: vi.fn<PetstoreClient['session']['signIn']>(notFaked('signIn')),
      getCurrentSession: vi.fn<PetstoreClient['session']['getCurrentSession']>(() =>
        Promise.resolve(result(currentSession())),
      ),
      getSignInMethods: vi.fn<PetstoreClient['session']['getSignInMethods']>(() =>
        Promise.resolve(result({ singleSignOn: null, passkeys: false })),
      ),
      signOut: vi.fn<PetstoreClient['session']['signOut']>(notFaked('signOut')),
      acceptInvitation: vi.fn<PetstoreClient['session']['acceptInvitation']>(
        notFaked('acceptInvitation'),
      ),
      resetPassword: vi.fn<PetstoreClient['session']['resetPassword']>(notFaked('resetPassword')),
      createInvitation: vi.fn<PetstoreClient['session']['createInvitation']>(
        notFaked('createInvitation'),
      ),
      revokeAccountInvitation: vi.fn<PetstoreClient['session']['revokeAccountInvitation']>(
        notFaked('revokeAccountInvitation'),
      ),
      listSessions: vi.fn<PetstoreClient['session']['listSessions']>(() =>
        Promise.resolve(sessionsPage([personSession(1, { current: true })])),
      ),
      iterateSessions: vi.fn<PetstoreClient['session']['iterateSessions']>(),
      endSession: vi.fn<PetstoreClient['session']['endSession']>(notFaked('endSession')),
      endAllSessions: vi.fn<PetstoreClient['session']['endAllSessions']>(
        notFaked('endAllSessions'),
      ),
      changePassword: vi.fn<PetstoreClient['session']['changePassword']>(
        notFaked('changePassword'),
      ),
      removePassword: vi.fn<PetstoreClient['session']['removePassword']>(
        notFaked('removePassword'),
      ),
      listPasskeys: vi.fn<PetstoreClient['session']['listPasskeys']>(() =>
        Promise.resolve(passkeysPage([])),
      ),
      iteratePasskeys: vi.fn<PetstoreClient['session']['iteratePasskeys']>(),
      startPasskeyRegistration: vi.fn<PetstoreClient['session']['startPasskeyRegistration']>(
        notFaked('startPasskeyRegistration'),
      ),
      addPasskey: vi.fn<PetstoreClient['session']['addPasskey']>(notFaked('addPasskey')),
      removePasskey: vi.fn<PetstoreClient['session']['removePasskey']>(notFaked('removePasskey')),
      startPasskeySignIn: vi.fn<PetstoreClient['session']['startPasskeySignIn']>(
        notFaked('startPasskeySignIn'),
      ),
      signInWithPasskey: vi.fn<PetstoreClient['session']['signInWithPasskey']>(
        notFaked('signInWithPasskey'),
      ),
    },
  } satisfies PetstoreClient;
}

export type FakeClient = ReturnType<typeof createFakeClient>;

/** A promise to settle from the test, to look at the page while a call is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
