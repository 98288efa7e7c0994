import { createPet, createNewPet } from '@pets/contract/testing';
import { describe, expect, it } from 'vitest';
import { createPetstoreClient, type PetstoreClientOptions } from './client.js';
import { PetstoreApiError } from './errors.js';

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req-${status}`, ...headers },
  });

const error = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { code, message: `${code} happened`, status }, headers);

/** A fake API: answers in order, records every request, and a clock that sleeping moves. */
function fake(replies: Reply[], options: Partial<PetstoreClientOptions> = {}) {
  const requests: Request[] = [];
  const sleeps: number[] = [];
  let clock = Date.UTC(2030, 0, 1);
  const client = createPetstoreClient({
    baseUrl: 'http://api.test/v1',
    apiKey: 'pets_test_key',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
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
  return { client, requests, sleeps };
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
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            reject(new Error('aborted'));
          });
          controller.abort();
        }),
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
    const ids: number[] = [];
    for await (const pet of client.iteratePets({ limit: 2 })) ids.push(pet.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(requests.map((r) => r.url)).toEqual([
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
