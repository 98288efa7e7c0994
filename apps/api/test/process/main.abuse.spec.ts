/**
 * What a slow, ambiguous or unwelcome client gets from the built server, over raw sockets (the
 * point is the bytes on the wire): strangers are refused before their bodies are read, a header
 * allowed once and sent twice is refused, a body in an encoding we do not decode is refused, every
 * refusal is counted and carries the rate-limit headers, and a method a path does not take is 405.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '@pets/contract';
import {
  awayFromMinuteEdge,
  createAccountKey,
  type ServerProcess,
  startServer,
} from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Answers in the order they came, with whether and when the server closed the connection. */
interface Exchange {
  /** Interim answers (`100 Continue`) and the final one. */
  answers: Answer[];
  closed: boolean;
  /** The socket, to go on writing (a body after 100 Continue). */
  socket: Socket;
  /** Resolves with the exchange as it stands once the server closes or `ms` passes. */
  settled: (ms: number) => Promise<Exchange>;
}

/** Parses every answer in `text` (bodies by Content-Length; interim answers have none). */
function parse(text: string): Answer[] {
  const answers: Answer[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [line = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const header of lines) {
      const at = header.indexOf(':');
      headers[header.slice(0, at).toLowerCase()] = header.slice(at + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    answers.push({
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(line)?.[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** Opens a connection (from `localAddress` on loopback, so each test counts on its own address). */
function open(port: number, request: string, localAddress = '127.0.0.1'): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let text = '';
    let closed = false;
    const waiting = new Set<() => void>();
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      for (const wake of waiting) wake();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      for (const wake of waiting) wake();
    });
    const exchange: Exchange = {
      get answers() {
        return parse(text);
      },
      get closed() {
        return closed;
      },
      socket,
      settled: (ms) =>
        new Promise((done) => {
          const finish = () => {
            clearTimeout(timer);
            waiting.delete(check);
            done(exchange);
          };
          const check = () => {
            if (closed) finish();
          };
          const timer = setTimeout(finish, ms);
          waiting.add(check);
          check();
        }),
    };
    socket.on('connect', () => {
      socket.write(request);
      resolve(exchange);
    });
  });
}

/** The one final answer of an exchange, checked for the contract's error shape. */
function finalError(exchange: Exchange): Answer & { error: ApiError } {
  const answer = exchange.answers.find((a) => a.status >= 200);
  if (!answer) throw new Error('no final answer');
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-request-id']).toBeDefined();
  const error = ApiError.parse(JSON.parse(answer.body));
  expect(error.status).toBe(answer.status);
  return { ...answer, error };
}

const dir = mkdtempSync(join(tmpdir(), 'pets-abuse-'));
let server: ServerProcess;
let port: number;
let key: string;

/** Every test speaks from its own loopback address, so the address counts are its own. */
let nextAddress = 10;
const address = () => `127.0.0.${nextAddress++}`;

beforeAll(async () => {
  const env = { NODE_ENV: 'test', DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}` };
  ({ key } = createAccountKey(env, {
    name: 'Abuse',
    plan: 'enterprise',
    perMinute: 100_000,
    perDay: 1_000_000,
  }));
  server = await startServer(env);
  port = Number(new URL(server.baseUrl).port);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

const pet = JSON.stringify({ name: 'Rex', categoryId: 1 });
const post = (headers: string, body = pet) =>
  `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\n${headers}Content-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

describe('strangers are refused before their bodies are read', () => {
  it.each([
    ['no key', ''],
    ['an unknown key', 'Authorization: Bearer pets_test_unknownunknownunknownunknown00\r\n'],
  ])('%s: 401 with Connection: close while the body is still on its way', async (_what, auth) => {
    // A tenth of the body: the answer must come without the rest.
    const exchange = await open(
      port,
      `${post(auth, 'x'.repeat(1_000))}${'x'.repeat(100)}`,
      address(),
    );
    await exchange.settled(3_000);
    expect(exchange.closed).toBe(true);
    const answer = finalError(exchange);
    expect(answer.status).toBe(401);
    expect(answer.headers['connection']).toBe('close');
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
  });

  it('Expect: 100-continue from a stranger gets the final 401, never 100 Continue', async () => {
    const exchange = await open(
      port,
      post('Authorization: Bearer pets_test_nope\r\nExpect: 100-continue\r\n'),
      address(),
    );
    await exchange.settled(3_000);
    expect(exchange.answers.map((a) => a.status)).toEqual([401]);
    expect(exchange.closed).toBe(true);
  });

  it('Expect: 100-continue with a key gets 100 Continue, then the pet once the body is sent', async () => {
    const exchange = await open(
      port,
      post(`Authorization: Bearer ${key}\r\nExpect: 100-continue\r\nConnection: close\r\n`),
    );
    await exchange.settled(500);
    expect(exchange.answers.map((a) => a.status)).toEqual([100]);
    exchange.socket.write(pet);
    await exchange.settled(3_000);
    expect(exchange.answers.map((a) => a.status)).toEqual([100, 201]);
  });

  it('Expect: 100-continue for a body over the limit gets the 413 without inviting it', async () => {
    const exchange = await open(
      port,
      post(`Authorization: Bearer ${key}\r\nExpect: 100-continue\r\n`, 'x'.repeat(20_000)),
    );
    await exchange.settled(3_000);
    expect(exchange.answers.map((a) => a.status)).toEqual([413]);
    expect(finalError(exchange).headers['x-ratelimit-limit']).toBe('100000');
  });
});

describe('a header allowed once, sent twice, is refused: never guessed', () => {
  it.each([
    ['Host', `Host: elsewhere.example\r\nAuthorization: Bearer KEY\r\n`],
    ['Authorization', `Authorization: Bearer KEY\r\nAuthorization: Bearer KEY\r\n`],
    [
      'Idempotency-Key',
      `Authorization: Bearer KEY\r\nIdempotency-Key: x1\r\nIdempotency-Key: x2\r\n`,
    ],
    ['Content-Type', `Authorization: Bearer KEY\r\nContent-Type: application/json\r\n`],
  ])('two %s lines: 400 invalid_request naming it', async (name, headers) => {
    const exchange = await open(
      port,
      // `post` sends one Host and one Content-Type already.
      post(headers.replaceAll('KEY', key)) + pet,
      address(),
    );
    await exchange.settled(3_000);
    const answer = finalError(exchange);
    expect(answer.status).toBe(400);
    expect(answer.error).toEqual({
      code: 'invalid_request',
      status: 400,
      message: `Send the ${name} header once: it was sent more than once.`,
    });
    expect(answer.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('one header with a comma in its value is not two', async () => {
    const exchange = await open(
      port,
      post(`Authorization: Bearer ${key}\r\nIdempotency-Key: a,b\r\nConnection: close\r\n`) + pet,
    );
    await exchange.settled(3_000);
    expect(exchange.answers.map((a) => a.status)).toEqual([201]);
  });
});

describe('bodies in an encoding the API does not decode', () => {
  it.each(['br', 'gzip', 'identity, gzip'])(
    'Content-Encoding: %s is unsupported_media_type, and nothing is stored',
    async (encoding) => {
      const name = `Encoded ${encoding}`;
      const body = JSON.stringify({ name, categoryId: 1 });
      const exchange = await open(
        port,
        post(`Authorization: Bearer ${key}\r\nContent-Encoding: ${encoding}\r\n`, body) + body,
      );
      await exchange.settled(3_000);
      const answer = finalError(exchange);
      expect(answer.error.code).toBe('unsupported_media_type');
      expect(answer.status).toBe(400);
      const list = await fetch(`${server.baseUrl}/v1/pets?name=Encoded&limit=100`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(((await list.json()) as unknown[]).length).toBe(0);
    },
  );

  it('Transfer-Encoding: gzip, chunked is invalid_request, and nothing is stored', async () => {
    const body = JSON.stringify({ name: 'Encoded transfer', categoryId: 1 });
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const exchange = await open(
      port,
      `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunked}`,
    );
    await exchange.settled(3_000);
    const answer = finalError(exchange);
    expect(answer.status).toBe(400);
    expect(answer.error.message).toBe(
      'Send Transfer-Encoding: chunked alone: the API decodes no other transfer coding.',
    );
    const list = await fetch(`${server.baseUrl}/v1/pets?name=Encoded&limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await list.json()) as unknown[]).length).toBe(0);
  });

  it('Content-Encoding: identity is a plain body', async () => {
    const exchange = await open(
      port,
      post(`Authorization: Bearer ${key}\r\nContent-Encoding: identity\r\nConnection: close\r\n`) +
        pet,
    );
    await exchange.settled(3_000);
    expect(exchange.answers.map((a) => a.status)).toEqual([201]);
  });
});

describe('refusals before the caller is known are counted against the address', () => {
  it.each([
    [
      'headers over 16 KiB (431)',
      `GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a method HTTP does not know', 'FROB /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a URL that does not decode', 'GET /v1/%zz HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a Host that is not host[:port]', 'GET /v1/pets HTTP/1.1\r\nHost: a b\r\n\r\n', 400],
  ])(
    '%s: the limit headers, one fewer left each time, then 429',
    async (_what, request, status) => {
      // The 60 refusals and the 429 must fall in one UTC minute, the limiter's window.
      await awayFromMinuteEdge(20_000);
      const from = address();
      const remaining: number[] = [];
      for (let i = 0; i < 3; i++) {
        const exchange = await open(port, request, from);
        await exchange.settled(3_000);
        const answer = finalError(exchange);
        expect(answer.status).toBe(status);
        expect(answer.headers['x-ratelimit-limit']).toBe('60');
        expect(answer.headers['ratelimit-policy']).toContain('"minute";q=60;w=60');
        remaining.push(Number(answer.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual([59, 58, 57]);
      // The rest of the minute's 60, then the 429 with Retry-After.
      for (let i = 0; i < 57; i++) await (await open(port, request, from)).settled(3_000);
      const limited = finalError(await (await open(port, request, from)).settled(3_000));
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    },
    60_000,
  );
});

describe('a method the path does not take', () => {
  it.each([
    ['PUT', '/v1/pets', 'GET, HEAD, POST'],
    ['TRACE', '/v1/pets', 'GET, HEAD, POST'],
    ['OPTIONS', '/v1/pets', 'GET, HEAD, POST'],
    ['POST', '/v1/pets/7', 'DELETE, GET, HEAD, PATCH'],
    ['QUERY', '/v1/pets', 'GET, HEAD, POST'],
  ])('%s %s: 405 with Allow: %s', async (method, path, allow) => {
    // QUERY with a body and no Content-Type: routed first, never asked for a Content-Type.
    const exchange = await open(
      port,
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 2\r\n\r\n{}`,
    );
    await exchange.settled(1_000);
    const answer = finalError(exchange);
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe(allow);
    expect(answer.error.code).toBe('method_not_allowed');
    expect(answer.headers['x-ratelimit-limit']).toBe('100000');
  });

  it('a stranger learns nothing: 401 first', async () => {
    const exchange = await open(port, 'PUT /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n', address());
    await exchange.settled(1_000);
    expect(finalError(exchange).status).toBe(401);
  });

  it('a path the API does not have is still 404', async () => {
    const exchange = await open(
      port,
      `PUT /v1/kittens HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`,
    );
    await exchange.settled(1_000);
    expect(finalError(exchange).status).toBe(404);
  });
});
