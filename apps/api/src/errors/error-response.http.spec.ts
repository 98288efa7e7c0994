// Errors from outside the API's routes (Fastify's refusals, the file server's, paths no route
// matches) are answered in the contract's shape, never a 500.
import { connect } from 'node:net';
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';

/** One request on a real socket (inject normalises `..` away), and the status line and body. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.end(request);
  });
}

/**
 * How errors from outside our routes reach the client: Fastify's refusals of a request, the file
 * server's, Nest's not-found handler, and requests no route matches. Engine-independent: SQLite only.
 */
describe('errors from the framework, in the contract’s shape', () => {
  const { t, partner } = useApp({ engine: 'sqlite' }, { partner: anAccount() });

  const send = async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response;
  };
  const post = (payload: string, headers: Record<string, string>) =>
    send({ method: 'POST', url: '/v1/pets', headers: { ...partner.auth, ...headers }, payload });
  /** Neither an unexpected error nor a false database alarm was logged. */
  const quietLogs = () => {
    expect(t.logs.filter((line) => line['msg'] === 'unexpected error')).toEqual([]);
    expect(t.logs.filter((line) => line['msg'] === 'database unavailable')).toEqual([]);
  };

  describe('bodies', () => {
    it.each(['garbage', '/json', 'text/'])(
      'a Content-Type that is not a media type (%s) is unsupported_media_type',
      async (contentType) => {
        const response = await post('{}', { 'content-type': contentType });
        expectProblem(response, {
          code: 'unsupported_media_type',
          status: 400,
          message: 'Send the body with Content-Type: application/json.',
        });
        quietLogs();
      },
    );

    it('a body over 16 KiB is payload_too_large with a key, counted with the limit headers; without one, 401 before the body', async () => {
      const request = (headers: Record<string, string>) =>
        send({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: 'x'.repeat(17_000) }),
        });
      const keyed = await request(partner.auth);
      expectProblem(keyed, {
        code: 'payload_too_large',
        status: 413,
        message: 'The request body is larger than 16 KiB.',
      });
      const before = Number(keyed.headers['x-ratelimit-remaining']);
      expect(before).toBeGreaterThan(0);
      expect(Number((await request(partner.auth)).headers['x-ratelimit-remaining'])).toBe(
        before - 1,
      );

      const stranger = await request({});
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toMatchObject({ code: 'missing_api_key' });
      expect(stranger.headers.connection).toBe('close');
      expect(stranger.headers['x-ratelimit-limit']).toBeDefined();
      quietLogs();
    });

    it('a body shorter or longer than its Content-Length is invalid_json', async () => {
      for (const length of ['5', '500']) {
        const response = await post('{"name": "Rex", "categoryId": 1}', {
          'content-type': 'application/json',
          'content-length': length,
        });
        expectProblem(response, {
          code: 'invalid_json',
          status: 400,
          message: 'The request body is not valid JSON.',
        });
      }
      quietLogs();
    });

    // Fastify's own JSON parser is removed (bodies are read as bytes and parsed by JsonBody), so
    // these are JsonBody's answers: Fastify's FST_ERR_CTP_EMPTY_JSON_BODY and
    // FST_ERR_CTP_INVALID_JSON_BODY, and its SyntaxError, can no longer occur.
    it.each([
      ['', 'The request body is empty; send a JSON object.'],
      ['  \n', 'The request body is empty; send a JSON object.'],
      ['{"name": ', 'The request body is not valid JSON.'],
      ['{"name": "Rex",}', 'The request body is not valid JSON.'],
    ])('JSON body %j is invalid_json: %s', async (payload, message) => {
      const response = await post(payload, { 'content-type': 'application/json' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_json', status: 400, message });
      quietLogs();
    });
  });

  describe('methods and paths', () => {
    it('QUERY without a Content-Type is invalid_request outside the API, not a 500 (it was)', async () => {
      const response = await send({ method: 'QUERY', url: '/healthz', headers: partner.auth });
      expectProblem(response, {
        code: 'invalid_request',
        status: 400,
        message: 'Send a Content-Type header with a QUERY request.',
      });
      quietLogs();
    });

    it('QUERY on an API path is method_not_allowed, routed before any Content-Type is asked for', async () => {
      const response = await send({ method: 'QUERY', url: '/v1/pets', headers: partner.auth });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST');
      expect(response.json()).toEqual({
        code: 'method_not_allowed',
        status: 405,
        message:
          'QUERY is not allowed on /v1/pets; it takes GET, HEAD, POST (see the Allow header).',
      });
    });

    it('a literal path is never a path id: DELETE /v1/session/passkeys/options is 405, Allow: POST', async () => {
      for (const url of ['/v1/session/passkeys/options', '/v1/session/passkeys/options/']) {
        const response = await send({ method: 'DELETE', url, headers: partner.auth });
        expect(response.statusCode, url).toBe(405);
        expect(response.headers.allow).toBe('POST');
        expect(response.json()).toMatchObject({ code: 'method_not_allowed' });
      }
      // A passkey's id is still the removal's (a key may not remove a person's passkeys).
      for (const id of ['12', 'optionsx', 'abc']) {
        const response = await send({
          method: 'DELETE',
          url: `/v1/session/passkeys/${id}`,
          headers: partner.auth,
        });
        expect(response.statusCode, id).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden' });
      }
    });

    it('a path the API does not have is not_found, naming it without its query string', async () => {
      const response = await send({ method: 'DELETE', url: '/nothing/here?secret=1' });
      expectProblem(response, {
        code: 'not_found',
        status: 404,
        message: 'No route matches DELETE /nothing/here.',
      });
    });

    it('a static file asked for outside its folder is not_found, never a 500', async () => {
      await t.app.listen(0, '127.0.0.1');
      const { port } = t.app.getHttpServer().address() as { port: number };
      for (const path of [
        '/docs/assets/../../etc/passwd',
        '/docs/assets/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const answer = await rawRequest(
          port,
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 404 /);
        expect(answer).toContain('content-type: application/json; charset=utf-8');
        expect(answer).toContain(
          JSON.stringify({
            code: 'not_found',
            message: `No route matches GET ${path}.`,
            status: 404,
          }),
        );
        expect(answer).not.toContain('root:');
      }
      quietLogs();
    });

    it.each([
      ['a Range past the end of the file', { range: 'bytes=99999999-' }, 416],
      ['an If-Match that does not match', { 'if-match': '"not-this-one"' }, 412],
      [
        'an If-Unmodified-Since long past',
        { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
        412,
      ],
    ])(
      'a static file with %s is invalid_request, not a 500 (it was)',
      async (_what, headers, status) => {
        const response = await send({ method: 'GET', url: '/docs/assets/standalone.js', headers });
        expectProblem(response, {
          code: 'invalid_request',
          status: 400,
          message: `The request cannot be answered (HTTP ${status}).`,
        });
        quietLogs();
      },
    );
  });

  describe('a /v1 path no route matches', () => {
    // `/v1abc` matches no route; `/v1/pets//` matches one with an empty parameter. `/v1/pets` is a
    // route: each Authorization header gets the same answer on all three (a key that works is a
    // 200 on the route and a 404 on the others).
    const headers = (key: string) =>
      [
        [undefined, 401, 'missing_api_key'],
        ['Basic abc', 401, 'missing_api_key'],
        [`Bearer${key}`, 401, 'missing_api_key'],
        [`xBearer ${key}`, 401, 'missing_api_key'],
        ['Bearer', 401, 'invalid_api_key'],
        ['Bearer ', 401, 'invalid_api_key'],
        ['Bearer pets_not-a-key', 401, 'invalid_api_key'],
        [`Bearer  ${key}`, 401, 'invalid_api_key'],
        [`Bearer\t${key}`, 401, 'invalid_api_key'],
        [`Bearer ${key} extra`, 401, 'invalid_api_key'],
        ['Bearer a b', 401, 'invalid_api_key'],
        [`Bearer ${key}`, 404, 'not_found'],
        [`bearer ${key}`, 404, 'not_found'],
      ] as const;

    it('is authenticated and counted like a route, whatever the Authorization header', async () => {
      for (const [authorization, status, code] of headers(partner.key)) {
        const sent: Record<string, string> = authorization === undefined ? {} : { authorization };
        const route = await t.as(sent).get('/v1/pets');
        expect(route.statusCode, `${authorization} on /v1/pets`).toBe(
          status === 404 ? 200 : status,
        );
        for (const url of ['/v1abc', '/v1/pets//', '/v1%2fpets']) {
          const response = await send({ method: 'GET', url, headers: sent });
          expect(
            { status: response.statusCode, code: response.json<{ code: string }>().code },
            `${authorization} on ${url}`,
          ).toEqual({ status, code });
          expect(response.headers['x-ratelimit-limit']).toBeDefined();
          if (status === 404) {
            expect(response.json<{ message: string }>().message).toBe(
              `No route matches GET ${url}.`,
            );
            expect(response.headers['cache-control']).toBe('no-store');
          }
        }
      }
      quietLogs();
    });

    it('a route with every parameter given is the route’s own answer', async () => {
      const response = await send({ method: 'GET', url: '/v1/pets/999999', headers: partner.auth });
      expectProblem(response, {
        code: 'not_found',
        status: 404,
        message: 'No pet has this id.',
      });
    });
  });
});
