// The client against a fake API: the requests each operation sends, its answers checked against the
// contract, paging, retries and holding back after a 429, timeouts, cancelling and errors.
import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';
import type {
  Account,
  AccountUsage,
  ApiKey,
  Category,
  CreatedApiKey,
  CurrentSession,
  Inventory,
  Invitation,
  Order,
  Passkey,
  PasswordResetLink,
  Person,
  Session,
  WebhookEndpoint,
} from '@pets/contract';
import { createPet, createNewPet, createPetPhoto } from '@pets/contract/testing';
import { EMPTY_PROFILE, OPERATIONS, PHOTO_BYTES_MAX } from '@pets/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPetstoreClient, type PetstoreClient, type PetstoreClientOptions } from './client.js';
import { PetstoreApiError } from './errors.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}`, ...headers },
  });

const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { code, message: `${code} happened`, status }, headers);

const START = Date.UTC(2030, 0, 1);

/**
 * A fake API: answers in order, records every request (and the options fetch got, which a `Request`
 * fills in with defaults), and a clock that sleeping (or `advance`) moves.
 */
function fake(replies: Reply[], options: Partial<PetstoreClientOptions> = {}) {
  const requests: Request[] = [];
  const inits: (RequestInit | undefined)[] = [];
  const sleeps: number[] = [];
  let clock = START;
  const client = createPetstoreClient({
    baseUrl: 'http://api.test/v1',
    apiKey: 'pets_test_key',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      inits.push(init);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('No more replies');
      if (reply instanceof Error) throw reply;
      return typeof reply === 'function' ? reply(request) : reply;
    },
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    now: () => clock,
    random: () => 0.5,
    ...options,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { client, requests, inits, sleeps, advance };
}

const caught = async (promise: Promise<unknown>): Promise<PetstoreApiError> => {
  const result = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(result instanceof PetstoreApiError))
    throw new Error(`expected a PetstoreApiError, got ${String(result)}`);
  return result;
};

describe('listPets', () => {
  it('sends the key and the query, validates the answer, and reports its rate limit and request id', async () => {
    const { client, requests } = fake([
      json(200, [createPet()], {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '41',
        'x-ratelimit-reset': '1893456060',
        'ratelimit-policy': '"minute";q=60;w=60, "day";q=1000;w=86400',
        link: '<http://api.test/v1/pets?limit=5&status=sold&cursor=abc>; rel="next"',
      }),
    ]);
    const page = await client.listPets({ limit: 5, status: 'sold' });
    expect(requests[0]?.url).toBe('http://api.test/v1/pets?limit=5&status=sold');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer pets_test_key');
    expect(page).toEqual({
      data: [createPet()],
      status: 200,
      requestId: 'req-200',
      rateLimit: {
        limit: 60,
        remaining: 41,
        reset: new Date(1893456060 * 1000),
        policy: '"minute";q=60;w=60, "day";q=1000;w=86400',
      },
      next: 'http://api.test/v1/pets?limit=5&status=sold&cursor=abc',
    });
  });

  it('sends the search and the order as given', async () => {
    const { client, requests } = fake([json(200, [createPet()])]);
    await client.listPets({ q: ' Café jr', sort: '-name', limit: 2 });
    expect(requests[0]?.url).toBe('http://api.test/v1/pets?limit=2&sort=-name&q=+Caf%C3%A9+jr');
  });

  it('refuses an answer that is not a list of pets', async () => {
    const { client } = fake([json(200, [{ ...createPet(), id: '1' }])]);
    const failure = await caught(client.listPets());
    expect(failure).toMatchObject({
      kind: 'invalid_response',
      code: 'invalid_response',
      status: 200,
      requestId: 'req-200',
    });
  });

  it('never follows a link to another host with the key', async () => {
    const { client } = fake([
      json(200, [], { link: '<https://evil.example/v1/pets?cursor=x>; rel="next"' }),
    ]);
    expect(await caught(client.listPets())).toMatchObject({ kind: 'invalid_response' });
  });
});

describe('answers with fields this version does not know', () => {
  it('are accepted, and the unknown fields dropped, at every depth', async () => {
    const pet = createPet({ id: 7 });
    const event = {
      id: 1,
      at: '2030-01-01T00:00:00.000Z',
      actor: { accountId: 2, keyId: 3, team: 'Acme' },
      action: 'pet.updated',
      target: { type: 'pet', id: 7, url: '/v1/pets/7' },
      changes: { status: ['available', 'sold'] },
      ip: '192.0.2.1',
    };
    const { client } = fake([json(200, [{ ...pet, ownerAccountId: 2 }]), json(200, [event])]);
    expect((await client.listPets()).data).toEqual([pet]);
    expect((await client.admin.listAudit()).data).toEqual([
      {
        id: 1,
        at: '2030-01-01T00:00:00.000Z',
        actor: { accountId: 2, keyId: 3 },
        action: 'pet.updated',
        target: { type: 'pet', id: 7 },
        changes: { status: ['available', 'sold'] },
      },
    ]);
  });

  it('and so are errors', async () => {
    const { client } = fake([
      json(409, {
        code: 'invalid_transition',
        message: 'no',
        status: 409,
        docs: 'https://example.test/errors',
        details: [{ field: 'status', issue: 'sold → pending is not allowed', hint: 'ask staff' }],
      }),
    ]);
    expect(await caught(client.updatePet(7, { status: 'pending' }))).toMatchObject({
      kind: 'api',
      code: 'invalid_transition',
      details: [{ field: 'status', issue: 'sold → pending is not allowed' }],
    });
  });

  it('but a known field missing or of another type is still an invalid answer', async () => {
    const { id: _, ...withoutId } = createPet();
    const { client } = fake([
      json(200, [withoutId]),
      json(200, [
        {
          id: 1,
          at: 'x',
          actor: 'cli',
          action: 'pet.updated',
          target: { type: 'pet', id: '7' },
          changes: {},
        },
      ]),
    ]);
    expect(await caught(client.listPets())).toMatchObject({ kind: 'invalid_response' });
    expect(await caught(client.admin.listAudit())).toMatchObject({ kind: 'invalid_response' });
  });
});

describe('errors', () => {
  it('an error body becomes PetstoreApiError with everything the API said', async () => {
    const { client } = fake([
      json(400, {
        code: 'invalid_query',
        message: 'bad',
        status: 400,
        details: [{ field: 'limit', issue: 'must be an integer from 1 to 100' }],
      }),
    ]);
    const failure = await caught(client.listPets({ limit: 0 }));
    expect(failure).toBeInstanceOf(PetstoreApiError);
    expect(failure).toMatchObject({
      kind: 'api',
      code: 'invalid_query',
      message: 'bad',
      status: 400,
      requestId: 'req-400',
      details: [{ field: 'limit', issue: 'must be an integer from 1 to 100' }],
      isNetworkError: false,
    });
  });

  it('an error without the contract body is invalid_response', async () => {
    const { client } = fake([new Response('<html>Bad gateway</html>', { status: 502 })]);
    expect(await caught(client.listPets())).toMatchObject({
      kind: 'invalid_response',
      status: 502,
    });
  });

  it('network failures and timeouts are told apart from API errors', async () => {
    const network = fake([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
    ]);
    expect(await caught(network.client.listPets())).toMatchObject({
      kind: 'network',
      code: 'network_error',
      status: undefined,
      isNetworkError: true,
    });

    const slow = fake([], {
      timeoutMs: 20,
      retry: { retries: 0 },
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason as Error);
          });
        }),
    });
    expect(await caught(slow.client.listPets())).toMatchObject({
      kind: 'timeout',
      code: 'timeout',
      isNetworkError: true,
    });
  });
});

describe('retries', () => {
  it('on 429 waits Retry-After plus full jitter, with exponential steps', async () => {
    const { client, sleeps } = fake([
      error(429, 'rate_limited', { 'retry-after': '2' }),
      error(429, 'rate_limited', { 'retry-after': '1' }),
      json(200, []),
    ]);
    await client.listPets();
    // random 0.5: half of 250 ms, then half of 500 ms; the second wait first honours what is left of the first block.
    expect(sleeps).toEqual([2000 + 125, 1000 + 250]);
  });

  it('keeps jitter within [Retry-After, Retry-After + step], capped by maxDelayMs', async () => {
    for (const random of [0, 0.999999]) {
      const { client, sleeps } = fake(
        [
          error(503, 'service_unavailable', { 'retry-after': '1' }),
          error(503, 'service_unavailable'),
          error(503, 'service_unavailable'),
          json(200, []),
        ],
        { random: () => random, retry: { baseDelayMs: 1000, maxDelayMs: 1500 } },
      );
      await client.listPets();
      if (random === 0) expect(sleeps).toEqual([1000, 0, 0]);
      else expect(sleeps).toEqual([1000 + 999, 1499, 1499]);
    }
  });

  it('never retries a banned key, or a 4xx other than 429, or a 500', async () => {
    for (const reply of [
      error(429, 'api_key_banned', { 'retry-after': '900' }),
      error(400, 'invalid_query'),
      error(401, 'invalid_api_key'),
      error(404, 'not_found'),
      error(500, 'internal_error'),
    ]) {
      const { client, requests, sleeps } = fake([reply, json(200, [])]);
      await caught(client.listPets());
      expect(requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    }
  });

  it('gives up after the configured retries with the last error', async () => {
    const { client, requests } = fake(
      [
        error(503, 'service_unavailable'),
        error(503, 'service_unavailable'),
        error(503, 'service_unavailable'),
      ],
      { retry: { retries: 2 } },
    );
    expect(await caught(client.listPets())).toMatchObject({
      code: 'service_unavailable',
      status: 503,
    });
    expect(requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs (a daily limit): the error carries it', async () => {
    const { client, requests, sleeps } = fake([
      error(429, 'rate_limited', { 'retry-after': '3600' }),
    ]);
    expect(await caught(client.listPets())).toMatchObject({
      code: 'rate_limited',
      retryAfter: 3600,
    });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('after a 429, the next call holds back until Retry-After has passed', async () => {
    const { client, sleeps } = fake(
      [error(429, 'rate_limited', { 'retry-after': '5' }), json(200, [])],
      { retry: { retries: 0 } },
    );
    await caught(client.listPets());
    await client.listPets();
    expect(sleeps).toEqual([5000]);
  });

  it('an AbortSignal stops waiting', async () => {
    const controller = new AbortController();
    const { client } = fake([error(429, 'rate_limited', { 'retry-after': '30' })], {
      sleep: abortingSleep(controller),
    });
    expect(await caught(client.listPets({}, { signal: controller.signal }))).toMatchObject({
      kind: 'aborted',
    });
  });
});

describe('createPet', () => {
  it('sends an Idempotency-Key it makes, and the same one on every retry', async () => {
    const { client, requests } = fake([
      new TypeError('socket hang up'),
      error(503, 'service_unavailable'),
      json(201, createPet({ id: 7 }), { location: 'http://api.test/v1/pets/7' }),
    ]);
    const created = await client.createPet(createNewPet());
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(created).toMatchObject({
      data: createPet({ id: 7 }),
      status: 201,
      idempotencyKey: keys[0],
      location: 'http://api.test/v1/pets/7',
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(await requests[0]?.text()).toBe(JSON.stringify(createNewPet()));
  });

  it('uses the key it is given, and a new one per call otherwise', async () => {
    const { client, requests } = fake([
      json(201, createPet()),
      json(201, createPet({ id: 2 })),
      json(201, createPet({ id: 3 })),
    ]);
    await client.createPet(createNewPet(), { idempotencyKey: 'order-1' });
    await client.createPet(createNewPet());
    await client.createPet(createNewPet());
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('order-1');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('does not retry a validation error', async () => {
    const { client, requests } = fake([
      json(400, {
        code: 'invalid_body',
        message: 'x',
        status: 400,
        details: [{ field: 'name', issue: 'must not be empty' }],
      }),
    ]);
    const failure = await caught(client.createPet(createNewPet({ name: '' })));
    expect(failure.details).toEqual([{ field: 'name', issue: 'must not be empty' }]);
    expect(requests).toHaveLength(1);
  });
});

describe('iteratePets', () => {
  it('follows Link: rel="next" to the last page', async () => {
    const { client, requests } = fake([
      json(200, [createPet({ id: 1 }), createPet({ id: 2 })], {
        link: '<http://api.test/v1/pets?limit=2&cursor=a>; rel="next"',
      }),
      json(200, [createPet({ id: 3 }), createPet({ id: 4 })], {
        link: '<http://api.test/v1/pets?limit=2&cursor=b>; rel="next"',
      }),
      json(200, [createPet({ id: 5 })]),
    ]);
    expect(await idsOf(client.iteratePets({ limit: 2 }))).toEqual([1, 2, 3, 4, 5]);
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/pets?limit=2',
      'http://api.test/v1/pets?limit=2&cursor=a',
      'http://api.test/v1/pets?limit=2&cursor=b',
    ]);
  });
});

describe('getPet', () => {
  it('fetches one pet', async () => {
    const { client, requests } = fake([json(200, createPet({ id: 9 }))]);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated operation is still served and tested
    expect((await client.getPet(9)).data).toEqual(createPet({ id: 9 }));
    expect(requests[0]?.url).toBe('http://api.test/v1/pets/9');
  });
});

/** A request that gets no answer: it fails when its signal aborts (should that never happen, 200 after a second). */
const noAnswer = (request: Request) =>
  new Promise<Response>((resolve, reject) => {
    const giveUp = setTimeout(() => {
      resolve(json(200, []));
    }, 1000);
    request.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(giveUp);
        reject(request.signal.reason as Error);
      },
      { once: true },
    );
  });

/** A page of `items` whose next link leaves the API for another host. */
const nextElsewhere = (items: unknown[], pathAndQuery: string) =>
  json(200, items, { link: `<http://elsewhere.test/v1${pathAndQuery}>; rel="next"` });

/** Iterating stops at a next link outside the API with invalid_response, and never requests it. */
async function expectNextElsewhereRefused(
  item: unknown,
  pathAndQuery: string,
  iterate: (client: PetstoreClient) => AsyncIterator<unknown>,
): Promise<void> {
  const { client, requests } = fake([nextElsewhere([item], pathAndQuery)]);
  expect(await caught(iterate(client).next())).toMatchObject({ kind: 'invalid_response' });
  expect(requests).toHaveLength(1);
}

const headersOf = (request: Request | undefined) => Object.fromEntries(request?.headers ?? []);

/** What a call answers when the fake API sends `data` with `status` and no rate-limit headers. */
const answered = (data: unknown, status: number) => ({
  data,
  status,
  requestId: `req-${status}`,
  rateLimit: undefined,
});

/** What the client sent: the method, the address and the body ('' for none). */
const sentOf = async (request: Request | undefined) => ({
  method: request?.method,
  url: request?.url,
  body: await request?.text(),
});

/** The addresses the client requested, in order. */
const urlsOf = (requests: Request[]) => requests.map((request) => request.url);

/** The ids an iterator yields, page after page. */
async function idsOf(items: AsyncIterable<{ id: number }>): Promise<number[]> {
  const ids: number[] = [];
  for await (const item of items) ids.push(item.id);
  return ids;
}

/** A sleep that aborts `controller` as it starts waiting, and fails when its signal aborts. */
const abortingSleep =
  (controller: AbortController): NonNullable<PetstoreClientOptions['sleep']> =>
  (_ms, signal) =>
    new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => {
        reject(new Error('aborted'));
      });
      controller.abort();
    });

/**
 * `listPets` with the signal of `controller` fails as cancelled, not as a network failure, and the
 * client made one request in all.
 */
async function expectCancelledListing(
  { client, requests }: ReturnType<typeof fake>,
  controller: AbortController,
) {
  const failure = await caught(client.listPets({}, { signal: controller.signal }));
  expect(failure).toMatchObject({ kind: 'aborted', code: 'aborted', isNetworkError: false });
  expect(failure.message).toContain('aborted');
  expect(requests).toHaveLength(1);
}

/** A client without a key, as the admin app is: a person's session cookie speaks for it. */
const withoutKey = (replies: Reply[], options: Partial<PetstoreClientOptions> = {}) =>
  fake(replies, { apiKey: undefined, ...options });

/** The 204 of a session operation, setting the session cookie. */
const noContent = () =>
  new Response(null, {
    status: 204,
    headers: { 'x-request-id': 'req-204', 'set-cookie': '__Host-pets_session=s; Secure' },
  });

/** A call given the caller's signal. */
type Cancellable = (client: PetstoreClient, signal: AbortSignal) => Promise<unknown>;

/**
 * Each call, with a signal aborted before it starts, fails as `aborted`; its one request carries
 * the signal. The client is `start`'s, which answers `answer()` to a request let through.
 */
async function expectEachCancelled(
  calls: Cancellable[],
  start: typeof fake = withoutKey,
  answer: () => Response = noContent,
) {
  for (const call of calls) {
    const controller = new AbortController();
    controller.abort();
    const { client, requests } = start([
      (request) => {
        request.signal.throwIfAborted();
        return answer();
      },
    ]);
    expect(await caught(call(client, controller.signal))).toMatchObject({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  }
}

/** Failures after which the client cannot know whether the API acted (timeouts at `timeoutMs: 5`). */
const uncertainFailures = (): Reply[] => [
  error(503, 'service_unavailable'),
  new TypeError('socket hang up'),
  noAnswer,
];

/**
 * A call that may have worked is not sent again after any of `failures`, nor waited on: one
 * request, without an Idempotency-Key. The client is `start`'s, answering `answer()` to a repeat.
 */
async function expectNotRepeated(
  call: (client: PetstoreClient) => Promise<unknown>,
  {
    start = withoutKey,
    failures = uncertainFailures(),
    answer = noContent,
  }: { start?: typeof fake; failures?: Reply[]; answer?: () => Response } = {},
) {
  for (const reply of failures) {
    const { client, requests, sleeps } = start([reply, answer()], { timeoutMs: 5 });
    await caught(call(client));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('idempotency-key')).toBeNull();
    expect(sleeps).toEqual([]);
  }
}

describe('the requests it sends', () => {
  it('a read carries the key and asks for JSON, with no body, content type or Idempotency-Key', async () => {
    const { client, requests } = fake([json(200, [])]);
    await client.listPets();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('http://api.test/v1/pets');
    expect(headersOf(requests[0])).toEqual({
      authorization: 'Bearer pets_test_key',
      accept: 'application/json',
    });
    expect(requests[0]?.body).toBeNull();
  });

  it('listPets sends only the query parameters it is given', async () => {
    const cases = [
      { query: {}, url: 'http://api.test/v1/pets' },
      { query: { cursor: 'abc' }, url: 'http://api.test/v1/pets?cursor=abc' },
      { query: { status: 'pending' as const }, url: 'http://api.test/v1/pets?status=pending' },
      {
        query: { limit: 10, status: 'sold' as const, cursor: 'c d' },
        url: 'http://api.test/v1/pets?limit=10&status=sold&cursor=c+d',
      },
    ];
    for (const { query, url } of cases) {
      const { client, requests } = fake([json(200, [])]);
      await client.listPets(query);
      expect(requests[0]?.url).toBe(url);
    }
  });

  it('never follows a redirect, which would take the key with it: the caller gets the 3xx', async () => {
    const { client, requests } = fake([
      new Response(null, { status: 302, headers: { location: 'http://api.test/admin' } }),
      json(200, []),
    ]);
    const failure = await caught(client.listPets());
    expect(requests[0]?.redirect).toBe('manual');
    expect(failure).toMatchObject({
      kind: 'invalid_response',
      code: 'invalid_response',
      status: 302,
    });
    expect(failure.message).toContain('302');
    expect(requests).toHaveLength(1);
  });

  it('takes baseUrl with or without trailing slashes, and checks links against it all the same', async () => {
    const cases = [
      { baseUrl: 'http://api.test/v1/', pets: 'http://api.test/v1/pets' },
      { baseUrl: 'http://api.test/v1///', pets: 'http://api.test/v1/pets' },
      { baseUrl: 'http://api.test', pets: 'http://api.test/pets' },
      { baseUrl: 'http://api.test/', pets: 'http://api.test/pets' },
    ];
    for (const { baseUrl, pets } of cases) {
      const { client, requests } = fake(
        [json(200, [], { link: `<${pets}?cursor=a>; rel="next"` }), json(200, [])],
        { baseUrl },
      );
      const first = await client.listPets();
      expect(first.next).toBe(`${pets}?cursor=a`);
      expect(requests[0]?.url).toBe(pets);
    }
  });

  it('without a fetch option, uses the global fetch', async () => {
    const globalFetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(json(200, [createPet()])),
    );
    vi.stubGlobal('fetch', globalFetch);
    const client = createPetstoreClient({ baseUrl: 'http://api.test/v1', apiKey: 'k' });
    expect((await client.listPets()).data).toEqual([createPet()]);
    expect(globalFetch).toHaveBeenCalledTimes(1);
    expect(globalFetch.mock.calls[0]?.[0]).toBe('http://api.test/v1/pets');
  });

  it('makes each Idempotency-Key from 16 random bytes, as 32 hex digits', async () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView>(array: T): T => {
        new Uint8Array(array.buffer).set(Array.from({ length: 16 }, (_, i) => i * 17));
        return array;
      },
    );
    const { client, requests } = fake([json(201, createPet())]);
    const created = await client.createPet(createNewPet());
    expect(created.idempotencyKey).toBe('00112233445566778899aabbccddeeff');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('00112233445566778899aabbccddeeff');
  });
});

describe('links', () => {
  const page = (link: string) => json(200, [], { link });
  const nextOf = async (link: string) => (await fake([page(link)]).client.listPets()).next;
  const P = 'http://api.test/v1/pets?cursor=p';
  const N = 'http://api.test/v1/pets?cursor=n';

  it('finds rel="next" among other links, however the header is spaced, quoted or cased', async () => {
    const cases = [
      `<${N}>; rel="next"`,
      `<${N}>;rel=next`,
      `<${N}> ; rel="next"`,
      `<${N}>; REL="Next"`,
      `<${N}>; title="more"; rel="next"`,
      `<${P}>; rel="prev", <${N}>; rel="next"`,
      `<${P}>; rel="prev",<${N}>; rel="next"`,
      `<${N}>; rel="next" , <${P}>; rel="prev"`,
      `<${N}>; rel="next" ; title="more"`,
    ];
    for (const link of cases) expect(await nextOf(link), link).toBe(N);
  });

  it('has no next page when no link is rel="next"', async () => {
    const cases = [
      `<${P}>; rel="prev"`,
      `<${P}>; rel="prev", <${P}>; rel="first"`,
      `<${N}>; rel="nextpage"`,
      `<${N}>`,
      `see <${N}>; rel="next"`,
    ];
    for (const link of cases) expect(await nextOf(link), link).toBeUndefined();
  });

  it('resolves a relative link against the page that carried it', async () => {
    const { client } = fake([
      page('<?limit=2&cursor=a>; rel="next"'),
      page('</v1/pets?cursor=b>; rel="next"'),
    ]);
    expect((await client.listPets({ limit: 2 })).next).toBe(
      'http://api.test/v1/pets?limit=2&cursor=a',
    );
    expect((await client.listPets()).next).toBe('http://api.test/v1/pets?cursor=b');
  });

  it('never follows a link outside the base URL (another path of the same host), with the key', async () => {
    for (const outside of [
      'http://api.test/admin/accounts',
      'http://api.test/v10/pets',
      'http://api.test/pets?cursor=x',
      'https://api.test/v1/pets?cursor=x',
      'http://api.test:8080/v1/pets?cursor=x',
    ]) {
      const failure = await caught(fake([page(`<${outside}>; rel="next"`)]).client.listPets());
      expect(failure, outside).toMatchObject({
        kind: 'invalid_response',
        code: 'invalid_response',
      });
      expect(failure.message).toContain(outside);
    }
  });

  it('iteratePets stops at a page that links only back (rel="prev")', async () => {
    const { client, requests } = fake([
      page(`<${N}>; rel="next"`),
      json(200, [createPet({ id: 2 })], { link: `<${P}>; rel="prev"` }),
      json(200, [createPet({ id: 3 })]),
    ]);
    expect(await idsOf(client.iteratePets())).toEqual([2]);
    expect(urlsOf(requests)).toEqual(['http://api.test/v1/pets', N]);
  });

  it('iteratePets fails on a link outside the API, and never requests it', async () => {
    const { client, requests } = fake([
      json(200, [createPet({ id: 1 })], {
        link: '<http://api.test/admin/accounts>; rel="next"',
      }),
      json(200, []),
    ]);
    const ids: number[] = [];
    const failure = await caught(
      (async () => {
        for await (const pet of client.iteratePets()) ids.push(pet.id);
      })(),
    );
    expect(failure.kind).toBe('invalid_response');
    expect(ids).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('rate-limit state', () => {
  const valid = {
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '59',
    'x-ratelimit-reset': '1893456060',
  };

  it('is reported without a policy when the API sends none', async () => {
    const { client } = fake([json(200, [], valid)]);
    expect((await client.listPets()).rateLimit).toEqual({
      limit: 60,
      remaining: 59,
      reset: new Date(1893456060 * 1000),
      policy: undefined,
    });
  });

  it('is undefined when a header is missing or not a whole number', async () => {
    const without = (name: string) =>
      Object.fromEntries(Object.entries(valid).filter(([key]) => key !== name));
    const cases: Record<string, string>[] = [
      {},
      without('x-ratelimit-limit'),
      without('x-ratelimit-remaining'),
      without('x-ratelimit-reset'),
      { ...valid, 'x-ratelimit-limit': 'sixty' },
      { ...valid, 'x-ratelimit-limit': '60s' },
      { ...valid, 'x-ratelimit-remaining': '1.5' },
      { ...valid, 'x-ratelimit-remaining': '-1' },
      { ...valid, 'x-ratelimit-reset': 'x1893456060' },
      { ...valid, 'x-ratelimit-reset': '' },
    ];
    for (const headers of cases) {
      const { client } = fake([json(200, [], headers)]);
      expect((await client.listPets()).rateLimit, JSON.stringify(headers)).toBeUndefined();
    }
  });

  it('comes with errors too', async () => {
    const { client } = fake([error(404, 'not_found', valid)]);
    expect((await caught(client.listPets())).rateLimit).toMatchObject({ limit: 60, remaining: 59 });
  });
});

describe('Retry-After', () => {
  it('a 429 without Retry-After waits one second (plus jitter)', async () => {
    const { client, sleeps } = fake([error(429, 'rate_limited'), json(200, [])]);
    await client.listPets();
    expect(sleeps).toEqual([1000 + 125]);
  });

  it('a Retry-After that is neither whole seconds nor a date counts as none', async () => {
    for (const retryAfter of ['5s', 'x5', 'soon']) {
      const { client, sleeps } = fake([
        error(429, 'rate_limited', { 'retry-after': retryAfter }),
        json(200, []),
      ]);
      await client.listPets();
      expect(sleeps, retryAfter).toEqual([1000 + 125]);
    }
  });

  it('an HTTP date is waited for until then, rounded up to whole seconds', async () => {
    const { client, sleeps, advance } = fake([
      error(429, 'rate_limited', { 'retry-after': 'Tue, 01 Jan 2030 00:00:03 GMT' }),
      json(200, []),
    ]);
    advance(500);
    await client.listPets();
    expect(sleeps).toEqual([3000 + 125]);
  });

  it('an HTTP date already past means no wait but the jitter', async () => {
    const { client, sleeps } = fake(
      [
        error(503, 'service_unavailable', { 'retry-after': 'Mon, 31 Dec 2029 23:59:00 GMT' }),
        error(503, 'service_unavailable', { 'retry-after': 'Mon, 31 Dec 2029 23:59:00 GMT' }),
      ],
      { retry: { retries: 1 } },
    );
    expect((await caught(client.listPets())).retryAfter).toBe(0);
    expect(sleeps).toEqual([125]);
  });

  it('a Retry-After of exactly maxRetryAfterMs is still waited for, on 429 and on 503', async () => {
    for (const reply of [
      error(429, 'rate_limited', { 'retry-after': '60' }),
      error(503, 'service_unavailable', { 'retry-after': '60' }),
    ]) {
      const { client, requests, sleeps } = fake([reply, json(200, [])]);
      await client.listPets();
      expect(requests).toHaveLength(2);
      expect(sleeps).toEqual([60_000 + 125]);
    }
  });

  it('a 503 asking for longer than maxRetryAfterMs is returned at once', async () => {
    const { client, requests, sleeps } = fake(
      [error(503, 'service_unavailable', { 'retry-after': '6' }), json(200, [])],
      { retry: { maxRetryAfterMs: 5000 } },
    );
    expect(await caught(client.listPets())).toMatchObject({ status: 503, retryAfter: 6 });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('holding back after a 429', () => {
  it('after a 429 beyond maxRetryAfterMs, calls fail at once without a request until it has passed', async () => {
    const { client, requests, sleeps, advance } = fake([
      error(429, 'rate_limited', { 'retry-after': '3600' }),
      json(201, createPet()),
    ]);
    await caught(client.listPets());
    advance(1500);
    const blocked = await caught(client.createPet(createNewPet()));
    expect(blocked).toMatchObject({
      kind: 'api',
      code: 'rate_limited',
      status: 429,
      retryAfter: 3599,
      isNetworkError: false,
    });
    expect(blocked.message).toContain('3599 seconds');
    expect(requests).toHaveLength(1);

    // Exactly when the block ends, calls go straight through again.
    advance(3_598_500);
    await client.createPet(createNewPet());
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('a hold-back of exactly maxRetryAfterMs is waited out', async () => {
    const { client, requests, sleeps } = fake(
      [error(429, 'rate_limited', { 'retry-after': '60' }), json(200, [])],
      { retry: { retries: 0 } },
    );
    await caught(client.listPets());
    await client.listPets();
    expect(sleeps).toEqual([60_000]);
    expect(requests).toHaveLength(2);
  });

  it('an abort while holding back stops the call before it is sent', async () => {
    const controller = new AbortController();
    const holdingBack = fake([error(429, 'rate_limited', { 'retry-after': '30' }), json(200, [])], {
      retry: { retries: 0 },
      sleep: abortingSleep(controller),
    });
    await caught(holdingBack.client.listPets());
    await expectCancelledListing(holdingBack, controller);
  });
});

describe('timeouts and cancelling', () => {
  it('a read that times out is retried', async () => {
    const { client, requests } = fake([noAnswer, json(200, [createPet()])], { timeoutMs: 5 });
    expect((await client.listPets()).data).toEqual([createPet()]);
    expect(requests).toHaveLength(2);
  });

  it('the timeout holds when the caller gives a signal too', async () => {
    const { client } = fake([noAnswer], { timeoutMs: 5, retry: { retries: 0 } });
    const failure = await caught(client.listPets({}, { signal: new AbortController().signal }));
    expect(failure).toMatchObject({ kind: 'timeout', code: 'timeout', isNetworkError: true });
    expect(failure.message).toContain('5 ms');
  });

  it('aborting during a request cancels it: not retried, not a network failure', async () => {
    const controller = new AbortController();
    const api = fake([
      (request) => {
        controller.abort();
        request.signal.throwIfAborted();
        return json(200, []);
      },
      json(200, []),
    ]);
    await expectCancelledListing(api, controller);
  });

  it('an abort while waiting to retry stops the call', async () => {
    const controller = new AbortController();
    const retrying = fake([error(503, 'service_unavailable'), json(200, [])], {
      sleep: () => {
        controller.abort();
        return Promise.reject(new Error('aborted'));
      },
    });
    await expectCancelledListing(retrying, controller);
  });
});

describe('errors, in detail', () => {
  it('are PetstoreApiError by name, with no details or cause unless there are some', async () => {
    const { client } = fake([error(404, 'not_found')]);
    const failure = await caught(client.listPets());
    expect(failure.name).toBe('PetstoreApiError');
    expect(failure.details).toEqual([]);
    // Logged errors show an own `cause` even when it is undefined.
    expect('cause' in failure).toBe(false);
  });

  it('a network failure keeps what fetch threw, as cause and in the message', async () => {
    const reason = new TypeError('socket hang up');
    const { client } = fake([reason], { retry: { retries: 0 } });
    const failure = await caught(client.listPets());
    expect(failure.cause).toBe(reason);
    expect(failure.message).toBe('Could not reach the API: socket hang up');

    const odd = fake([], {
      retry: { retries: 0 },
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a fetch of the caller's may reject with anything
      fetch: () => Promise.reject('connection reset'),
    });
    expect((await caught(odd.client.listPets())).message).toBe(
      'Could not reach the API: connection reset',
    );
  });

  it('an answer of the wrong shape names the request it answered', async () => {
    const { client } = fake([json(200, { id: 'x' })]);
    const failure = await caught(client.getAccount());
    expect(failure).toMatchObject({ kind: 'invalid_response', status: 200 });
    expect(failure.message).toContain('GET http://api.test/v1/account');
  });

  it('an error answer without the contract body keeps status, request id, Retry-After and rate limit', async () => {
    const { client } = fake(
      [
        new Response('<html>busy</html>', {
          status: 503,
          headers: {
            'x-request-id': 'r1',
            'retry-after': '7',
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '1',
            'x-ratelimit-reset': '1893456060',
          },
        }),
      ],
      { retry: { retries: 0 } },
    );
    const failure = await caught(client.listPets());
    expect(failure).toMatchObject({
      kind: 'invalid_response',
      code: 'invalid_response',
      status: 503,
      requestId: 'r1',
      retryAfter: 7,
      rateLimit: { limit: 60, remaining: 1 },
    });
    expect(failure.message).toContain('503');
  });
});

describe('retry options', () => {
  it('default to 3 retries, 250 ms steps capped at 10 s, and waiting up to 60 s, even when given as undefined', async () => {
    for (const retry of [undefined, {}, { retries: undefined, baseDelayMs: undefined }]) {
      const { client, requests, sleeps } = fake(
        Array.from({ length: 5 }, () => error(503, 'service_unavailable')),
        { retry },
      );
      await caught(client.listPets());
      expect(requests).toHaveLength(4);
      expect(sleeps).toEqual([125, 250, 500]);
    }

    const capped = fake(
      [...Array.from({ length: 7 }, () => error(503, 'service_unavailable')), json(200, [])],
      { retry: { retries: 7, maxDelayMs: undefined } },
    );
    await capped.client.listPets();
    expect(capped.sleeps).toEqual([125, 250, 500, 1000, 2000, 4000, 5000]);

    for (const [retryAfter, sent] of [
      ['60', 2],
      ['61', 1],
    ] as const) {
      const { client, requests } = fake(
        [error(429, 'rate_limited', { 'retry-after': retryAfter }), json(200, [])],
        { retry: { maxRetryAfterMs: undefined } },
      );
      await client.listPets().catch(() => undefined);
      expect(requests, retryAfter).toHaveLength(sent);
    }
  });

  it('retries: 0 turns retrying off', async () => {
    const { client, requests } = fake([error(503, 'service_unavailable'), json(200, [])], {
      retry: { retries: 0 },
    });
    await caught(client.listPets());
    expect(requests).toHaveLength(1);
  });

  it('without a sleep option, waits on the timers', async () => {
    vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { client, requests } = fake(
      [error(429, 'rate_limited', { 'retry-after': '1' }), json(200, [])],
      { sleep: undefined, now: undefined, random: () => 0 },
    );
    const result = client.listPets();
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect((await result).status).toBe(200);
  });

  it('a caller signal gathers no listeners over many calls', async () => {
    const controller = new AbortController();
    const { client } = fake(Array.from({ length: 5 }, () => json(200, [])));
    for (let i = 0; i < 5; i++) await client.listPets({}, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

const account = (overrides: Partial<Account> = {}): Account => ({
  id: 3,
  name: 'Acme',
  plan: 'pro',
  role: 'partner',
  limits: { perMinute: 300, perDay: 20_000 },
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
const apiKey: ApiKey = {
  id: 5,
  accountId: 3,
  label: 'ci',
  prefix: 'pets_live_Ab12Cd',
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdBy: { type: 'person', personId: 4, name: 'Kit' },
};
const createdKey: CreatedApiKey = { ...apiKey, key: 'pets_live_Ab12Cd34Ef56Gh78Ij90' };
const revokedKey: ApiKey = { ...apiKey, revokedAt: '2030-01-02T00:00:00.000Z' };
const enterprise = { plan: 'enterprise' as const, limits: { perMinute: 1000, perDay: 100_000 } };
const usage: AccountUsage = {
  minute: { used: 60, limit: 60, resetsAt: '2030-01-01T10:01:00.000Z' },
  day: { used: 600, limit: 10_000, resetsAt: '2030-01-02T00:00:00.000Z' },
  refusedToday: 1,
  bannedUntil: null,
  keys: [{ id: 5, label: 'ci', lastUsedAt: '2030-01-01T09:00:00.000Z' }],
};

const member: Person = {
  id: 4,
  accountId: 3,
  email: 'grace@example.com',
  name: 'Grace',
  createdAt: '2030-01-01T00:00:00.000Z',
  deactivatedAt: null,
};
const deviceSession: Session = {
  id: 9,
  device: 'Mozilla/5.0',
  address: '203.0.113.7',
  startedAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: '2030-01-01T00:10:00.000Z',
  current: true,
};

const dogs: Category = { id: 2, name: 'Dogs', archived: false, petCount: 4 };

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 5,
  petId: 12,
  accountId: 3,
  status: 'placed',
  placedAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});
const inventory: Inventory = { available: 3, pending: 1, sold: 7 };

const hook: WebhookEndpoint = {
  id: 6,
  accountId: 3,
  url: 'https://partner.example.com/hooks',
  events: ['pet.created', 'order.placed'],
  status: 'enabled',
  disabledReason: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  secretPrefix: 'whsec_ab12',
  previousSecretExpiresAt: null,
};
const HOOK_SECRET = 'whsec_ab12MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3X9UZqJ=';
const newHook = { url: hook.url, events: hook.events };
const rolled = { secret: HOOK_SECRET, previousSecretExpiresAt: '2030-01-02T00:00:00.000Z' };
const hookDelivery = {
  id: 31,
  eventId: 204,
  eventType: 'order.placed',
  status: 'pending',
  attempts: 0,
  nextAttemptAt: '2030-01-01T00:00:05.000Z',
};
const testDelivery = { ...hookDelivery, id: 32, eventId: 205, eventType: 'webhook.test' };
const hookAttempt = {
  id: 90,
  deliveryId: 31,
  eventId: 204,
  eventType: 'order.placed',
  attempt: 1,
  attemptedAt: '2030-01-01T00:00:00.000Z',
  succeeded: false,
  responseStatus: null,
  error: 'No answer within 10 s.',
  durationMs: 10_004,
  responseExcerpt: null,
};

interface Operation {
  name: string;
  call: (client: PetstoreClient, signal?: AbortSignal) => Promise<{ data: unknown }>;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The body's media type, when not `application/json`. */
  contentType?: string;
  answer: unknown;
  status: number;
}

const MERGE_PATCH = 'application/merge-patch+json';

const operations: Operation[] = [
  {
    name: 'getAccount',
    call: (client, signal) => client.getAccount({ signal }),
    method: 'GET',
    path: '/account',
    answer: account(),
    status: 200,
  },
  {
    name: 'listAccountKeys',
    call: (client, signal) => client.listAccountKeys({}, { signal }),
    method: 'GET',
    path: '/account/keys',
    answer: [apiKey],
    status: 200,
  },
  {
    name: 'listKeys in its 1.0 form (the call options alone)',
    // The deprecated 1.0 form: the call options alone.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the 1.0 name, kept until 2.0
    call: (client, signal) => client.listKeys({ signal }),
    method: 'GET',
    path: '/account/keys',
    answer: [apiKey],
    status: 200,
  },
  {
    name: 'createAccountKey',
    call: (client, signal) => client.createAccountKey('ci', { signal }),
    method: 'POST',
    path: '/account/keys',
    body: { label: 'ci' },
    answer: createdKey,
    status: 201,
  },
  {
    name: 'revokeAccountKey',
    call: (client, signal) => client.revokeAccountKey(5, { signal }),
    method: 'DELETE',
    path: '/account/keys/5',
    answer: revokedKey,
    status: 200,
  },
  {
    name: 'admin.listAccounts',
    call: (client, signal) => client.admin.listAccounts({ signal }),
    method: 'GET',
    path: '/admin/accounts',
    answer: [account()],
    status: 200,
  },
  {
    name: 'admin.createAccount',
    call: (client, signal) => client.admin.createAccount({ name: 'Acme', plan: 'pro' }, { signal }),
    method: 'POST',
    path: '/admin/accounts',
    body: { name: 'Acme', plan: 'pro' },
    answer: account(),
    status: 201,
  },
  {
    name: 'admin.changePlan',
    call: (client, signal) => client.admin.changePlan(3, enterprise, { signal }),
    method: 'PATCH',
    path: '/admin/accounts/3',
    body: enterprise,
    answer: account(enterprise),
    status: 200,
  },
  {
    name: 'admin.getAccountUsage',
    call: (client, signal) => client.admin.getAccountUsage(3, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/usage',
    answer: usage,
    status: 200,
  },
  {
    name: 'admin.listKeysOfAccount',
    call: (client, signal) => client.admin.listKeysOfAccount(3, {}, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/keys',
    answer: [apiKey],
    status: 200,
  },
  {
    name: 'admin.listAccountKeys in its 1.0 form (the call options alone)',
    // The deprecated 1.0 form: the call options alone.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the 1.0 name, kept until 2.0
    call: (client, signal) => client.admin.listAccountKeys(3, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/keys',
    answer: [apiKey],
    status: 200,
  },
  {
    name: 'admin.createKeyForAccount',
    call: (client, signal) => client.admin.createKeyForAccount(3, 'ci', { signal }),
    method: 'POST',
    path: '/admin/accounts/3/keys',
    body: { label: 'ci' },
    answer: createdKey,
    status: 201,
  },
  {
    name: 'listWebhookEndpoints',
    call: (client, signal) => client.listWebhookEndpoints({}, { signal }),
    method: 'GET',
    path: '/account/webhooks',
    answer: [hook],
    status: 200,
  },
  {
    name: 'getWebhookEndpoint',
    call: (client, signal) => client.getWebhookEndpoint(6, { signal }),
    method: 'GET',
    path: '/account/webhooks/6',
    answer: hook,
    status: 200,
  },
  {
    name: 'updateWebhookEndpoint',
    call: (client, signal) => client.updateWebhookEndpoint(6, { status: 'disabled' }, { signal }),
    method: 'PATCH',
    path: '/account/webhooks/6',
    body: { status: 'disabled' },
    contentType: MERGE_PATCH,
    answer: { ...hook, status: 'disabled', disabledReason: 'requested' },
    status: 200,
  },
  {
    name: 'rollWebhookSecret',
    call: (client, signal) => client.rollWebhookSecret(6, { signal }),
    method: 'POST',
    path: '/account/webhooks/6/secret',
    answer: rolled,
    status: 200,
  },
  {
    name: 'listWebhookAttempts',
    call: (client, signal) => client.listWebhookAttempts(6, { limit: 20 }, { signal }),
    method: 'GET',
    path: '/account/webhooks/6/attempts?limit=20',
    answer: [
      hookAttempt,
      {
        ...hookAttempt,
        id: 89,
        succeeded: true,
        responseStatus: 200,
        error: null,
        responseExcerpt: 'ok',
      },
    ],
    status: 200,
  },
  {
    name: 'resendWebhookDelivery',
    call: (client, signal) => client.resendWebhookDelivery(6, 31, { signal }),
    method: 'POST',
    path: '/account/webhooks/6/deliveries/31/resend',
    answer: hookDelivery,
    status: 202,
  },
  {
    name: 'sendWebhookTestEvent',
    call: (client, signal) => client.sendWebhookTestEvent(6, { signal }),
    method: 'POST',
    path: '/account/webhooks/6/test',
    answer: testDelivery,
    status: 202,
  },
  {
    name: 'admin.listWebhookEndpointsOfAccount',
    call: (client, signal) => client.admin.listWebhookEndpointsOfAccount(3, {}, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/webhooks',
    answer: [hook],
    status: 200,
  },
  {
    name: 'admin.getWebhookEndpointOfAccount',
    call: (client, signal) => client.admin.getWebhookEndpointOfAccount(3, 6, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/webhooks/6',
    answer: hook,
    status: 200,
  },
  {
    name: 'admin.updateWebhookEndpointOfAccount',
    call: (client, signal) =>
      client.admin.updateWebhookEndpointOfAccount(3, 6, { events: ['order.placed'] }, { signal }),
    method: 'PATCH',
    path: '/admin/accounts/3/webhooks/6',
    body: { events: ['order.placed'] },
    contentType: MERGE_PATCH,
    answer: { ...hook, events: ['order.placed'] },
    status: 200,
  },
  {
    name: 'admin.rollWebhookSecretOfAccount',
    call: (client, signal) => client.admin.rollWebhookSecretOfAccount(3, 6, { signal }),
    method: 'POST',
    path: '/admin/accounts/3/webhooks/6/secret',
    answer: rolled,
    status: 200,
  },
  {
    name: 'admin.listWebhookAttemptsOfAccount',
    call: (client, signal) => client.admin.listWebhookAttemptsOfAccount(3, 6, {}, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/webhooks/6/attempts',
    answer: [hookAttempt],
    status: 200,
  },
  {
    name: 'admin.resendWebhookDeliveryOfAccount',
    call: (client, signal) => client.admin.resendWebhookDeliveryOfAccount(3, 6, 31, { signal }),
    method: 'POST',
    path: '/admin/accounts/3/webhooks/6/deliveries/31/resend',
    answer: hookDelivery,
    status: 202,
  },
  {
    name: 'admin.sendWebhookTestEventOfAccount',
    call: (client, signal) => client.admin.sendWebhookTestEventOfAccount(3, 6, { signal }),
    method: 'POST',
    path: '/admin/accounts/3/webhooks/6/test',
    answer: testDelivery,
    status: 202,
  },
  {
    name: 'admin.revokeKey',
    call: (client, signal) => client.admin.revokeKey(5, { signal }),
    method: 'DELETE',
    path: '/admin/keys/5',
    answer: revokedKey,
    status: 200,
  },
  {
    name: 'getOpenApiDocument',
    call: (client, signal) => client.getOpenApiDocument({ signal }),
    method: 'GET',
    path: '/openapi.json',
    answer: { openapi: '3.1.0', info: { title: 'Pet store', version: '1.1.0' }, paths: {} },
    status: 200,
  },
  {
    name: 'listPeople',
    call: (client, signal) => client.listPeople({}, { signal }),
    method: 'GET',
    path: '/account/people',
    answer: [member],
    status: 200,
  },
  {
    name: 'admin.listPeopleOfAccount',
    call: (client, signal) => client.admin.listPeopleOfAccount(3, {}, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/people',
    answer: [member],
    status: 200,
  },
  {
    name: 'admin.deactivatePerson',
    call: (client, signal) => client.admin.deactivatePerson(4, { signal }),
    method: 'POST',
    path: '/admin/people/4/deactivate',
    answer: { ...member, deactivatedAt: '2030-01-02T00:00:00.000Z' },
    status: 200,
  },
  {
    name: 'admin.reactivatePerson',
    call: (client, signal) => client.admin.reactivatePerson(4, { signal }),
    method: 'POST',
    path: '/admin/people/4/reactivate',
    answer: member,
    status: 200,
  },
  {
    name: 'listAccountInvitations',
    call: (client, signal) => client.listAccountInvitations({}, { signal }),
    method: 'GET',
    path: '/account/invitations',
    answer: [
      {
        id: 9,
        accountId: 3,
        email: 'kit@example.com',
        createdAt: '2030-01-01T00:00:00.000Z',
        expiresAt: '2030-01-08T00:00:00.000Z',
        createdByPersonId: null,
      },
    ],
    status: 200,
  },
  {
    name: 'admin.listInvitationsOfAccount',
    call: (client, signal) => client.admin.listInvitationsOfAccount(3, {}, { signal }),
    method: 'GET',
    path: '/admin/accounts/3/invitations',
    answer: [
      {
        id: 9,
        accountId: 3,
        email: 'kit@example.com',
        createdAt: '2030-01-01T00:00:00.000Z',
        expiresAt: '2030-01-08T00:00:00.000Z',
        createdByPersonId: 4,
      },
    ],
    status: 200,
  },

  {
    name: 'session.listSessions',
    call: (client, signal) => client.session.listSessions({}, { signal }),
    method: 'GET',
    path: '/sessions',
    answer: [deviceSession],
    status: 200,
  },
  {
    name: 'listCategories',
    call: (client, signal) => client.listCategories({}, { signal }),
    method: 'GET',
    path: '/categories',
    answer: [dogs],
    status: 200,
  },
  {
    name: 'getCategory',
    call: (client, signal) => client.getCategory(2, { signal }),
    method: 'GET',
    path: '/categories/2',
    answer: dogs,
    status: 200,
  },
  {
    name: 'updateCategory',
    call: (client, signal) => client.updateCategory(2, { archived: true }, { signal }),
    method: 'PATCH',
    path: '/categories/2',
    body: { archived: true },
    contentType: MERGE_PATCH,
    answer: { ...dogs, archived: true },
    status: 200,
  },
  {
    name: 'getPetProfile',
    call: (client, signal) => client.getPetProfile(7, { signal }),
    method: 'GET',
    path: '/pets/7/profile',
    answer: EMPTY_PROFILE,
    status: 200,
  },
  {
    name: 'updatePetProfile',
    call: (client, signal) =>
      client.updatePetProfile(
        7,
        { breed: 'Labrador mix', goodWith: { children: 'yes' }, size: null },
        { signal },
      ),
    method: 'PATCH',
    path: '/pets/7/profile',
    body: { breed: 'Labrador mix', goodWith: { children: 'yes' }, size: null },
    contentType: MERGE_PATCH,
    answer: {
      ...EMPTY_PROFILE,
      breed: 'Labrador mix',
      goodWith: { ...EMPTY_PROFILE.goodWith, children: 'yes' },
    },
    status: 200,
  },
  {
    name: 'listPetPhotos',
    call: (client, signal) => client.listPetPhotos(7, { signal }),
    method: 'GET',
    path: '/pets/7/photos',
    answer: [createPetPhoto(), createPetPhoto({ id: 9, position: 2 })],
    status: 200,
  },
  {
    name: 'movePetPhoto',
    call: (client, signal) => client.movePetPhoto(7, 9, { position: 1 }, { signal }),
    method: 'PATCH',
    path: '/pets/7/photos/9',
    body: { position: 1 },
    contentType: MERGE_PATCH,
    answer: createPetPhoto({ id: 9, position: 1 }),
    status: 200,
  },
  {
    name: 'getOrder',
    call: (client, signal) => client.getOrder(5, { signal }),
    method: 'GET',
    path: '/store/orders/5',
    answer: order(),
    status: 200,
  },
  {
    name: 'approveOrder',
    call: (client, signal) => client.approveOrder(5, { signal }),
    method: 'POST',
    path: '/store/orders/5/approve',
    answer: order({ status: 'approved' }),
    status: 200,
  },
  {
    name: 'deliverOrder',
    call: (client, signal) => client.deliverOrder(5, { signal }),
    method: 'POST',
    path: '/store/orders/5/deliver',
    answer: order({ status: 'delivered' }),
    status: 200,
  },
  {
    name: 'cancelOrder',
    call: (client, signal) => client.cancelOrder(5, { signal }),
    method: 'POST',
    path: '/store/orders/5/cancel',
    answer: order({ status: 'cancelled' }),
    status: 200,
  },
  {
    name: 'getAdoptionsReport',
    call: (client, signal) =>
      client.getAdoptionsReport({ from: '2026-12-28', to: '2027-01-11', by: 'week' }, { signal }),
    method: 'GET',
    path: '/store/reports/adoptions?from=2026-12-28&to=2027-01-11&by=week',
    answer: { rows: [{ week: '2026-W53', delivered: 2, cancelled: 1 }] },
    status: 200,
  },
  {
    name: 'getInventory',
    call: (client, signal) => client.getInventory({ signal }),
    method: 'GET',
    path: '/store/inventory',
    answer: inventory,
    status: 200,
  },
];

describe('account and admin operations', () => {
  for (const operation of operations) {
    const { name, call, method, path, body, contentType, answer, status } = operation;
    const url = `http://api.test/v1${path}`;

    it(`${name} sends ${method} ${path} and returns the answer`, async () => {
      const { client, requests } = fake([json(status, answer)]);
      expect(await call(client)).toEqual(answered(answer, status));
      expect(requests).toHaveLength(1);
      expect(requests[0]?.method).toBe(method);
      expect(requests[0]?.url).toBe(url);
      expect(headersOf(requests[0])).toEqual({
        authorization: 'Bearer pets_test_key',
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': contentType ?? 'application/json' }),
      });
      expect(await requests[0]?.text()).toBe(body === undefined ? '' : JSON.stringify(body));
    });

    it(`${name} refuses an answer the contract does not allow`, async () => {
      const { client } = fake([json(status, { id: 'x' })]);
      const failure = await caught(call(client));
      expect(failure).toMatchObject({ kind: 'invalid_response', status });
      expect(failure.message).toContain(`${method} ${url}`);
    });

    it(`${name} can be cancelled`, async () => {
      await expectEachCancelled([call], fake, () => json(status, answer));
    });

    it(`${name} is retried after a 429 asking to wait (the API did nothing)`, async () => {
      const { client, requests } = fake([
        error(429, 'rate_limited', { 'retry-after': '1' }),
        json(status, answer),
      ]);
      expect((await call(client)).data).toEqual(answer);
      expect(requests).toHaveLength(2);
    });

    if (method === 'POST') {
      it(`${name} is never repeated after a 503, network failure or timeout: it carries no Idempotency-Key`, async () => {
        await expectNotRepeated(call, { start: fake, answer: () => json(status, answer) });
      });
    } else {
      it(`${name} has the same effect however often it is sent, so is retried after a 503 or network failure`, async () => {
        for (const reply of [error(503, 'service_unavailable'), new TypeError('socket hang up')]) {
          const { client, requests } = fake([reply, json(status, answer)]);
          expect((await call(client)).data).toEqual(answer);
          expect(requests).toHaveLength(2);
        }
      });
    }
  }
});

describe('managing pets', () => {
  it('updatePet sends a JSON merge patch to the pet and answers the pet as it is now', async () => {
    const pet = createPet({ id: 7, status: 'sold' });
    const { client, requests } = fake([json(200, pet)]);
    const updated = await client.updatePet(7, { status: 'sold' });
    expect(updated.data).toEqual(pet);
    expect(await sentOf(requests[0])).toEqual({
      method: 'PATCH',
      url: 'http://api.test/v1/pets/7',
      body: '{"status":"sold"}',
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/merge-patch+json');
  });

  it("updatePet's refused move is a PetstoreApiError with the API's code and details", async () => {
    const { client } = fake([
      json(409, {
        code: 'invalid_transition',
        message:
          'The pet is sold, and its status cannot change: status sold → pending is not allowed.',
        status: 409,
        details: [{ field: 'status', issue: 'sold → pending is not allowed' }],
      }),
    ]);
    const refused = await caught(client.updatePet(7, { status: 'pending' }));
    expect(refused.code).toBe('invalid_transition');
    expect(refused.status).toBe(409);
    expect(refused.details).toEqual([{ field: 'status', issue: 'sold → pending is not allowed' }]);
  });

  it('deletePet sends DELETE and takes a 204 without a body; an answer with a body is a broken one', async () => {
    const { client, requests } = fake([
      new Response(null, { status: 204, headers: { 'x-request-id': 'req-204' } }),
      json(200, { surprise: true }),
    ]);
    const removed = await client.deletePet(7);
    expect(removed).toMatchObject({ data: undefined, status: 204, requestId: 'req-204' });
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.url).toBe('http://api.test/v1/pets/7');
    expect((await caught(client.deletePet(8))).code).toBe('invalid_response');
  });

  it('listPets sends the categoryId and name filters', async () => {
    const { client, requests } = fake([json(200, [])]);
    await client.listPets({ name: 'Rex & co', categoryId: 3, status: 'available', limit: 5 });
    expect(requests[0]?.url).toBe(
      'http://api.test/v1/pets?limit=5&status=available&categoryId=3&name=Rex+%26+co',
    );
  });

  it('listPets and iteratePets send the owner filter; the next pages keep it through Link', async () => {
    const { client, requests } = fake([
      json(200, []),
      json(200, [createPet({ id: 1 })], {
        link: '<http://api.test/v1/pets?limit=1&owner=me&cursor=a>; rel="next"',
      }),
      json(200, [createPet({ id: 4 })]),
    ]);
    await client.listPets({ owner: 'me', status: 'sold', name: 'Rex' });
    expect(await idsOf(client.iteratePets({ owner: 'me', limit: 1 }))).toEqual([1, 4]);
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/pets?status=sold&name=Rex&owner=me',
      'http://api.test/v1/pets?limit=1&owner=me',
      'http://api.test/v1/pets?limit=1&owner=me&cursor=a',
    ]);
  });
});

describe('the key lists', () => {
  const key = (id: number) => ({ ...apiKey, id });

  it('page the own keys and follow next pages, keeping the query', async () => {
    const { client, requests } = fake([
      json(200, [key(1), key(2)], {
        link: '<http://api.test/v1/account/keys?limit=2&cursor=k>; rel="next"',
      }),
      json(200, [key(3)]),
      json(200, [key(1)], {
        link: '<http://api.test/v1/account/keys?limit=1&cursor=a>; rel="next"',
      }),
    ]);
    expect(await idsOf(client.iterateAccountKeys({ limit: 2 }))).toEqual([1, 2, 3]);
    const first = await client.listAccountKeys({ limit: 1 });
    expect(first.data.map((found) => found.id)).toEqual([1]);
    expect(first.next).toBe('http://api.test/v1/account/keys?limit=1&cursor=a');
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/account/keys?limit=2',
      'http://api.test/v1/account/keys?limit=2&cursor=k',
      'http://api.test/v1/account/keys?limit=1',
    ]);
  });

  it("page an account's keys for staff", async () => {
    const { client, requests } = fake([
      json(200, [key(4)], {
        link: '<http://api.test/v1/admin/accounts/3/keys?limit=1&cursor=c>; rel="next"',
      }),
      json(200, [key(5)]),
      json(200, [key(5)]),
    ]);
    expect(await idsOf(client.admin.iterateKeysOfAccount(3, { limit: 1 }))).toEqual([4, 5]);
    const page = await client.admin.listKeysOfAccount(3, { cursor: 'c' });
    expect(page.next).toBeUndefined();
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/admin/accounts/3/keys?limit=1',
      'http://api.test/v1/admin/accounts/3/keys?limit=1&cursor=c',
      'http://api.test/v1/admin/accounts/3/keys?cursor=c',
    ]);
  });

  it('never follow a next link outside the API', async () => {
    const { client } = fake([nextElsewhere([key(1)], '/account/keys?cursor=k')]);
    expect(await caught(client.listAccountKeys())).toMatchObject({ kind: 'invalid_response' });
  });
});

describe('the audit trail', () => {
  const event = (id: number) => ({
    id,
    at: '2030-01-01T00:00:00.000Z',
    actor: id % 2 === 0 ? 'cli' : { accountId: 1, keyId: 2 },
    action: 'pet.updated',
    target: { type: 'pet', id: 4 },
    changes: { status: ['available', 'sold'] },
  });

  it('lists events with filters and follows next pages', async () => {
    const { client, requests } = fake([
      json(200, [event(3), event(2)], {
        link: '<http://api.test/v1/admin/audit?targetType=pet&targetId=4&limit=2&cursor=x>; rel="next"',
      }),
      json(200, [event(1)]),
    ]);
    const filters = { targetType: 'pet', targetId: 4, limit: 2 } as const;
    expect(await idsOf(client.admin.iterateAudit(filters))).toEqual([3, 2, 1]);
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/admin/audit?targetType=pet&targetId=4&limit=2',
      'http://api.test/v1/admin/audit?targetType=pet&targetId=4&limit=2&cursor=x',
    ]);
  });

  it('keeps an action added since as its string, and refuses one of the wrong type', async () => {
    const { client } = fake([
      json(200, [{ ...event(1), action: 'pet.eaten' }]),
      json(200, [{ ...event(1), action: 7 }]),
    ]);
    expect((await client.admin.listAudit()).data).toEqual([{ ...event(1), action: 'pet.eaten' }]);
    expect((await caught(client.admin.listAudit())).code).toBe('invalid_response');
  });
});

describe('signing in (the admin app: no key, the session cookie)', () => {
  const person: Person = {
    id: 1,
    accountId: 3,
    email: 'ada@example.com',
    name: 'Ada',
    createdAt: '2030-01-01T00:00:00.000Z',
    deactivatedAt: null,
  };
  const session: CurrentSession = {
    person,
    account: account({ role: 'staff' }),
    hasPassword: true,
    startedAt: '2030-01-01T09:00:00.000Z',
    expiresAt: '2030-01-01T21:00:00.000Z',
  };
  const credentials = { email: 'ada@example.com', password: 'correct horse battery' };

  it('signIn POSTs the email and password to /session and takes the 204', async () => {
    const { client, requests } = withoutKey([noContent()]);
    expect(await client.session.signIn(credentials)).toEqual(answered(undefined, 204));
    expect(requests).toHaveLength(1);
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/session',
      body: JSON.stringify(credentials),
    });
  });

  it('revokeAccountInvitation DELETEs the invitation of the own account and takes the 204', async () => {
    const { client, requests } = withoutKey([noContent()]);
    expect(await client.session.revokeAccountInvitation(9)).toEqual(answered(undefined, 204));
    expect(await sentOf(requests[0])).toEqual({
      method: 'DELETE',
      url: 'http://api.test/v1/account/invitations/9',
      body: '',
    });
  });

  it('getCurrentSession GETs /session and answers the CurrentSession', async () => {
    const { client, requests } = withoutKey([json(200, session)]);
    expect(await client.session.getCurrentSession()).toEqual(answered(session, 200));
    expect(await sentOf(requests[0])).toEqual({
      method: 'GET',
      url: 'http://api.test/v1/session',
      body: '',
    });
  });

  it('getSignInMethods GETs /session/methods and answers the SignInMethods', async () => {
    const methods = {
      singleSignOn: { name: 'Acme SSO', start: '/v1/session/oidc' },
      passkeys: true,
    };
    const { client, requests } = withoutKey([json(200, methods)]);
    expect(await client.session.getSignInMethods()).toEqual(answered(methods, 200));
    expect(await sentOf(requests[0])).toEqual({
      method: 'GET',
      url: 'http://api.test/v1/session/methods',
      body: '',
    });
    const none = { singleSignOn: null, passkeys: false };
    const second = withoutKey([json(200, none)]);
    expect((await second.client.session.getSignInMethods()).data).toEqual(none);
  });

  it('getSignInMethods refuses an answer that is not SignInMethods', async () => {
    const { client } = withoutKey([json(200, { singleSignOn: { name: 'Acme' }, passkeys: true })]);
    expect(await caught(client.session.getSignInMethods())).toMatchObject({
      kind: 'invalid_response',
      status: 200,
    });
  });

  it('getCurrentSession refuses an answer that is not a CurrentSession', async () => {
    const { client } = withoutKey([json(200, { ...session, person: { ...person, id: '1' } })]);
    expect(await caught(client.session.getCurrentSession())).toMatchObject({
      kind: 'invalid_response',
      status: 200,
    });
  });

  it('signOut DELETEs /session and takes the 204', async () => {
    const { client, requests } = withoutKey([noContent()]);
    expect(await client.session.signOut()).toMatchObject({ data: undefined, status: 204 });
    expect(await sentOf(requests[0])).toEqual({
      method: 'DELETE',
      url: 'http://api.test/v1/session',
      body: '',
    });
  });

  it('without a key: no Authorization, and the cookies of the same origin only', async () => {
    const { client, requests, inits } = withoutKey([
      noContent(),
      json(200, session),
      noContent(),
      json(200, [createPet()]),
    ]);
    await client.session.signIn(credentials);
    await client.session.getCurrentSession();
    await client.session.signOut();
    await client.listPets();
    expect(requests.map(headersOf)).toEqual([
      { accept: 'application/json', 'content-type': 'application/json' },
      { accept: 'application/json' },
      { accept: 'application/json' },
      { accept: 'application/json' },
    ]);
    expect(inits.map((init) => init?.credentials)).toEqual([
      'same-origin',
      'same-origin',
      'same-origin',
      'same-origin',
    ]);
  });

  it('with a key: the key, and fetch left to its default credentials', async () => {
    const { client, requests, inits } = fake([noContent(), json(200, session), noContent()]);
    await client.session.signIn(credentials);
    await client.session.getCurrentSession();
    await client.session.signOut();
    for (const request of requests)
      expect(request.headers.get('authorization')).toBe('Bearer pets_test_key');
    expect(inits.map((init) => init !== undefined && 'credentials' in init)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('a wrong email or password is a PetstoreApiError invalid_credentials, never retried', async () => {
    const { client, requests, sleeps } = withoutKey([
      error(401, 'invalid_credentials'),
      noContent(),
    ]);
    const refused = await caught(client.session.signIn(credentials));
    expect(refused).toBeInstanceOf(PetstoreApiError);
    expect(refused).toMatchObject({
      kind: 'api',
      code: 'invalid_credentials',
      status: 401,
      requestId: 'req-401',
    });
    expect(requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('signIn is never repeated after a 400, 503, network failure or timeout: it carries no Idempotency-Key', async () => {
    await expectNotRepeated((client) => client.session.signIn(credentials), {
      failures: [error(400, 'invalid_body'), ...uncertainFailures()],
    });
  });

  it('getCurrentSession and signOut are retried after a 503 or network failure', async () => {
    for (const reply of [error(503, 'service_unavailable'), new TypeError('socket hang up')]) {
      const { client, requests } = withoutKey([reply, json(200, session), reply, noContent()]);
      expect((await client.session.getCurrentSession()).data).toEqual(session);
      expect((await client.session.signOut()).status).toBe(204);
      expect(requests).toHaveLength(4);
    }
  });

  it('signIn is retried after a 429 asking to wait (the API did nothing)', async () => {
    const { client, requests, sleeps } = withoutKey([
      error(429, 'rate_limited', { 'retry-after': '1' }),
      noContent(),
    ]);
    expect((await client.session.signIn(credentials)).status).toBe(204);
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([1000 + 125]);
  });

  it("a 429 to signIn (an email's failures) does not hold back the client's other calls", async () => {
    const { client, requests, sleeps } = withoutKey([
      error(429, 'rate_limited', { 'retry-after': '900' }),
      noContent(),
    ]);
    expect(await caught(client.session.signIn(credentials))).toMatchObject({
      code: 'rate_limited',
      retryAfter: 900,
    });
    await client.session.signIn({ ...credentials, email: 'grace@example.com' });
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled([
      (client, signal) => client.session.signIn(credentials, { signal }),
      (client, signal) => client.session.getCurrentSession({ signal }),
      (client, signal) => client.session.getSignInMethods({ signal }),
      (client, signal) => client.session.signOut({ signal }),
    ]);
  });
});

describe('invitations and password-reset links (people, beta)', () => {
  const TOKEN = 'a'.repeat(43);
  const invitation: Invitation = {
    id: 7,
    accountId: 3,
    email: 'grace@example.com',
    expiresAt: '2030-01-08T00:00:00.000Z',
    delivery: 'shown',
    link: `http://api.test/admin/welcome#${TOKEN}`,
  };
  const resetLink: PasswordResetLink = {
    personId: 4,
    expiresAt: '2030-01-01T01:00:00.000Z',
    delivery: 'shown',
    link: `http://api.test/admin/set-password#${TOKEN}`,
  };
  const acceptance = { token: TOKEN, name: 'Grace', password: 'a long enough password' };
  const reset = { token: TOKEN, password: 'a long enough password' };

  it('session.acceptInvitation POSTs the token, name and password to /invitations/accept', async () => {
    const { client, requests, inits } = withoutKey([noContent()]);
    expect(await client.session.acceptInvitation(acceptance)).toEqual(answered(undefined, 204));
    expect(requests).toHaveLength(1);
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/invitations/accept',
      body: JSON.stringify(acceptance),
    });
    expect(headersOf(requests[0])).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(inits[0]?.credentials).toBe('same-origin');
  });

  it('session.resetPassword POSTs the token and password to /password-resets/accept', async () => {
    const { client, requests } = withoutKey([noContent()]);
    expect(await client.session.resetPassword(reset)).toMatchObject({
      data: undefined,
      status: 204,
    });
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/password-resets/accept',
      body: JSON.stringify(reset),
    });
  });

  it('session.createInvitation POSTs the email to /account/invitations and answers the Invitation', async () => {
    const { client, requests } = withoutKey([json(201, invitation)]);
    expect(await client.session.createInvitation({ email: 'grace@example.com' })).toEqual(
      answered(invitation, 201),
    );
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/account/invitations',
      body: '{"email":"grace@example.com"}',
    });
  });

  it("admin.createInvitationForAccount POSTs the email to the account's invitations", async () => {
    const { client, requests } = fake([json(201, invitation)]);
    expect(
      (await client.admin.createInvitationForAccount(3, { email: 'grace@example.com' })).data,
    ).toEqual(invitation);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('http://api.test/v1/admin/accounts/3/invitations');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer pets_test_key');
    expect(await requests[0]?.text()).toBe('{"email":"grace@example.com"}');
  });

  it('admin.revokeInvitation DELETEs the invitation and answers nothing', async () => {
    const { client, requests } = fake([
      new Response(null, { status: 204, headers: { 'x-request-id': 'req-204' } }),
    ]);
    expect(await client.admin.revokeInvitation(9)).toMatchObject({ data: undefined, status: 204 });
    expect(await sentOf(requests[0])).toEqual({
      method: 'DELETE',
      url: 'http://api.test/v1/admin/invitations/9',
      body: '',
    });
  });

  it("admin.createPasswordReset POSTs, without a body, to the person's password-reset", async () => {
    const { client, requests } = fake([json(201, resetLink)]);
    expect((await client.admin.createPasswordReset(4)).data).toEqual(resetLink);
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/admin/people/4/password-reset',
      body: '',
    });
    expect(requests[0]?.headers.get('content-type')).toBeNull();
  });

  it('refuses an invitation or link outside the contract', async () => {
    const { client } = fake([
      json(201, { ...invitation, link: 'not a link' }),
      json(201, { ...resetLink, personId: 0 }),
    ]);
    expect(
      await caught(client.admin.createInvitationForAccount(3, { email: 'grace@example.com' })),
    ).toMatchObject({ kind: 'invalid_response', status: 201 });
    expect(await caught(client.admin.createPasswordReset(4))).toMatchObject({
      kind: 'invalid_response',
      status: 201,
    });
  });

  it("a used or unknown link is the API's 400 on token, and an email taken is its 409", async () => {
    const used = json(400, {
      code: 'invalid_body',
      message: 'The request body is not valid.',
      status: 400,
      details: [{ field: 'token', issue: 'is not a link that works: used, unknown or expired' }],
    });
    const { client } = withoutKey([used, error(409, 'email_taken')]);
    expect(await caught(client.session.acceptInvitation(acceptance))).toMatchObject({
      kind: 'api',
      code: 'invalid_body',
      status: 400,
      details: [{ field: 'token', issue: 'is not a link that works: used, unknown or expired' }],
    });
    expect(
      await caught(client.session.createInvitation({ email: 'grace@example.com' })),
    ).toMatchObject({ code: 'email_taken', status: 409 });
  });

  it('none is repeated after a 503, network failure or timeout: each may have worked', async () => {
    const calls = [
      (client: PetstoreClient) => client.session.acceptInvitation(acceptance),
      (client: PetstoreClient) => client.session.resetPassword(reset),
      (client: PetstoreClient) => client.session.createInvitation({ email: 'g@example.com' }),
      (client: PetstoreClient) =>
        client.admin.createInvitationForAccount(3, { email: 'g@example.com' }),
      (client: PetstoreClient) => client.admin.createPasswordReset(4),
    ];
    for (const call of calls) await expectNotRepeated(call, { start: fake });
  });

  it("a 429 to accepting a link holds back only that call; to making one, the client's others too", async () => {
    const accepting = withoutKey([
      error(429, 'rate_limited', { 'retry-after': '900' }),
      json(200, [createPet()]),
    ]);
    await caught(accepting.client.session.resetPassword(reset));
    await accepting.client.listPets();
    expect(accepting.sleeps).toEqual([]);

    const making = withoutKey([
      error(429, 'rate_limited', { 'retry-after': '900' }),
      json(200, [createPet()]),
    ]);
    await caught(making.client.session.createInvitation({ email: 'g@example.com' }));
    expect(await caught(making.client.listPets())).toMatchObject({ code: 'rate_limited' });
    expect(making.requests).toHaveLength(1);
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled([
      (client, signal) => client.session.acceptInvitation(acceptance, { signal }),
      (client, signal) => client.session.resetPassword(reset, { signal }),
      (client, signal) => client.session.createInvitation({ email: 'g@example.com' }, { signal }),
      (client, signal) =>
        client.admin.createInvitationForAccount(3, { email: 'g@example.com' }, { signal }),
      (client, signal) => client.admin.createPasswordReset(4, { signal }),
    ]);
  });
});

describe("a person's sessions, password and people (beta)", () => {
  const change = { currentPassword: 'the password now', newPassword: 'a new long password' };

  it('session.listSessions and iterateSessions page the sessions and follow next, keeping the query', async () => {
    const { client, requests } = withoutKey([
      json(200, [deviceSession], {
        link: '<http://api.test/v1/sessions?limit=1&cursor=s>; rel="next"',
      }),
      json(200, [{ ...deviceSession, id: 10, current: false }]),
      json(200, [deviceSession], {
        link: '<http://api.test/v1/sessions?limit=1&cursor=t>; rel="next"',
      }),
    ]);
    expect(await idsOf(client.session.iterateSessions({ limit: 1 }))).toEqual([9, 10]);
    const first = await client.session.listSessions({ limit: 1, cursor: 'x' });
    expect(first.next).toBe('http://api.test/v1/sessions?limit=1&cursor=t');
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/sessions?limit=1',
      'http://api.test/v1/sessions?limit=1&cursor=s',
      'http://api.test/v1/sessions?limit=1&cursor=x',
    ]);
  });

  it('listPeople and admin.listPeopleOfAccount page people; their iterators follow next', async () => {
    const { client, requests } = fake([
      json(200, [member], {
        link: '<http://api.test/v1/account/people?limit=1&cursor=p>; rel="next"',
      }),
      json(200, [{ ...member, id: 5 }]),
      json(200, [member], {
        link: '<http://api.test/v1/admin/accounts/3/people?limit=1&cursor=q>; rel="next"',
      }),
      json(200, [{ ...member, id: 6 }]),
      json(200, [member]),
      json(200, [member]),
    ]);
    expect(await idsOf(client.iteratePeople({ limit: 1 }))).toEqual([4, 5]);
    expect(await idsOf(client.admin.iteratePeopleOfAccount(3, { limit: 1 }))).toEqual([4, 6]);
    expect((await client.listPeople({ cursor: 'c', limit: 2 })).next).toBeUndefined();
    await client.admin.listPeopleOfAccount(3, { cursor: 'd', limit: 3 });
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/account/people?limit=1',
      'http://api.test/v1/account/people?limit=1&cursor=p',
      'http://api.test/v1/admin/accounts/3/people?limit=1',
      'http://api.test/v1/admin/accounts/3/people?limit=1&cursor=q',
      'http://api.test/v1/account/people?limit=2&cursor=c',
      'http://api.test/v1/admin/accounts/3/people?limit=3&cursor=d',
    ]);
  });

  it('the people and sessions lists never follow a next link outside the API', async () => {
    const { client } = withoutKey([
      nextElsewhere([deviceSession], '/sessions?c=1'),
      nextElsewhere([member], '/account/people'),
    ]);
    expect(await caught(client.session.listSessions())).toMatchObject({
      kind: 'invalid_response',
    });
    expect(await caught(client.listPeople())).toMatchObject({ kind: 'invalid_response' });
  });

  it('session.endSession DELETEs /sessions/{id}, endAllSessions DELETEs /sessions, both 204', async () => {
    const { client, requests, inits } = withoutKey([noContent(), noContent()]);
    expect(await client.session.endSession(9)).toEqual(answered(undefined, 204));
    expect(await client.session.endAllSessions()).toMatchObject({ data: undefined, status: 204 });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE http://api.test/v1/sessions/9',
      'DELETE http://api.test/v1/sessions',
    ]);
    expect(await requests[0]?.text()).toBe('');
    expect(headersOf(requests[1])).toEqual({ accept: 'application/json' });
    expect(inits.map((init) => init?.credentials)).toEqual(['same-origin', 'same-origin']);
  });

  it('session.changePassword POSTs both passwords to /session/password and takes the 204', async () => {
    const { client, requests } = withoutKey([noContent()]);
    expect(await client.session.changePassword(change)).toMatchObject({
      data: undefined,
      status: 204,
    });
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/session/password',
      body: JSON.stringify(change),
    });
    expect(headersOf(requests[0])).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it("a wrong current password is the API's 400 on currentPassword; another's session its 404", async () => {
    const wrong = json(400, {
      code: 'invalid_body',
      message: 'The request body is not valid.',
      status: 400,
      details: [{ field: 'currentPassword', issue: 'is not your password' }],
    });
    const { client, requests } = withoutKey([wrong, error(404, 'not_found')]);
    expect(await caught(client.session.changePassword(change))).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'currentPassword', issue: 'is not your password' }],
    });
    expect(await caught(client.session.endSession(77))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    expect(requests).toHaveLength(2);
  });

  it('changePassword is never repeated after a 503, network failure or timeout; the ends are', async () => {
    await expectNotRepeated((client) => client.session.changePassword(change));
    for (const end of [
      (client: PetstoreClient) => client.session.endSession(9),
      (client: PetstoreClient) => client.session.endAllSessions(),
    ]) {
      const { client, requests } = withoutKey([error(503, 'service_unavailable'), noContent()]);
      expect((await end(client)).status).toBe(204);
      expect(requests).toHaveLength(2);
    }
  });

  it('an answer with a body where the API answers none is a broken one', async () => {
    const { client } = withoutKey([noContent(), json(200, { ended: true })]);
    expect((await client.session.endAllSessions()).data).toBeUndefined();
    expect(await caught(client.session.endSession(9))).toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled([
      (client, signal) => client.session.endSession(9, { signal }),
      (client, signal) => client.session.endAllSessions({ signal }),
      (client, signal) => client.session.changePassword(change, { signal }),
      (client, signal) => client.session.iterateSessions({}, { signal }).next(),
      (client, signal) => client.iteratePeople({}, { signal }).next(),
      (client, signal) => client.admin.iteratePeopleOfAccount(3, {}, { signal }).next(),
    ]);
  });
});

describe('passkeys (beta)', () => {
  const passkey: Passkey = {
    id: 3,
    name: 'Laptop',
    createdAt: '2030-01-01T00:00:00.000Z',
    lastUsedAt: null,
  };
  const creation = {
    challenge: 'Y2hhbGxlbmdl',
    rp: { name: 'Pet store', id: 'api.test' },
    user: { id: 'dXNlcg', name: 'ann@example.com', displayName: 'Ann' },
  };
  const credential = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  };
  const refused = json(401, {
    code: 'invalid_credentials',
    message: 'The passkey did not sign in.',
    status: 401,
  });

  it('session.listPasskeys and iteratePasskeys page the passkeys and follow next, keeping the query', async () => {
    const { client, requests } = withoutKey([
      json(200, [passkey], {
        link: '<http://api.test/v1/session/passkeys?limit=1&cursor=s>; rel="next"',
      }),
      json(200, [{ ...passkey, id: 4, lastUsedAt: '2030-01-02T00:00:00.000Z' }]),
      json(200, [passkey], {
        link: '<http://api.test/v1/session/passkeys?limit=1&cursor=t>; rel="next"',
      }),
    ]);
    expect(await idsOf(client.session.iteratePasskeys({ limit: 1 }))).toEqual([3, 4]);
    const first = await client.session.listPasskeys({ limit: 1, cursor: 'x' });
    expect(first.data).toEqual([passkey]);
    expect(first.next).toBe('http://api.test/v1/session/passkeys?limit=1&cursor=t');
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/session/passkeys?limit=1',
      'http://api.test/v1/session/passkeys?limit=1&cursor=s',
      'http://api.test/v1/session/passkeys?limit=1&cursor=x',
    ]);
  });

  it('the passkeys list never follows a next link outside the API, and refuses what is not Passkeys', async () => {
    const { client } = withoutKey([
      nextElsewhere([passkey], '/session/passkeys'),
      json(200, [{ ...passkey, id: '3' }]),
    ]);
    expect(await caught(client.session.listPasskeys())).toMatchObject({
      kind: 'invalid_response',
    });
    expect(await caught(client.session.listPasskeys())).toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('startPasskeyRegistration POSTs to /session/passkeys/options, addPasskey POSTs the name and credential', async () => {
    const { client, requests } = withoutKey([json(200, creation), json(201, passkey)]);
    expect(await client.session.startPasskeyRegistration()).toEqual(answered(creation, 200));
    expect(await client.session.addPasskey({ name: 'Laptop', credential })).toEqual(
      answered(passkey, 201),
    );
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/session/passkeys/options',
      body: '',
    });
    expect(await sentOf(requests[1])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/session/passkeys',
      body: JSON.stringify({ name: 'Laptop', credential }),
    });
    expect(headersOf(requests[1])).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('startPasskeySignIn POSTs to /session/passkey/options, signInWithPasskey POSTs the answer and takes the 204', async () => {
    const request = { challenge: 'Y2hhbGxlbmdl', rpId: 'api.test', userVerification: 'required' };
    const { client, requests, inits } = withoutKey([json(200, request), noContent()]);
    expect(await client.session.startPasskeySignIn()).toEqual(answered(request, 200));
    expect(await client.session.signInWithPasskey({ credential })).toEqual(
      answered(undefined, 204),
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST http://api.test/v1/session/passkey/options',
      'POST http://api.test/v1/session/passkey',
    ]);
    expect(await requests[1]?.text()).toBe(JSON.stringify({ credential }));
    expect(inits.map((init) => init?.credentials)).toEqual(['same-origin', 'same-origin']);
  });

  it('the options must carry a challenge', async () => {
    const { client } = withoutKey([json(200, { rpId: 'api.test' }), json(200, { challenge: 1 })]);
    expect(await caught(client.session.startPasskeySignIn())).toMatchObject({
      kind: 'invalid_response',
      status: 200,
    });
    expect(await caught(client.session.startPasskeyRegistration())).toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('removePasskey DELETEs /session/passkeys/{id}, removePassword POSTs /session/password/remove, both 204', async () => {
    const { client, requests } = withoutKey([noContent(), noContent()]);
    expect(await client.session.removePasskey(3)).toEqual(answered(undefined, 204));
    expect(await client.session.removePassword({ currentPassword: 'the password now' })).toEqual(
      answered(undefined, 204),
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE http://api.test/v1/session/passkeys/3',
      'POST http://api.test/v1/session/password/remove',
    ]);
    expect(await requests[1]?.text()).toBe('{"currentPassword":"the password now"}');
  });

  it("a refusal is the API's error: 401 for a sign-in, 409 for the last way in, never retried", async () => {
    const { client, requests } = withoutKey([refused, error(409, 'invalid_transition')]);
    expect(await caught(client.session.signInWithPasskey({ credential }))).toMatchObject({
      code: 'invalid_credentials',
      status: 401,
    });
    expect(
      await caught(client.session.removePassword({ currentPassword: 'the password now' })),
    ).toMatchObject({
      code: 'invalid_transition',
      status: 409,
    });
    expect(requests).toHaveLength(2);
  });

  it('signInWithPasskey, addPasskey and removePassword are never repeated after a 503, network failure or timeout; removePasskey is', async () => {
    await expectNotRepeated((client) => client.session.signInWithPasskey({ credential }));
    await expectNotRepeated((client) => client.session.addPasskey({ name: 'Laptop', credential }), {
      answer: () => json(201, passkey),
    });
    // Removing the password is a POST with the password: sent once, as a change of password is.
    await expectNotRepeated((client) =>
      client.session.removePassword({ currentPassword: 'the password now' }),
    );
    for (const remove of [(client: PetstoreClient) => client.session.removePasskey(3)]) {
      const { client, requests } = withoutKey([error(503, 'service_unavailable'), noContent()]);
      expect((await remove(client)).status).toBe(204);
      expect(requests).toHaveLength(2);
    }
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled([
      (client, signal) => client.session.listPasskeys({}, { signal }),
      (client, signal) => client.session.iteratePasskeys({}, { signal }).next(),
      (client, signal) => client.session.startPasskeyRegistration({ signal }),
      (client, signal) => client.session.addPasskey({ name: 'Laptop', credential }, { signal }),
      (client, signal) => client.session.removePasskey(3, { signal }),
      (client, signal) =>
        client.session.removePassword({ currentPassword: 'the password now' }, { signal }),
      (client, signal) => client.session.startPasskeySignIn({ signal }),
      (client, signal) => client.session.signInWithPasskey({ credential }, { signal }),
    ]);
  });
});

describe('webhook endpoints (beta)', () => {
  it('createWebhookEndpoint sends an Idempotency-Key it makes, the same on every retry, and answers the secret', async () => {
    const created = { ...hook, secret: HOOK_SECRET };
    const { client, requests } = fake(
      [error(503, 'service_unavailable'), new TypeError('socket hang up'), json(201, created)],
      { timeoutMs: 5 },
    );
    const answer = await client.createWebhookEndpoint(newHook);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(answer).toMatchObject({ data: created, status: 201, idempotencyKey: keys[0] });
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/account/webhooks',
      body: JSON.stringify(newHook),
    });
  });

  it("admin.createWebhookEndpointForAccount sends the caller's key to the account's path", async () => {
    const { client, requests } = fake([json(201, { ...hook, secret: HOOK_SECRET })]);
    const answer = await client.admin.createWebhookEndpointForAccount(3, newHook, {
      idempotencyKey: 'hook-1',
    });
    expect(answer.idempotencyKey).toBe('hook-1');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('hook-1');
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/admin/accounts/3/webhooks',
      body: JSON.stringify(newHook),
    });
  });

  it('deletes with DELETE and takes a 204 without a body; an answer with a body is a broken one', async () => {
    const deleted = () =>
      new Response(null, { status: 204, headers: { 'x-request-id': 'req-204' } });
    const { client, requests } = fake([deleted(), deleted(), json(200, { surprise: true })]);
    expect(await client.deleteWebhookEndpoint(6)).toMatchObject({ data: undefined, status: 204 });
    expect(await client.admin.deleteWebhookEndpointOfAccount(3, 6)).toMatchObject({
      data: undefined,
      status: 204,
    });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE http://api.test/v1/account/webhooks/6',
      'DELETE http://api.test/v1/admin/accounts/3/webhooks/6',
    ]);
    expect((await caught(client.deleteWebhookEndpoint(7))).code).toBe('invalid_response');
  });

  it('iterates every endpoint, page after page', async () => {
    const next = { link: '<http://api.test/v1/account/webhooks?limit=1&cursor=abc>; rel="next"' };
    const { client, requests } = fake([json(200, [hook], next), json(200, [{ ...hook, id: 7 }])]);
    const ids: number[] = [];
    for await (const endpoint of client.iterateWebhookEndpoints({ limit: 1 }))
      ids.push(endpoint.id);
    expect(ids).toEqual([6, 7]);
    expect(requests.map((request) => request.url)).toEqual([
      'http://api.test/v1/account/webhooks?limit=1',
      'http://api.test/v1/account/webhooks?limit=1&cursor=abc',
    ]);
  });

  it("iterates an endpoint's attempts, newest first, page after page, staff's too", async () => {
    const path = 'http://api.test/v1/admin/accounts/3/webhooks/6/attempts';
    const next = { link: `<${path}?limit=1&cursor=abc>; rel="next"` };
    const { client, requests } = fake([
      json(200, [hookAttempt], next),
      json(200, [{ ...hookAttempt, id: 80, attempt: 2 }]),
    ]);
    const ids: number[] = [];
    for await (const attempt of client.admin.iterateWebhookAttemptsOfAccount(3, 6, { limit: 1 }))
      ids.push(attempt.id);
    expect(ids).toEqual([90, 80]);
    expect(requests.map((request) => request.url)).toEqual([
      `${path}?limit=1`,
      `${path}?limit=1&cursor=abc`,
    ]);
  });

  it("a resend or a test to a disabled endpoint is the API's 409 webhook_endpoint_disabled", async () => {
    const { client } = fake([
      error(409, 'webhook_endpoint_disabled'),
      error(409, 'webhook_endpoint_disabled'),
    ]);
    for (const call of [client.resendWebhookDelivery(6, 31), client.sendWebhookTestEvent(6)])
      expect(await caught(call)).toMatchObject({
        kind: 'api',
        status: 409,
        code: 'webhook_endpoint_disabled',
      });
  });

  it('keeps a delivery status or event type this version does not know', async () => {
    const { client } = fake([
      json(202, { ...hookDelivery, status: 'paused', eventType: 'pet.adopted' }),
    ]);
    expect((await client.resendWebhookDelivery(6, 31)).data).toMatchObject({
      status: 'paused',
      eventType: 'pet.adopted',
    });
  });
});

describe('categories (beta)', () => {
  it('createCategory sends an Idempotency-Key it makes, and the same one on every retry', async () => {
    const { client, requests } = fake(
      [
        new TypeError('socket hang up'),
        error(503, 'service_unavailable'),
        noAnswer,
        json(201, dogs, { location: 'http://api.test/v1/categories/2' }),
      ],
      { timeoutMs: 5 },
    );
    const created = await client.createCategory({ name: 'Dogs' });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(created).toEqual({
      ...answered(dogs, 201),
      idempotencyKey: keys[0],
      location: 'http://api.test/v1/categories/2',
    });
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/categories',
      body: JSON.stringify({ name: 'Dogs' }),
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('createCategory uses the key it is given, and a new one per call otherwise', async () => {
    const { client, requests } = fake([json(201, dogs), json(201, dogs), json(201, dogs)]);
    expect(
      (await client.createCategory({ name: 'Dogs' }, { idempotencyKey: 'dogs-1' })).idempotencyKey,
    ).toBe('dogs-1');
    await client.createCategory({ name: 'Dogs' });
    const last = await client.createCategory({ name: 'Dogs' });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('dogs-1');
    expect(keys[1]).not.toBe(keys[2]);
    expect(last).toMatchObject({ idempotencyKey: keys[2], location: undefined });
  });

  it("a name taken is the API's 409 name_taken, and a name refused its 400: neither retried", async () => {
    const { client, requests } = fake([
      json(409, {
        code: 'name_taken',
        message: 'Another category has this name.',
        status: 409,
        details: [{ field: 'name', issue: 'is taken' }],
      }),
      json(400, {
        code: 'invalid_body',
        message: 'The request body is not valid.',
        status: 400,
        details: [{ field: 'name', issue: 'must not be empty' }],
      }),
      error(409, 'name_taken'),
    ]);
    expect(await caught(client.createCategory({ name: 'dogs' }))).toMatchObject({
      kind: 'api',
      code: 'name_taken',
      status: 409,
      details: [{ field: 'name', issue: 'is taken' }],
    });
    expect(await caught(client.createCategory({ name: '' }))).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'name', issue: 'must not be empty' }],
    });
    expect(await caught(client.updateCategory(3, { name: 'Dogs' }))).toMatchObject({
      code: 'name_taken',
    });
    expect(requests).toHaveLength(3);
  });

  it('createCategory refuses an answer that is not a category', async () => {
    const { client } = fake([json(201, { ...dogs, petCount: -1 })]);
    expect(await caught(client.createCategory({ name: 'Dogs' }))).toMatchObject({
      kind: 'invalid_response',
      status: 201,
    });
  });

  it('listCategories and iterateCategories page the categories and follow next, keeping the query', async () => {
    const archived: Category = { id: 3, name: 'Birds', archived: true, petCount: 0 };
    const { client, requests } = fake([
      json(200, [dogs], {
        link: '<http://api.test/v1/categories?limit=1&cursor=c>; rel="next"',
      }),
      json(200, [archived]),
      json(200, [dogs], {
        link: '<http://api.test/v1/categories?limit=1&cursor=d>; rel="next"',
      }),
    ]);
    expect(await idsOf(client.iterateCategories({ limit: 1 }))).toEqual([2, 3]);
    const page = await client.listCategories({ limit: 1, cursor: 'x' });
    expect(page).toEqual({
      ...answered([dogs], 200),
      next: 'http://api.test/v1/categories?limit=1&cursor=d',
    });
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/categories?limit=1',
      'http://api.test/v1/categories?limit=1&cursor=c',
      'http://api.test/v1/categories?limit=1&cursor=x',
    ]);
  });

  it('the categories list never follows a next link outside the API', async () => {
    await expectNextElsewhereRefused(dogs, '/categories?c=1', (client) =>
      client.iterateCategories(),
    );
  });

  it('updateCategory renames, archives and restores through a JSON merge patch', async () => {
    const { client, requests } = fake([
      json(200, { ...dogs, name: 'Hounds' }),
      json(200, { ...dogs, archived: true }),
      json(200, dogs),
    ]);
    expect((await client.updateCategory(2, { name: 'Hounds' })).data.name).toBe('Hounds');
    expect((await client.updateCategory(2, { archived: true })).data.archived).toBe(true);
    expect((await client.updateCategory(2, { archived: false })).data.archived).toBe(false);
    expect(await Promise.all(requests.map(sentOf))).toEqual([
      { method: 'PATCH', url: 'http://api.test/v1/categories/2', body: '{"name":"Hounds"}' },
      { method: 'PATCH', url: 'http://api.test/v1/categories/2', body: '{"archived":true}' },
      { method: 'PATCH', url: 'http://api.test/v1/categories/2', body: '{"archived":false}' },
    ]);
  });

  it("an unknown category is the API's 404", async () => {
    const { client } = fake([error(404, 'not_found')]);
    expect(await caught(client.getCategory(99))).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled(
      [
        (client, signal) => client.createCategory({ name: 'Dogs' }, { signal }),
        (client, signal) => client.iterateCategories({}, { signal }).next(),
      ],
      fake,
      () => json(201, dogs),
    );
  });
});

describe('store orders (beta)', () => {
  it('placeOrder sends the pet with an Idempotency-Key it makes, and the same one on every retry', async () => {
    const { client, requests } = fake(
      [
        new TypeError('socket hang up'),
        error(503, 'service_unavailable'),
        noAnswer,
        json(201, order(), { location: 'http://api.test/v1/store/orders/5' }),
      ],
      { timeoutMs: 5 },
    );
    const placed = await client.placeOrder({ petId: 12 });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(placed).toEqual({
      ...answered(order(), 201),
      idempotencyKey: keys[0],
      location: 'http://api.test/v1/store/orders/5',
    });
    expect(await sentOf(requests[0])).toEqual({
      method: 'POST',
      url: 'http://api.test/v1/store/orders',
      body: '{"petId":12}',
    });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('placeOrder uses the key it is given, and a new one per call otherwise', async () => {
    const { client, requests } = fake([json(201, order()), json(201, order()), json(201, order())]);
    expect(
      (await client.placeOrder({ petId: 12 }, { idempotencyKey: 'adopt-12' })).idempotencyKey,
    ).toBe('adopt-12');
    await client.placeOrder({ petId: 12 });
    const last = await client.placeOrder({ petId: 12 });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('adopt-12');
    expect(keys[1]).not.toBe(keys[2]);
    expect(last).toMatchObject({ idempotencyKey: keys[2], location: undefined });
  });

  it("a pet that cannot be ordered is the API's 409 invalid_transition, its words kept, never retried", async () => {
    const { client, requests } = fake([
      json(409, {
        code: 'invalid_transition',
        message:
          'The pet cannot be ordered: petId names a pet that is sold, and only an available pet can be ordered.',
        status: 409,
        details: [
          {
            field: 'petId',
            issue: 'names a pet that is sold, and only an available pet can be ordered',
          },
        ],
      }),
      error(409, 'invalid_transition'),
    ]);
    expect(await caught(client.placeOrder({ petId: 12 }))).toMatchObject({
      kind: 'api',
      code: 'invalid_transition',
      status: 409,
      message:
        'The pet cannot be ordered: petId names a pet that is sold, and only an available pet can be ordered.',
      details: [{ field: 'petId' }],
    });
    expect(await caught(client.approveOrder(5))).toMatchObject({
      code: 'invalid_transition',
      status: 409,
    });
    expect(requests).toHaveLength(2);
  });

  it('placeOrder keeps a status added since, and refuses an answer that is not an order', async () => {
    const { client } = fake([
      json(201, { ...order(), status: 'shipped' }),
      json(201, { ...order(), status: 3 }),
    ]);
    expect((await client.placeOrder({ petId: 12 })).data).toEqual({
      ...order(),
      status: 'shipped',
    });
    expect(await caught(client.placeOrder({ petId: 12 }))).toMatchObject({
      kind: 'invalid_response',
      status: 201,
    });
  });

  it('listOrders and iterateOrders send the status and petId filters and follow next, keeping them', async () => {
    const { client, requests } = fake([
      json(200, [order()], {
        link: '<http://api.test/v1/store/orders?status=placed&petId=12&limit=1&cursor=c>; rel="next"',
      }),
      json(200, [order({ id: 6 })]),
      json(200, [order()], {
        link: '<http://api.test/v1/store/orders?limit=1&cursor=d>; rel="next"',
      }),
    ]);
    expect(await idsOf(client.iterateOrders({ status: 'placed', petId: 12, limit: 1 }))).toEqual([
      5, 6,
    ]);
    const page = await client.listOrders({ limit: 1, cursor: 'x' });
    expect(page).toEqual({
      ...answered([order()], 200),
      next: 'http://api.test/v1/store/orders?limit=1&cursor=d',
    });
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/store/orders?status=placed&petId=12&limit=1',
      'http://api.test/v1/store/orders?status=placed&petId=12&limit=1&cursor=c',
      'http://api.test/v1/store/orders?limit=1&cursor=x',
    ]);
  });

  it('listOrders sends accountId, sort and expand, and takes orders with their names', async () => {
    const named = { ...order(), pet: { id: 12, name: 'Rex', status: 'pending' as const } };
    const { client, requests } = fake([json(200, [named])]);
    const page = await client.listOrders({ accountId: 3, sort: '-id', expand: ['pet', 'account'] });
    expect(page.data).toEqual([named]);
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/store/orders?accountId=3&sort=-id&expand=pet%2Caccount',
    ]);
  });

  it('the orders list never follows a next link outside the API', async () => {
    await expectNextElsewhereRefused(order(), '/store/orders?c=1', (client) =>
      client.iterateOrders(),
    );
  });

  it('listOrders refuses a page that is not a list of orders, and getInventory negative counts', async () => {
    const { client } = fake([
      json(200, [{ ...order(), accountId: 0 }]),
      json(200, { ...inventory, sold: -1 }),
    ]);
    expect(await caught(client.listOrders())).toMatchObject({ kind: 'invalid_response' });
    expect(await caught(client.getInventory())).toMatchObject({ kind: 'invalid_response' });
  });

  it('each can be cancelled', async () => {
    await expectEachCancelled(
      [
        (client, signal) => client.placeOrder({ petId: 12 }, { signal }),
        (client, signal) => client.iterateOrders({}, { signal }).next(),
      ],
      fake,
      () => json(201, order()),
    );
  });
});

describe('one name per operation', () => {
  it("every operation of the contract is a client function of its operationId's name", () => {
    const { client } = fake([]);
    const names = (namespace: object, prefix = ''): string[] =>
      Object.entries(namespace).flatMap(([name, value]) =>
        typeof value === 'function' ? [`${prefix}${name}`] : names(value as object, `${name}.`),
      );
    const own = names(client).map((name) => name.replace(/^(admin|session)\./, ''));
    // A 303 is where a browser goes itself (single sign-on's start and callback), never a call a
    // program makes: the client has no function for it.
    const called = Object.entries(OPERATIONS).filter(
      ([, operation]) => (operation.success.status as number) !== 303,
    );
    expect(called.length).toBeLessThan(Object.keys(OPERATIONS).length);
    for (const [id] of called) expect(own, id).toContain(id);
  });

  it('the 1.0 names of the key operations send what the operations send (deprecated until 2.0)', async () => {
    /* eslint-disable @typescript-eslint/no-deprecated -- the 1.0 names, kept until 2.0 */
    const pairs: [
      string,
      (client: PetstoreClient) => Promise<unknown>,
      (client: PetstoreClient) => Promise<unknown>,
    ][] = [
      [
        'listKeys',
        (client) => client.listKeys({ limit: 2, cursor: 'c' }),
        (client) => client.listAccountKeys({ limit: 2, cursor: 'c' }),
      ],
      [
        'iterateKeys',
        (client) => client.iterateKeys({ limit: 2 }).next(),
        (client) => client.iterateAccountKeys({ limit: 2 }).next(),
      ],
      ['createKey', (client) => client.createKey('ci'), (client) => client.createAccountKey('ci')],
      ['revokeKey', (client) => client.revokeKey(5), (client) => client.revokeAccountKey(5)],
      [
        'admin.listAccountKeys',
        (client) => client.admin.listAccountKeys(3, { limit: 2, cursor: 'c' }),
        (client) => client.admin.listKeysOfAccount(3, { limit: 2, cursor: 'c' }),
      ],
      [
        'admin.iterateAccountKeys',
        (client) => client.admin.iterateAccountKeys(3, { limit: 2 }).next(),
        (client) => client.admin.iterateKeysOfAccount(3, { limit: 2 }).next(),
      ],
      [
        'admin.createAccountKey',
        (client) => client.admin.createAccountKey(3, 'ci'),
        (client) => client.admin.createKeyForAccount(3, 'ci'),
      ],
    ];
    /* eslint-enable @typescript-eslint/no-deprecated */
    const sent = async (call: (client: PetstoreClient) => Promise<unknown>) => {
      const { client, requests } = fake([
        (request) =>
          request.method === 'GET'
            ? json(200, [apiKey])
            : request.method === 'DELETE'
              ? json(200, revokedKey)
              : json(201, createdKey),
      ]);
      const answer = await call(client);
      return { answer, request: await sentOf(requests[0]) };
    };
    for (const [name, old, renamed] of pairs)
      expect(await sent(old), name).toEqual(await sent(renamed));
  });

  it('the 1.0 names can be cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { client } = fake([
      (request) => {
        request.signal.throwIfAborted();
        return json(200, [apiKey]);
      },
    ]);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the 1.0 name, kept until 2.0
    const first = client.iterateKeys({}, { signal: controller.signal }).next();
    expect(await caught(first)).toMatchObject({ kind: 'aborted' });
  });
});

describe('batchPets', () => {
  const results = {
    results: [
      { status: 200, pet: createPet({ id: 7, status: 'sold' }) },
      { status: 204 },
      { status: 404, error: { code: 'not_found', message: 'No pet has this id.', status: 404 } },
    ],
  };

  it('sends the items with an Idempotency-Key it makes, the same on a retry, and answers the results', async () => {
    const { client, requests } = fake([error(503, 'service_unavailable'), json(200, results)]);
    const items = [
      { petId: 7, patch: { status: 'sold' as const } },
      { petId: 8, delete: true as const },
      { petId: 9, patch: { name: 'Gone' } },
    ];
    const applied = await client.batchPets(items);
    expect(applied.data).toEqual(results);
    expect(applied.status).toBe(200);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST http://api.test/v1/pets/batch',
      'POST http://api.test/v1/pets/batch',
    ]);
    expect(await requests[0]?.json()).toEqual({ items });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(applied.idempotencyKey).toBe(keys[0]);
  });

  it('sends your Idempotency-Key, and throws the 400 of a bad batch', async () => {
    const { client, requests } = fake([error(400, 'invalid_body')]);
    const failure = await caught(client.batchPets([], { idempotencyKey: 'mine-1' }));
    expect(failure.code).toBe('invalid_body');
    expect(requests[0]?.headers.get('idempotency-key')).toBe('mine-1');
  });
});

describe('exportPetsCsv', () => {
  const csv = (body: string, headers: Record<string, string> = {}) =>
    new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-request-id': 'req-csv', ...headers },
    });

  it('asks for CSV with the filters and no paging, and answers the text', async () => {
    const file = "id,name,categoryId,status\r\n7,'=1,2,sold\r\n";
    const { client, requests } = fake([csv(file, { 'x-ratelimit-remaining': '41' })]);
    const answer = await client.exportPetsCsv({
      status: 'sold',
      name: 'Re',
      ...({ limit: 5, cursor: 'abc' } as object),
    });
    expect(answer.data).toBe(file);
    expect(answer.requestId).toBe('req-csv');
    expect(requests[0]?.url).toBe('http://api.test/v1/pets?status=sold&name=Re');
    expect(requests[0]?.headers.get('accept')).toBe('text/csv');
  });

  it('throws invalid_response for an answer that is not CSV, and the API error of a refusal', async () => {
    const { client } = fake([json(200, []), error(400, 'invalid_query')]);
    expect((await caught(client.exportPetsCsv())).code).toBe('invalid_response');
    expect((await caught(client.exportPetsCsv())).code).toBe('invalid_query');
  });
});

describe('streamPetsCsv', () => {
  /** A CSV answer whose body is sent piece by piece: `send` each, then `end` (or `fail`). */
  function piecemeal() {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (started) => {
        controller = started;
      },
      cancel: () => {
        cancelled = true;
      },
    });
    const encoder = new TextEncoder();
    return {
      response: new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'x-request-id': 'req-csv' },
      }),
      send: (piece: string | Uint8Array) => {
        controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      },
      end: () => {
        controller.close();
      },
      fail: (reason: Error) => {
        controller.error(reason);
      },
      cancelled: () => cancelled,
    };
  }

  it('answers once the file starts, then gives its text as it arrives, a character split between pieces joined', async () => {
    const file = piecemeal();
    const { client, requests } = fake([file.response]);
    const answer = await client.streamPetsCsv({ q: 'jr', sort: 'name', status: 'sold' });
    expect(answer.status).toBe(200);
    expect(answer.requestId).toBe('req-csv');
    expect(requests[0]?.url).toBe('http://api.test/v1/pets?status=sold&sort=name&q=jr');
    expect(requests[0]?.headers.get('accept')).toBe('text/csv');

    const pieces: string[] = [];
    const reading = (async () => {
      for await (const piece of answer.chunks) pieces.push(piece);
    })();
    const e = new TextEncoder().encode('é');
    file.send('id,name,categoryId,status\r\n');
    file.send(new Uint8Array([...new TextEncoder().encode('7,Ren'), e[0]!]));
    file.send(new Uint8Array([e[1]!, ...new TextEncoder().encode(',2,sold\r\n8,')]));
    // A piece of half a character gives no text until its other half comes.
    file.send(new Uint8Array([e[0]!]));
    file.send(new Uint8Array([e[1]!, e[0]!]));
    // A file that ends inside a character ends with the replacement character.
    file.end();
    await reading;
    expect(pieces).toEqual([
      'id,name,categoryId,status\r\n',
      '7,Ren',
      'é,2,sold\r\n8,',
      'é',
      '\uFFFD',
    ]);
  });

  it('gives no text for an answer without a body', async () => {
    const { client } = fake([
      new Response(null, { status: 200, headers: { 'content-type': 'text/csv' } }),
    ]);
    const answer = await client.streamPetsCsv();
    const pieces: string[] = [];
    for await (const piece of answer.chunks) pieces.push(piece);
    expect(pieces).toEqual([]);
  });

  it('holds back every call after a 429 to it, as after any other', async () => {
    const { client, requests } = fake([error(429, 'rate_limited', { 'retry-after': '120' })], {
      retry: { maxRetryAfterMs: 1000 },
    });
    expect((await caught(client.streamPetsCsv())).code).toBe('rate_limited');
    expect((await caught(client.listPets())).message).toBe('Rate limited for another 120 seconds.');
    expect(requests).toHaveLength(1);
  });

  it('keeps the timeout for the start of the answer only: a slow file still arrives whole', async () => {
    const file = piecemeal();
    const { client } = fake([file.response], { timeoutMs: 20 });
    const answer = await client.streamPetsCsv();
    setTimeout(() => {
      file.send('id,name,categoryId,status\r\n');
      file.end();
    }, 60);
    const pieces: string[] = [];
    for await (const piece of answer.chunks) pieces.push(piece);
    // A file that ends whole ends with its last piece, and no empty one after it.
    expect(pieces).toEqual(['id,name,categoryId,status\r\n']);
  });

  it('times out when the answer does not start in time', async () => {
    const { client } = fake([noAnswer], { timeoutMs: 5, retry: { retries: 0 } });
    const failure = await caught(client.streamPetsCsv());
    expect(failure).toMatchObject({ kind: 'timeout', code: 'timeout' });
    expect(failure.message).toContain('5 ms');
  });

  it('stops when aborted, as an aborted call, and cancels the rest when the loop is left', async () => {
    const first = piecemeal();
    const second = piecemeal();
    const { client } = fake([first.response, second.response]);
    const stop = new AbortController();
    const answer = await client.streamPetsCsv({}, { signal: stop.signal });
    first.send('id,name\r\n');
    const reading = (async () => {
      for await (const piece of answer.chunks) if (piece) stop.abort();
    })();
    const failure = await caught(reading);
    expect(failure).toMatchObject({
      kind: 'aborted',
      code: 'aborted',
      message: 'The call was aborted.',
    });
    expect(first.cancelled()).toBe(true);

    // Aborted while waiting for a piece that does not come: the wait ends at once.
    const third = piecemeal();
    const { client: other } = fake([third.response]);
    const later = new AbortController();
    const waiting = await other.streamPetsCsv({}, { signal: later.signal });
    setTimeout(() => {
      later.abort();
    }, 5);
    expect(
      (
        await caught(
          (async () => {
            for await (const piece of waiting.chunks) expect(piece).toBe('never');
          })(),
        )
      ).code,
    ).toBe('aborted');

    const again = await client.streamPetsCsv();
    second.send('id,name\r\n');
    for await (const piece of again.chunks) if (piece) break;
    expect(second.cancelled()).toBe(true);
  });

  it('says when the file stops arriving, refuses an answer that is not CSV, and throws the API error of a refusal', async () => {
    const file = piecemeal();
    const { client } = fake([file.response, json(200, []), error(400, 'invalid_query')]);
    const answer = await client.streamPetsCsv();
    file.send('id,name\r\n');
    file.fail(new Error('connection reset'));
    const failure = await caught(
      (async () => {
        for await (const piece of answer.chunks) expect(piece).toBe('id,name\r\n');
      })(),
    );
    expect(failure).toMatchObject({
      kind: 'network',
      code: 'network_error',
      message: 'The file stopped arriving: connection reset',
    });
    expect(await caught(client.streamPetsCsv())).toMatchObject({
      kind: 'invalid_response',
      code: 'invalid_response',
      message: "The API's answer to GET http://api.test/v1/pets is not CSV.",
    });
    expect((await caught(client.streamPetsCsv())).code).toBe('invalid_query');
  });
});

describe('pet profiles and photos (beta)', () => {
  const photo = createPetPhoto({ id: 8, position: 3 });
  const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const NO_TYPE = new TypeError(
    'A photo needs its media type: pass { contentType } (image/jpeg, image/png, image/webp or image/avif), unless it is a Blob that has a type.',
  );
  const TOO_LARGE = new RangeError('A photo may be at most 15 MiB.');

  /** What an upload sent: method, address, headers and the body's bytes. */
  const uploaded = async (request: Request | undefined) => ({
    method: request?.method,
    url: request?.url,
    headers: headersOf(request),
    bytes: new Uint8Array((await request?.arrayBuffer()) ?? new ArrayBuffer(0)),
  });

  const expectedUpload = (type: string, bytes: Uint8Array = JPEG) => ({
    method: 'POST',
    url: 'http://api.test/v1/pets/7/photos',
    headers: {
      authorization: 'Bearer pets_test_key',
      accept: 'application/json',
      'content-type': type,
      // One the client makes, unless given: a retry never adds the photo twice.
      'idempotency-key': expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    },
    bytes: new Uint8Array(bytes),
  });

  /** A web stream of `pieces`, that records how many it gave and whether it was cancelled. */
  function webStream(pieces: Uint8Array[]) {
    const state = { given: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const piece = pieces[state.given];
          if (piece === undefined) controller.close();
          else {
            state.given++;
            controller.enqueue(piece);
          }
        },
        cancel() {
          state.cancelled = true;
        },
        // Nothing read ahead: a piece is given when the client reads it.
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  }

  it('uploadPetPhoto sends bytes as they are, with the contentType given, and answers the photo', async () => {
    const { client, requests, inits } = fake([json(201, photo), json(201, photo)]);
    const result = await client.uploadPetPhoto(7, Buffer.from(JPEG), { contentType: 'image/jpeg' });
    expect(result).toEqual(answered(photo, 201));
    expect(await uploaded(requests[0])).toEqual(expectedUpload('image/jpeg'));
    // Whole bytes, so fetch sends a Content-Length.
    expect(inits[0]?.body).toBeInstanceOf(Uint8Array);
    await client.uploadPetPhoto(7, JPEG.slice().buffer, { contentType: 'image/avif' });
    expect(await uploaded(requests[1])).toEqual(expectedUpload('image/avif'));
  });

  it("uploadPetPhoto sends a Blob's bytes with its own type, unless contentType says otherwise", async () => {
    const { client, requests } = fake([json(201, photo), json(201, photo)]);
    await client.uploadPetPhoto(7, new Blob([JPEG], { type: 'image/png' }));
    await client.uploadPetPhoto(7, new Blob([JPEG], { type: 'image/png' }), {
      contentType: 'image/webp',
    });
    expect(await uploaded(requests[0])).toEqual(expectedUpload('image/png'));
    expect(await uploaded(requests[1])).toEqual(expectedUpload('image/webp'));
  });

  it('uploadPetPhoto reads a stream whole first: a web stream, a Node Readable, any async iterable', async () => {
    const pieces = [JPEG.slice(0, 2), JPEG.slice(2, 3), JPEG.slice(3)];
    async function* generated() {
      for (const piece of pieces) yield await Promise.resolve(piece);
    }
    const web = webStream(pieces);
    // A browser that cannot iterate a web stream: the client uses its reader.
    const plain = webStream(pieces).stream;
    Object.defineProperty(plain, Symbol.asyncIterator, { value: undefined });
    const { client, requests } = fake(Array.from({ length: 4 }, () => json(201, photo)));
    for (const stream of [
      web.stream,
      plain,
      Readable.from(pieces.map((piece) => Buffer.from(piece))),
      generated(),
    ])
      await client.uploadPetPhoto(7, stream, { contentType: 'image/jpeg' });
    for (const request of requests)
      expect(await uploaded(request)).toEqual(expectedUpload('image/jpeg'));
    expect(web.state.given).toBe(3);
  });

  it('uploadPetPhoto takes exactly 15 MiB', async () => {
    const { client, requests } = fake([json(201, photo)]);
    const stream = webStream([new Uint8Array(PHOTO_BYTES_MAX - 1), Uint8Array.of(9)]).stream;
    await client.uploadPetPhoto(7, stream, { contentType: 'image/png' });
    const bytes = new Uint8Array(await requests[0]!.arrayBuffer());
    expect(bytes.byteLength).toBe(PHOTO_BYTES_MAX);
    expect(bytes.at(-1)).toBe(9);
  });

  it('uploadPetPhoto refuses more than 15 MiB before sending, and stops reading a stream there', async () => {
    const { client, requests } = fake([]);
    const half = PHOTO_BYTES_MAX / 2;
    const web = webStream([
      new Uint8Array(half),
      new Uint8Array(half),
      Uint8Array.of(1),
      Uint8Array.of(2),
    ]);
    await expect(
      client.uploadPetPhoto(7, web.stream, { contentType: 'image/png' }),
    ).rejects.toThrow(TOO_LARGE);
    expect(web.state).toEqual({ given: 3, cancelled: true });
    let stopped = false;
    async function* endless() {
      try {
        for (;;) yield await Promise.resolve(new Uint8Array(half));
      } finally {
        stopped = true;
      }
    }
    await expect(client.uploadPetPhoto(7, endless(), { contentType: 'image/png' })).rejects.toThrow(
      TOO_LARGE,
    );
    expect(stopped).toBe(true);
    const tooMany = new Uint8Array(PHOTO_BYTES_MAX + 1);
    await expect(client.uploadPetPhoto(7, tooMany, { contentType: 'image/png' })).rejects.toThrow(
      TOO_LARGE,
    );
    await expect(
      client.uploadPetPhoto(7, new Blob([tooMany], { type: 'image/png' })),
    ).rejects.toThrow(TOO_LARGE);
    expect(requests).toEqual([]);
  });

  it('uploadPetPhoto refuses, before sending, a photo without a media type and a stream of text', async () => {
    const { client, requests } = fake([]);
    await expect(client.uploadPetPhoto(7, new Blob([JPEG]))).rejects.toThrow(NO_TYPE);
    // @ts-expect-error bytes need a contentType
    await expect(client.uploadPetPhoto(7, JPEG)).rejects.toThrow(NO_TYPE);
    // @ts-expect-error so does a stream
    await expect(client.uploadPetPhoto(7, Readable.from([Buffer.from(JPEG)]), {})).rejects.toThrow(
      NO_TYPE,
    );
    await expect(
      client.uploadPetPhoto(7, Readable.from(['not', 'bytes']), { contentType: 'image/jpeg' }),
    ).rejects.toThrow(
      new TypeError('A photo stream must give bytes (Uint8Array or Buffer), not text.'),
    );
    expect(requests).toEqual([]);
  });

  it('uploadPetPhoto is repeated after a network failure, a timeout or a 503, with the same key and bytes', async () => {
    const { client, requests } = fake(
      [
        new TypeError('socket hang up'),
        noAnswer,
        error(503, 'service_unavailable'),
        json(201, photo),
      ],
      { timeoutMs: 5 },
    );
    const result = await client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' });
    expect(result.data).toEqual(photo);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    for (const request of requests)
      expect(await uploaded(request)).toEqual(expectedUpload('image/jpeg'));
  });

  it('uploadPetPhoto sends the key it is given, and a new one per call otherwise', async () => {
    const { client, requests } = fake([json(201, photo), json(201, photo), json(201, photo)]);
    await client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg', idempotencyKey: 'rex-1' });
    await client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' });
    await client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe('rex-1');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('uploadPetPhoto is retried after a 503 or 429 asking to wait (the API did nothing), the same bytes again', async () => {
    const { client, requests, sleeps } = fake([
      error(503, 'service_unavailable', { 'retry-after': '2' }),
      error(429, 'rate_limited', { 'retry-after': '1' }),
      json(201, photo),
    ]);
    expect((await client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' })).data).toEqual(
      photo,
    );
    expect(sleeps).toEqual([2000 + 125, 1000 + 250]);
    for (const request of requests)
      expect(await uploaded(request)).toEqual(expectedUpload('image/jpeg'));
  });

  it('uploadPetPhoto refuses an answer that is not a photo, and can be cancelled', async () => {
    const { client } = fake([json(201, { ...photo, urls: { small: 'x' } })]);
    expect(
      await caught(client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' })),
    ).toMatchObject({
      kind: 'invalid_response',
      status: 201,
    });
    await expectEachCancelled(
      [(each, signal) => each.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg', signal })],
      fake,
      () => json(201, photo),
    );
  });

  it('uploadPetPhoto passes on what the API refuses, with its code', async () => {
    const { client, requests } = fake([error(409, 'too_many_photos')]);
    const refused = await caught(client.uploadPetPhoto(7, JPEG, { contentType: 'image/jpeg' }));
    expect(refused).toMatchObject({ kind: 'api', status: 409, code: 'too_many_photos' });
    expect(requests).toHaveLength(1);
  });

  it('removePetPhoto sends DELETE and takes a 204 without a body', async () => {
    const { client, requests } = fake([
      new Response(null, { status: 204, headers: { 'x-request-id': 'req-204' } }),
      new TypeError('socket hang up'),
      new Response(null, { status: 204 }),
    ]);
    expect(await client.removePetPhoto(7, 8)).toEqual(answered(undefined, 204));
    expect(await sentOf(requests[0])).toEqual({
      method: 'DELETE',
      url: 'http://api.test/v1/pets/7/photos/8',
      body: '',
    });
    // The same effect however often it is sent.
    await client.removePetPhoto(7, 8, { signal: new AbortController().signal });
    expect(requests).toHaveLength(3);
  });

  it('listPets and iteratePets send expand comma-separated and keep the profile and photos', async () => {
    const expanded = { ...createPet({ id: 4 }), profile: EMPTY_PROFILE, photos: [photo] };
    const { client, requests } = fake([json(200, [expanded]), json(200, [expanded])]);
    const page = await client.listPets({ status: 'available', expand: ['profile', 'photos'] });
    expect(page.data).toEqual([expanded]);
    const iterated: unknown[] = [];
    for await (const pet of client.iteratePets({ expand: ['photos'] })) iterated.push(pet);
    expect(iterated).toEqual([expanded]);
    expect(urlsOf(requests)).toEqual([
      'http://api.test/v1/pets?status=available&expand=profile%2Cphotos',
      'http://api.test/v1/pets?expand=photos',
    ]);
  });

  it('getPet sends expand and keeps the profile and photos', async () => {
    const expanded = { ...createPet({ id: 9 }), profile: EMPTY_PROFILE, photos: [] };
    const { client, requests } = fake([json(200, expanded)]);
    const controller = new AbortController();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated operation is still served and tested
    const pet = await client.getPet(9, {
      expand: ['profile', 'photos'],
      signal: controller.signal,
    });
    expect(pet.data).toEqual(expanded);
    expect(requests[0]?.url).toBe('http://api.test/v1/pets/9?expand=profile%2Cphotos');
    expect(requests[0]?.signal.aborted).toBe(false);
    controller.abort();
    expect(requests[0]?.signal.aborted).toBe(true);
  });
});
