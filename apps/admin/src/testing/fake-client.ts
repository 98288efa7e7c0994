import type {
  Account,
  AccountUsage,
  ApiKey,
  ApiResult,
  KeysPage,
  Pet,
  PetsPage,
  PetstoreClient,
  RateLimitState,
} from '@pets/client';
import { PetstoreApiError } from '@pets/client';
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

export const account = (overrides: Partial<Account> = {}): Account => ({
  id: 1,
  name: 'Acme Pets',
  plan: 'free',
  role: 'partner',
  limits: { perMinute: 60, perDay: 1000 },
  createdAt: '2030-01-01T00:00:00.000Z',
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

export const unauthorized = (): PetstoreApiError =>
  apiError({ code: 'invalid_api_key', status: 401, message: 'The API key is not valid.' });

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

/** A client whose every method is a mock; by default the account is a partner's with no keys. */
export function createFakeClient() {
  return {
    listPets: vi.fn<PetstoreClient['listPets']>(() => Promise.resolve(petsPage([]))),
    iteratePets: vi.fn<PetstoreClient['iteratePets']>(),
    createPet: vi.fn<PetstoreClient['createPet']>(notFaked('createPet')),
    // The fake implements the whole interface, the deprecated operation too.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    getPet: vi.fn<(id: number) => Promise<ApiResult<Pet>>>(notFaked('getPet')),
    updatePet: vi.fn<PetstoreClient['updatePet']>(notFaked('updatePet')),
    deletePet: vi.fn<PetstoreClient['deletePet']>(notFaked('deletePet')),
    getAccount: vi.fn<PetstoreClient['getAccount']>(() => Promise.resolve(result(account()))),
    listKeys: vi.fn<PetstoreClient['listKeys']>(() => Promise.resolve(keysPage([]))),
    iterateKeys: vi.fn<PetstoreClient['iterateKeys']>(),
    createKey: vi.fn<PetstoreClient['createKey']>(notFaked('createKey')),
    revokeKey: vi.fn<PetstoreClient['revokeKey']>(notFaked('revokeKey')),
    admin: {
      listAccounts: vi.fn<PetstoreClient['admin']['listAccounts']>(() =>
        Promise.resolve(result([account()])),
      ),
      createAccount: vi.fn<PetstoreClient['admin']['createAccount']>(notFaked('createAccount')),
      changePlan: vi.fn<PetstoreClient['admin']['changePlan']>(notFaked('changePlan')),
      listAccountKeys: vi.fn<PetstoreClient['admin']['listAccountKeys']>(notFaked('listKeys')),
      iterateAccountKeys: vi.fn<PetstoreClient['admin']['iterateAccountKeys']>(),
      getAccountUsage: vi.fn<PetstoreClient['admin']['getAccountUsage']>(
        notFaked('getAccountUsage'),
      ),
      createAccountKey: vi.fn<PetstoreClient['admin']['createAccountKey']>(notFaked('createKey')),
      revokeKey: vi.fn<PetstoreClient['admin']['revokeKey']>(notFaked('revokeKey')),
      createInvitationForAccount: vi.fn<PetstoreClient['admin']['createInvitationForAccount']>(
        notFaked('createInvitationForAccount'),
      ),
      createPasswordReset: vi.fn<PetstoreClient['admin']['createPasswordReset']>(
        notFaked('createPasswordReset'),
      ),
      listAudit: vi.fn<PetstoreClient['admin']['listAudit']>(notFaked('listAudit')),
      iterateAudit: vi.fn<PetstoreClient['admin']['iterateAudit']>(),
    },
    session: {
      signIn: vi.fn<PetstoreClient['session']['signIn']>(notFaked('signIn')),
      getCurrentSession: vi.fn<PetstoreClient['session']['getCurrentSession']>(
        notFaked('getCurrentSession'),
      ),
      signOut: vi.fn<PetstoreClient['session']['signOut']>(notFaked('signOut')),
      acceptInvitation: vi.fn<PetstoreClient['session']['acceptInvitation']>(
        notFaked('acceptInvitation'),
      ),
      resetPassword: vi.fn<PetstoreClient['session']['resetPassword']>(notFaked('resetPassword')),
      createInvitation: vi.fn<PetstoreClient['session']['createInvitation']>(
        notFaked('createInvitation'),
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
