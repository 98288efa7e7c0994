// The pets API over HTTP on each database: authentication by Bearer key, creating pets and what is
// refused, Idempotency-Key, listing with Link, the deprecated getPet until its sunset, and request
// logs that never hold the key.
import type { InjectOptions } from 'light-my-request';
import { DataSource } from 'typeorm';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';
import { expectProblem, followLinks, nextLink } from '../../test/requests.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('pets API on %s', (engine) => {
  const { t, partner } = useApp({ engine }, { partner: anAccount() });

  const call = (options: InjectOptions) => t.app.inject(options);
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    call({
      method: 'POST',
      url: '/v1/pets',
      headers: { ...partner.auth, 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const list = async (query = '') => {
    const response = await call({ method: 'GET', url: `/v1/pets${query}`, headers: partner.auth });
    return response;
  };
  const countPets = async () =>
    (
      await followLinks(
        (url) => call({ method: 'GET', url, headers: partner.auth }),
        '/v1/pets?limit=100',
      )
    ).length;

  describe('authentication', () => {
    it('without a key: 401 missing_api_key with a Bearer challenge', async () => {
      const response = await call({ method: 'GET', url: '/v1/pets' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({
        code: 'missing_api_key',
        message: 'Send an API key as "Authorization: Bearer <key>".',
        status: 401,
      });
    });

    it('another scheme is no bearer token: missing_api_key', async () => {
      const response = await call({
        method: 'GET',
        url: '/v1/pets',
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'missing_api_key' });
    });

    it('a key in the query string is not accepted', async () => {
      const response = await call({ method: 'GET', url: `/v1/pets?access_token=${partner.key}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'missing_api_key' });
    });

    it.each([
      'Bearer pets_test_notarealkeynotarealkeynotarealkeynotarealkey1',
      'Bearer garbage',
      'Bearer ',
      'Bearer a b',
      `Bearer ${'x'.repeat(5000)}`,
    ])('%s: 401 invalid_api_key with error="invalid_token"', async (authorization) => {
      const response = await call({ method: 'GET', url: '/v1/pets', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer realm="petstore", error="invalid_token"',
      );
      expect(response.json()).toEqual({
        code: 'invalid_api_key',
        message: 'The API key is not valid: it is unknown, malformed or revoked.',
        status: 401,
      });
    });

    it('authenticates before reading the body: no key and bad JSON is 401', async () => {
      const response = await call({
        method: 'POST',
        url: '/v1/pets',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /v1/pets', () => {
    it('creates a pet: 201, the pet, and its absolute Location', async () => {
      const response = await post({ name: '  Rex  ', categoryId: 3 });
      expect(response.statusCode).toBe(201);
      const pet = response.json<{ id: number }>();
      expect(pet).toEqual({
        id: expect.any(Number) as number,
        name: 'Rex',
        categoryId: 3,
        status: 'available',
      });
      expect(response.headers.location).toBe(`http://localhost:80/v1/pets/${pet.id}`);
      expect(response.headers['x-request-id']).toBeDefined();
    });

    it('returns ids as numbers up to 2^53 - 1 in categoryId', async () => {
      // A category with the largest id (a pet's category from before categories were kept).
      const staff = await t.createKey({ name: 'Staff', role: 'staff' });
      const made = await call({
        method: 'POST',
        url: '/v1/categories',
        headers: { authorization: `Bearer ${staff.key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Largest id' }),
      });
      const p = (n: number) => (engine === 'postgres' ? `$${n}` : '?');
      await t.app
        .get(DataSource)
        .query(`UPDATE categories SET id = ${p(1)} WHERE id = ${p(2)}`, [
          9007199254740991,
          made.json<{ id: number }>().id,
        ]);
      const response = await post({ name: 'Big', categoryId: 9007199254740991, status: 'sold' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ categoryId: 9007199254740991, status: 'sold' });
      expect(response.body).toContain('"categoryId":9007199254740991');
    });

    it('accepts a charset parameter', async () => {
      expect(
        (
          await post(
            { name: 'Charset', categoryId: 1 },
            { 'content-type': 'application/json; charset=utf-8' },
          )
        ).statusCode,
      ).toBe(201);
    });

    describe('refuses, storing nothing', () => {
      let before: number;
      beforeEach(async () => {
        before = await countPets();
      });
      const expectNothingStored = async () => {
        expect(await countPets()).toBe(before);
      };

      it.each([
        [{ categoryId: 1 }, [{ field: 'name', issue: 'is required' }]],
        [{ name: 'Rex' }, [{ field: 'categoryId', issue: 'is required' }]],
        [{ name: '', categoryId: 1 }, [{ field: 'name', issue: 'must not be empty' }]],
        [
          { name: 'a'.repeat(101), categoryId: 1 },
          [{ field: 'name', issue: 'must be at most 100 characters' }],
        ],
        [
          { name: 'Re\u0000x', categoryId: 1 },
          [{ field: 'name', issue: 'must not contain control characters' }],
        ],
        [{ name: 'Rex', categoryId: 0 }, [{ field: 'categoryId', issue: 'must be at least 1' }]],
        [
          { name: 'Rex', categoryId: 9007199254740992 },
          [{ field: 'categoryId', issue: 'must be at most 9007199254740991' }],
        ],
        [{ name: 'Rex', categoryId: 1.5 }, [{ field: 'categoryId', issue: 'must be an integer' }]],
        [{ name: 'Rex', categoryId: '5' }, [{ field: 'categoryId', issue: 'must be an integer' }]],
        [
          { name: 'Rex', categoryId: 1, status: 'lost' },
          [{ field: 'status', issue: 'must be one of available, pending, sold' }],
        ],
        [{ name: 'Rex', categoryId: 1, id: 5 }, [{ field: 'id', issue: 'is not allowed' }]],
        [
          { name: 'Rex', categoryId: 1, tags: [], owner: 'x' },
          [
            { field: 'tags', issue: 'is not allowed' },
            { field: 'owner', issue: 'is not allowed' },
          ],
        ],
      ])('400 invalid_body for %j', async (body, details) => {
        const response = await post(body);
        expect(response.statusCode).toBe(400);
        const error = response.json<{ message: string }>();
        expect(error).toEqual({
          code: 'invalid_body',
          message: expect.stringMatching(/^The request body is invalid: /) as string,
          status: 400,
          details,
        });
        await expectNothingStored();
      });

      it('400 invalid_body names __proto__ as a field it does not take', async () => {
        const response = await post('{"name":"Rex","categoryId":1,"__proto__":{"admin":true}}');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_body',
          details: [{ field: '__proto__', issue: 'is not allowed' }],
        });
        await expectNothingStored();
      });

      it.each([
        ['{"name": "Rex", ', 'The request body is not valid JSON.'],
        ['[1, 2]', 'The request body must be a JSON object.'],
        ['"Rex"', 'The request body must be a JSON object.'],
        ['null', 'The request body must be a JSON object.'],
        ['', 'The request body is empty; send a JSON object.'],
      ])('400 invalid_json for %j', async (payload, message) => {
        const response = await post(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'invalid_json', message, status: 400 });
        await expectNothingStored();
      });

      it.each([
        ['text/plain'],
        ['application/x-www-form-urlencoded'],
        ['application/jsonp'],
        [undefined],
      ])('400 unsupported_media_type for Content-Type %s', async (contentType) => {
        const headers: Record<string, string> = { ...partner.auth };
        if (contentType) headers['content-type'] = contentType;
        const response = await call({
          method: 'POST',
          url: '/v1/pets',
          headers,
          payload: '{"name":"Rex","categoryId":1}',
        });
        expectProblem(response, {
          code: 'unsupported_media_type',
          message: 'Send the body as JSON with Content-Type: application/json.',
          status: 400,
        });
        await expectNothingStored();
      });

      it('413 payload_too_large over 16 KiB', async () => {
        const response = await post({ name: 'Rex', categoryId: 1, padding: 'x'.repeat(16 * 1024) });
        expectProblem(response, {
          code: 'payload_too_large',
          message: 'The request body is larger than 16 KiB.',
          status: 413,
        });
        await expectNothingStored();
      });

      it('400 invalid_body for a malformed Idempotency-Key', async () => {
        const response = await post(
          { name: 'Rex', categoryId: 1 },
          { 'idempotency-key': 'k'.repeat(256) },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_body',
          details: [
            { field: 'Idempotency-Key', issue: 'must be 1 to 255 printable ASCII characters' },
          ],
        });
        await expectNothingStored();
      });
    });
  });

  describe('Idempotency-Key', () => {
    it('a retry with the same key and body returns the first response and creates nothing', async () => {
      const first = await post({ name: 'Once', categoryId: 2 }, { 'idempotency-key': 'order-1' });
      const before = await countPets();
      const retry = await post(
        { name: ' Once ', categoryId: 2, status: 'available' },
        { 'idempotency-key': 'order-1' },
      );
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(retry.headers.location).toBe(first.headers.location);
      expect(await countPets()).toBe(before);
    });

    it('the same key with another body: 400 idempotency_key_reused', async () => {
      await post({ name: 'First', categoryId: 2 }, { 'idempotency-key': 'order-2' });
      const before = await countPets();
      const response = await post(
        { name: 'Second', categoryId: 2 },
        { 'idempotency-key': 'order-2' },
      );
      expectProblem(response, {
        code: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used with a different request body. Use a new key for each new request.',
        status: 400,
      });
      expect(await countPets()).toBe(before);
    });

    it('keys belong to an account: another account may use the same key', async () => {
      const other = await t.createKey({ plan: 'pro' });
      const mine = await post({ name: 'Shared', categoryId: 2 }, { 'idempotency-key': 'order-3' });
      const theirs = await post(
        { name: 'Shared', categoryId: 2 },
        { 'idempotency-key': 'order-3', authorization: `Bearer ${other.key}` },
      );
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json<{ id: number }>().id).not.toBe(mine.json<{ id: number }>().id);
    });

    it('concurrent requests with one key create one pet', async () => {
      const before = await countPets();
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          post({ name: 'Racer', categoryId: 4 }, { 'idempotency-key': 'race-1' }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      expect(new Set(responses.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
      expect(await countPets()).toBe(before + 1);
    });

    it('a key is remembered for 24 hours, then may be used again', async () => {
      const first = await post({ name: 'Daily', categoryId: 5 }, { 'idempotency-key': 'daily' });
      t.clock.advance(24 * 60 * 60 * 1000 - 1);
      const within = await post({ name: 'Daily', categoryId: 5 }, { 'idempotency-key': 'daily' });
      expect(within.json()).toEqual(first.json());
      t.clock.advance(1);
      const after = await post({ name: 'Daily', categoryId: 5 }, { 'idempotency-key': 'daily' });
      expect(after.statusCode).toBe(201);
      expect(after.json<{ id: number }>().id).toBeGreaterThan(first.json<{ id: number }>().id);
    });
  });

  describe('GET /v1/pets', () => {
    it('uses the proxy headers for Link only when TRUST_PROXY says so', async () => {
      await post({ name: 'One', categoryId: 1 });
      await post({ name: 'Two', categoryId: 1 });
      const response = await list('?limit=1');
      expect(response.headers.link).toMatch(/^<http:\/\/localhost:80\//);
      const spoofed = await call({
        method: 'GET',
        url: '/v1/pets?limit=1',
        headers: {
          ...partner.auth,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
        },
      });
      expect(spoofed.headers.link).toMatch(/^<http:\/\/localhost:80\//);
    });

    it.each([
      ['?limit=0', [{ field: 'limit', issue: 'must be an integer from 1 to 100' }]],
      ['?limit=101', [{ field: 'limit', issue: 'must be an integer from 1 to 100' }]],
      ['?limit=ten', [{ field: 'limit', issue: 'must be an integer from 1 to 100' }]],
      ['?limit=', [{ field: 'limit', issue: 'must be an integer from 1 to 100' }]],
      ['?limit=5&limit=6', [{ field: 'limit', issue: 'must be given once' }]],
      ['?status=lost', [{ field: 'status', issue: 'must be one of available, pending, sold' }]],
      ['?offset=10', [{ field: 'offset', issue: 'is not allowed' }]],
      ['?cursor=bm90LWEtY3Vyc29y', [{ field: 'cursor', issue: 'is not a valid cursor' }]],
      ['?cursor=abc%2Bdef', [{ field: 'cursor', issue: 'is not a valid cursor' }]],
    ])('400 invalid_query for %s', async (query, details) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_query', status: 400, details });
    });

    it('refuses a cursor with one character changed', async () => {
      await post({ name: 'A', categoryId: 1 });
      await post({ name: 'B', categoryId: 1 });
      const first = await list('?limit=1');
      const cursor = nextLink(first)?.searchParams.get('cursor') ?? '';
      const tampered = cursor.slice(0, 3) + (cursor[3] === 'A' ? 'B' : 'A') + cursor.slice(4);
      const response = await list(`?limit=1&cursor=${tampered}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_query',
        details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
      });
    });
  });

  describe('GET /v1/pets/{petId} (deprecated)', () => {
    const DEPRECATION = {
      deprecation: '@1767225600',
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '<http://localhost:80/v1/pets?status=available>; rel="successor-version", </docs#deprecations>; rel="deprecation"',
    };

    it('returns the pet with the deprecation headers', async () => {
      const created = (await post({ name: 'Fetch me', categoryId: 6, status: 'pending' })).json<{
        id: number;
      }>();
      const response = await call({
        method: 'GET',
        url: `/v1/pets/${created.id}`,
        headers: partner.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: created.id,
        name: 'Fetch me',
        categoryId: 6,
        status: 'pending',
      });
      expect(response.headers).toMatchObject(DEPRECATION);
    });

    it.each(['999999999', '0', '-1', '01', '1.5', 'abc', '9007199254740992', '1e3', '%20'])(
      '404 not_found for %s, with the headers',
      async (petId) => {
        const response = await call({
          method: 'GET',
          url: `/v1/pets/${petId}`,
          headers: partner.auth,
        });
        expectProblem(response, {
          code: 'not_found',
          message: 'No pet has this id.',
          status: 404,
        });
        expect(response.headers).toMatchObject(DEPRECATION);
      },
    );

    it('401 without a key, with the headers', async () => {
      const response = await call({ method: 'GET', url: '/v1/pets/1' });
      expect(response.statusCode).toBe(401);
      expect(response.headers).toMatchObject(DEPRECATION);
    });

    it('HEAD is deprecated with it; PATCH, DELETE and the list on the same paths are not', async () => {
      const created = (await post({ name: 'Not deprecated', categoryId: 1 })).json<{
        id: number;
      }>();
      const head = await call({
        method: 'HEAD',
        url: `/v1/pets/${created.id}`,
        headers: partner.auth,
      });
      expect(head.headers).toMatchObject(DEPRECATION);
      for (const request of [
        { method: 'PATCH' as const, payload: '{"name":"Still here"}' },
        { method: 'DELETE' as const },
      ]) {
        const response = await call({
          ...request,
          url: `/v1/pets/${created.id}`,
          headers: { ...partner.auth, 'content-type': 'application/json' },
        });
        // PATCH answers 200; DELETE is staff's (this key is a partner's): 403, no headers either.
        expect(response.statusCode).toBe(request.method === 'PATCH' ? 200 : 403);
        expect(response.headers['deprecation']).toBeUndefined();
        expect(response.headers['sunset']).toBeUndefined();
      }
      const listed = await call({ method: 'GET', url: '/v1/pets', headers: partner.auth });
      expect(listed.headers['deprecation']).toBeUndefined();
    });

    it('answers until the sunset instant, and 410 gone from it on', async () => {
      const created = (await post({ name: 'Sunset', categoryId: 1 })).json<{ id: number }>();
      const saved = t.clock.ms;
      try {
        t.clock.set(new Date(Date.UTC(2030, 11, 4, 23, 59, 59, 999)));
        expect(
          (await call({ method: 'GET', url: `/v1/pets/${created.id}`, headers: partner.auth }))
            .statusCode,
        ).toBe(200);
        t.clock.set(new Date(Date.UTC(2030, 11, 5)));
        const gone = await call({
          method: 'GET',
          url: `/v1/pets/${created.id}`,
          headers: partner.auth,
        });
        expectProblem(gone, {
          code: 'gone',
          message:
            'GET /v1/pets/{petId} was removed on 5 December 2030. Use GET /v1/pets with a status filter.',
          status: 410,
        });
        expect(gone.headers).toMatchObject(DEPRECATION);
        expect(gone.headers['x-request-id']).toBeDefined();
      } finally {
        t.clock.ms = saved;
      }
    });
  });

  describe('logging', () => {
    it('logs each request with its account, and never the key', async () => {
      const response = await list('?limit=1');
      const requestId = response.headers['x-request-id'];
      const line = t.logs.find(
        (entry) => entry['requestId'] === requestId && entry['msg'] === 'request',
      );
      expect(line).toMatchObject({
        method: 'GET',
        route: '/v1/pets',
        status: 200,
        accountId: expect.any(Number) as number,
      });
      const all = t.rawLogs.join('\n');
      expect(all).not.toContain(partner.key);
      expect(all.toLowerCase()).not.toContain('bearer pets_');
    });

    it("logs a path with an id under its operation's pattern, not the router's", async () => {
      const response = await call({ method: 'GET', url: '/v1/pets/424242', headers: partner.auth });
      const requestId = response.headers['x-request-id'];
      const line = t.logs.find(
        (entry) => entry['requestId'] === requestId && entry['msg'] === 'request',
      );
      expect(line).toMatchObject({ method: 'GET', route: '/v1/pets/:petId', status: 404 });
    });
  });
});
