/**
 * Property-based tests: requests for every endpoint generated from the contract's schemas, valid and
 * hostile. Replay a failure with FUZZ_SEED=<seed> (fast-check prints the seed and the path).
 */
import {
  ApiError,
  Category,
  CategoryPatch,
  ERROR_STATUS,
  NewCategory,
  ListOrdersQuery,
  NewOrder,
  NewPet,
  NO_SUCH_CATEGORY,
  NO_SUCH_PET,
  Order,
  Orders,
  Pet,
  Pets,
} from '@pets/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const SEED = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED']);
const runs = (numRuns: number) => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });

let t: TestApp;
let auth: Record<string, string>;
let staffAuth: Record<string, string>;

/** The categories a new installation starts with, all in use: a pet may be put in any of them. */
const IN_USE = [1, 2, 3, 4, 5, 6];
const inUse = (categoryId: unknown) => IN_USE.includes(categoryId as number);
/** A category of the fuzzing's own, so no archive it makes touches the categories pets use. */
let fuzzed = 0;
let countPets: () => Promise<number>;
/** Whether a category with this id exists and is in use, as the database has it now. */
let usable: (categoryId: number) => Promise<boolean>;

beforeAll(async () => {
  t = await createTestApp({ engine: 'sqlite' });
  const { key } = await t.createKey({
    plan: 'enterprise',
    limits: { perMinute: 10_000_000, perDay: 1_000_000_000 },
  });
  auth = { authorization: `Bearer ${key}` };
  const staff = await t.createKey({
    name: 'Staff',
    role: 'staff',
    plan: 'enterprise',
    limits: { perMinute: 10_000_000, perDay: 1_000_000_000 },
  });
  staffAuth = { authorization: `Bearer ${staff.key}` };
  const dataSource = t.app.get(DataSource);
  usable = async (categoryId) =>
    (
      await dataSource.query<unknown[]>('SELECT 1 FROM categories WHERE id = ? AND archived = 0', [
        categoryId,
      ])
    ).length > 0;
  countPets = async () =>
    Number((await dataSource.query<{ n: number }[]>('SELECT count(*) AS n FROM pets'))[0]?.n);
});
afterAll(async () => {
  await t.close();
});

/** What every answer of the API must be, whatever was asked. */
function checkInvariants(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(response.headers['x-request-id']).toEqual(expect.any(String));
  // Every answer of the API proper; a path like /v1/%2e%2e/ resolves outside it before routing.
  const path = response.raw.req.url ?? '';
  if (path.startsWith('/v1')) checkRateLimitHeaders(response);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const error = ApiError.parse(JSON.parse(response.body));
    expect(error.status).toBe(response.statusCode);
    expect(ERROR_STATUS[error.code]).toBe(response.statusCode);
  }
}

function checkRateLimitHeaders(response: LightMyRequestResponse): void {
  for (const header of [
    'x-ratelimit-limit',
    'x-ratelimit-remaining',
    'x-ratelimit-reset',
    'ratelimit',
    'ratelimit-policy',
  ]) {
    expect(response.headers[header], header).toEqual(expect.any(String));
  }
}

const send = async (options: InjectOptions) => {
  const response = await t.app.inject(options);
  checkInvariants(response);
  return response;
};

// Strings people and attackers send.
const nasty = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "Robert'); DROP TABLE pets;--",
    '<script>alert(1)</script>',
    '𝓡𝓮𝔁 🐕‍🦺',
    'שלום כלב',
    '\u202eevil\u202c',
    '\u0000',
    '\ud800',
    ' '.repeat(300),
    '__proto__',
    'constructor',
    '%00',
    '../../etc/passwd',
  ),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 53 - 1, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, -0, 1.5),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  nasty,
  number,
  fc.constant(null),
);
const hostileObject = fc.dictionary(
  fc.oneof(
    fc.string(),
    fc.constantFrom('name', 'categoryId', 'status', 'id', '__proto__', 'constructor', 'prototype'),
  ),
  hostileValue,
  {
    maxKeys: 6,
  },
);

// Valid pets, straight from the contract's rules.
const validName = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((name) => NewPet.shape.name.safeParse(name).success);
const validNewPet = fc.record(
  {
    name: validName,
    categoryId: fc.constantFrom(...IN_USE),
    status: fc.constantFrom('available', 'pending', 'sold'),
  },
  { requiredKeys: ['name', 'categoryId'] },
);

describe('POST /v1/pets', () => {
  it('a valid pet round-trips exactly', async () => {
    await fc.assert(
      fc.asyncProperty(validNewPet, async (input) => {
        const created = await send({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
        expect(created.statusCode).toBe(201);
        const pet = Pet.parse(JSON.parse(created.body));
        expect(pet).toEqual({ id: pet.id, ...NewPet.parse(input) });
        const fetched = await send({ method: 'GET', url: `/v1/pets/${pet.id}`, headers: auth });
        expect(JSON.parse(fetched.body)).toEqual(pet);
      }),
      runs(1_500),
    );
  });

  it('a valid pet in a category that is not there is refused on categoryId, and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        validNewPet,
        // Above every id a category of this run gets (SQLite hands them out one after another).
        fc.integer({ min: 1_000_000, max: Number.MAX_SAFE_INTEGER }),
        async (input, categoryId) => {
          const before = await countPets();
          const response = await send({
            method: 'POST',
            url: '/v1/pets',
            headers: { ...auth, 'content-type': 'application/json' },
            payload: JSON.stringify({ ...input, categoryId }),
          });
          expect(response.statusCode).toBe(400);
          expect(JSON.parse(response.body)).toMatchObject({
            code: 'invalid_body',
            details: [{ field: 'categoryId', issue: NO_SUCH_CATEGORY }],
          });
          expect(await countPets()).toBe(before);
        },
      ),
      runs(500),
    );
  });

  it('anything else is refused in the contract shape, and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(hostileObject, hostileValue),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          '',
        ),
        async (body, contentType) => {
          const before = await countPets();
          const payload =
            typeof body === 'string' && contentType !== 'application/json'
              ? body
              : JSON.stringify(body);
          const headers: Record<string, string> = { ...auth };
          if (contentType) headers['content-type'] = contentType;
          const response = await send({
            method: 'POST',
            url: '/v1/pets',
            headers,
            payload,
          });
          const parsed = NewPet.safeParse(body);
          const valid =
            contentType.startsWith('application/json') &&
            parsed.success &&
            inUse(parsed.data.categoryId);
          if (valid) {
            expect(response.statusCode).toBe(201);
          } else {
            expect(response.statusCode).toBe(response.statusCode === 413 ? 413 : 400);
            expect(await countPets()).toBe(before);
          }
        },
      ),
      runs(3_000),
    );
  });

  it('raw bytes that are not JSON are invalid_json, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (raw) => {
        const response = await send({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: raw,
        });
        let parsed: unknown;
        let parses = true;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parses = false;
        }
        if (!parses || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_json' });
        }
      }),
      runs(1_500),
    );
  });
});

describe('GET /v1/pets', () => {
  const queryKey = fc.oneof(
    fc.constantFrom('limit', 'status', 'cursor', 'offset', 'page', '__proto__', 'constructor'),
    fc.string({ maxLength: 10 }),
  );
  const queryValue = fc.oneof(
    fc.integer({ min: -5, max: 200 }).map(String),
    fc.constantFrom('available', 'pending', 'sold', ''),
    nasty,
  );

  it('any query string gets a page of pets or 400 invalid_query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(queryKey, queryValue), { maxLength: 5 }),
        async (pairs) => {
          const search = new URLSearchParams(pairs).toString();
          const response = await send({ method: 'GET', url: `/v1/pets?${search}`, headers: auth });
          if (response.statusCode === 200) {
            const pets = Pets.parse(JSON.parse(response.body));
            const limit = Number(new URLSearchParams(search).get('limit') ?? 20);
            expect(pets.length).toBeLessThanOrEqual(limit);
          } else {
            expect(response.statusCode).toBe(400);
            expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_query' });
          }
        },
      ),
      runs(2_000),
    );
  });
});

describe('categories', () => {
  beforeAll(async () => {
    const created = await send({
      method: 'POST',
      url: '/v1/categories',
      headers: { ...staffAuth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Fuzzed' }),
    });
    fuzzed = Category.parse(JSON.parse(created.body)).id;
  });

  it('a body to create or change one is a category, a taken name or a refusal in the contract shape', async () => {
    const body = fc.oneof(
      hostileObject,
      hostileValue,
      fc.record({ name: validName }, { requiredKeys: [] }),
      fc.record(
        { name: validName.map((name) => name.slice(0, 60)), archived: fc.boolean() },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('POST', 'PATCH'), async (input, method) => {
        const url = method === 'POST' ? '/v1/categories' : `/v1/categories/${fuzzed}`;
        const response = await send({
          method,
          url,
          headers: { ...staffAuth, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
        const schema = method === 'POST' ? NewCategory : CategoryPatch;
        if (schema.safeParse(input).success) {
          expect([200, 201, 409]).toContain(response.statusCode);
          if (response.statusCode !== 409) Category.parse(JSON.parse(response.body));
        } else {
          expect(response.statusCode).toBe(response.statusCode === 413 ? 413 : 400);
        }
      }),
      runs(1_000),
    );
  });
});

describe('store orders', () => {
  it('a body to place one is an order, a refusal on petId or a 409, in the contract shape', async () => {
    const body = fc.oneof(
      hostileObject,
      hostileValue,
      fc.record({ petId: fc.oneof(number, fc.integer({ min: 1, max: 60 })) }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const response = await send({
          method: 'POST',
          url: '/v1/store/orders',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
        if (NewOrder.safeParse(input).success) {
          expect([201, 400, 409]).toContain(response.statusCode);
          if (response.statusCode === 201) Order.parse(JSON.parse(response.body));
          if (response.statusCode === 400)
            expect(JSON.parse(response.body)).toMatchObject({
              code: 'invalid_body',
              details: [{ field: 'petId', issue: NO_SUCH_PET }],
            });
        } else {
          expect(response.statusCode).toBe(response.statusCode === 413 ? 413 : 400);
        }
      }),
      runs(500),
    );
  });

  it('a move of any order id, by staff or a partner, is the order or a refusal in the contract shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 1, max: 80 }).map(String),
          // `.` and `..` are not ids but dot segments: the URL resolves them away (RFC 3986), and
          // `/store/orders/./approve` is `/store/orders/approve`, a path with no POST (405).
          fc.string({ maxLength: 12 }).filter((text) => text !== '.' && text !== '..'),
        ),
        fc.constantFrom('approve', 'deliver', 'cancel'),
        fc.boolean(),
        async (id, move, asStaff) => {
          const response = await send({
            method: 'POST',
            url: `/v1/store/orders/${encodeURIComponent(id)}/${move}`,
            headers: asStaff ? staffAuth : auth,
          });
          expect([200, 403, 404, 409]).toContain(response.statusCode);
          if (response.statusCode === 200) Order.parse(JSON.parse(response.body));
        },
      ),
      runs(500),
    );
  });

  it('any query string of the list is a page of orders or 400 invalid_query', async () => {
    const value = fc.oneof(
      nasty,
      number.map(String),
      fc.constantFrom('placed', 'cancelled', '1', '-id', 'pet', 'account,pet', 'pet,pet'),
    );
    const query = fc.dictionary(
      fc.constantFrom('status', 'petId', 'limit', 'cursor', 'accountId', 'sort', 'expand'),
      value,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const response = await send({
          method: 'GET',
          url: `/v1/store/orders?${new URLSearchParams(params).toString()}`,
          headers: auth,
        });
        // A partner's `accountId` is refused whatever its value: the filter is staff's.
        const partnersOwn = params['accountId'] === undefined;
        if (
          ListOrdersQuery.safeParse(params).success &&
          params['cursor'] === undefined &&
          partnersOwn
        ) {
          expect(response.statusCode, response.body).toBe(200);
          Orders.parse(JSON.parse(response.body));
        } else {
          expect([200, 400]).toContain(response.statusCode);
          if (response.statusCode === 400)
            expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_query' });
        }
      }),
      runs(500),
    );
  });
});

describe('paths, methods and headers', () => {
  it('any path under /v1 is answered in the contract shape', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('pets', '..', '%2e%2e', '%00', '9007199254740993', '-1', '01'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        async (segments, method) => {
          const response = await send({
            method,
            url: `/v1/${segments.join('/')}`,
            headers: { ...auth, 'content-type': 'application/json' },
            payload: '{}',
          });
          expect([200, 201, 400, 403, 404, 405, 413]).toContain(response.statusCode);
          // 405 only with the methods the path takes, and never one of them.
          if (response.statusCode === 405)
            expect(String(response.headers.allow).split(', ')).not.toContain(method);
        },
      ),
      runs(1_500),
    );
  });

  it('odd and repeated headers never break a request', async () => {
    // Headers that frame the request itself are left to the transport.
    const FRAMING = new Set([
      'content-length',
      'transfer-encoding',
      'host',
      'connection',
      'content-type',
      'authorization',
      'expect',
      'upgrade',
    ]);
    const headerName = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
      .filter((name) => !FRAMING.has(name));
    const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(headerName, headerValue, { maxKeys: 5 }),
        fc.constantFrom(
          auth.authorization ?? '',
          'Bearer',
          'Bearer  x',
          'Basic Zm9vOmJhcg==',
          `${auth.authorization ?? ''}, Bearer x`,
        ),
        fc.oneof(fc.constant(undefined), headerValue),
        async (extra, authorization, idempotencyKey) => {
          // A new minute each time: callers without a valid key have the Free plan's 60.
          t.clock.advance(61_000);
          const headers: Record<string, string> = {
            ...extra,
            authorization,
            'content-type': 'application/json',
          };
          if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
          const response = await send({
            method: 'POST',
            url: '/v1/pets',
            headers,
            payload: JSON.stringify({ name: 'Header test', categoryId: 1 }),
          });
          expect([201, 400, 401]).toContain(response.statusCode);
        },
      ),
      runs(1_000),
    );
  });
});

describe('the input classes docs/team/guarantees.md names', () => {
  const post = (payload: string | Buffer, contentType = 'application/json') =>
    send({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...auth, 'content-type': contentType },
      payload,
    });

  // Characters that hide, reorder or control text, mixed with ordinary ones.
  const tricky = fc.constantFrom(
    '\u200b',
    '\u200d',
    '\u3164',
    '\u2800',
    '\ufeff',
    '\u00ad',
    '\u202a',
    '\u202e',
    '\u2066',
    '\u2069',
    '\u200e',
    '\u061c',
    '\u0000',
    '\u001b',
    '\u0085',
    '\u00a0',
    '\u3000',
    'é',
    'e\u0301',
    '🐕‍🦺',
    'R',
    ' ',
  );

  it('names with invisible, bidirectional and control characters: the API agrees with the contract', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tricky, { minLength: 1, maxLength: 8 }), async (parts) => {
        const name = parts.join('');
        const expected = NewPet.shape.name.safeParse(name);
        const response = await post(JSON.stringify({ name, categoryId: 1 }));
        if (expected.success) {
          expect(response.statusCode).toBe(201);
          expect(JSON.parse(response.body)).toMatchObject({ name: expected.data });
        } else {
          expect(response.statusCode).toBe(400);
          const error = JSON.parse(response.body) as { code: string; details: { field: string }[] };
          expect(error.code).toBe('invalid_body');
          expect(error.details.map((detail) => detail.field)).toEqual(
            error.details.map(() => 'name'),
          );
        }
      }),
      runs(800),
    );
  });

  it('integers written with fractions or exponents are invalid_body, whatever their value', async () => {
    const literal = fc.oneof(
      fc.integer({ min: -5, max: 2 ** 40 }).map(String),
      fc.integer({ min: 1, max: 1_000 }).map((n) => `${n}.0`),
      fc.integer({ min: 1, max: 1_000 }).map((n) => `${n}e0`),
      fc
        .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 20 }))
        .map(([n, e]) => `${n}E+${e}`),
      fc.double({ min: 1, max: 2 ** 53, noNaN: true }).map(String),
      fc.constantFrom('9007199254740991.4', '9007199254740991', '9007199254740992', '1.00', '-0'),
    );
    await fc.assert(
      fc.asyncProperty(literal, async (text) => {
        const before = await countPets();
        const response = await post(`{"name": "Literal", "categoryId": ${text}}`);
        const value = Number(text);
        const plainInteger = /^-?(0|[1-9][0-9]*)$/.test(text);
        if (plainInteger && inUse(value)) {
          expect(response.statusCode).toBe(201);
          expect(JSON.parse(response.body)).toMatchObject({ categoryId: value });
        } else if (plainInteger && value >= 1 && value <= Number.MAX_SAFE_INTEGER) {
          // An id the contract takes: a category in use (the categories' fuzzing makes some), or
          // refused on categoryId.
          if (await usable(value)) {
            expect(response.statusCode).toBe(201);
            return;
          }
          expect(response.statusCode).toBe(400);
          expect(JSON.parse(response.body)).toMatchObject({
            code: 'invalid_body',
            details: [{ field: 'categoryId' }],
          });
          expect(await countPets()).toBe(before);
        } else {
          expect(response.statusCode).toBe(400);
          expect(JSON.parse(response.body)).toMatchObject({
            code: 'invalid_body',
            details: [{ field: 'categoryId' }],
          });
          expect(await countPets()).toBe(before);
        }
      }),
      runs(800),
    );
  });

  it('only UTF-8 is taken: other charsets and bytes that are not UTF-8 are refused', async () => {
    const charset = fc.oneof(
      fc.constantFrom(
        'utf-8',
        'UTF-8',
        'utf8',
        '"utf-8"',
        'latin1',
        'iso-8859-1',
        'utf-16',
        'ascii',
      ),
      fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    );
    const bytes = fc.uint8Array({ minLength: 1, maxLength: 6 });
    const strict = new TextDecoder('utf-8', { fatal: true });
    await fc.assert(
      fc.asyncProperty(fc.option(charset), bytes, async (set, inserted) => {
        const before = await countPets();
        const body = Buffer.concat([
          Buffer.from('{"name": "Bytes '),
          Buffer.from(inserted),
          Buffer.from('", "categoryId": 1}'),
        ]);
        const contentType = set === null ? 'application/json' : `application/json; charset=${set}`;
        const response = await post(body, contentType);
        const isUtf8 =
          set === null || ['utf-8', 'utf8'].includes(set.replace(/"/g, '').toLowerCase());
        let text: string | undefined;
        try {
          text = strict.decode(body);
        } catch {
          text = undefined;
        }
        if (!isUtf8) {
          expect(JSON.parse(response.body)).toMatchObject({ code: 'unsupported_media_type' });
        } else if (text === undefined) {
          expect(JSON.parse(response.body)).toMatchObject({ code: 'invalid_json' });
        }
        if (response.statusCode !== 201) expect(await countPets()).toBe(before);
        else
          expect(JSON.parse(response.body)).not.toMatchObject({
            name: expect.stringContaining('\ufffd') as string,
          });
      }),
      runs(800),
    );
  });
});
