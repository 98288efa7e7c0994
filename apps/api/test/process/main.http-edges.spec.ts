/**
 * The edges of HTTP on the built server, over raw sockets (a client library would refuse to send
 * most of these): every answer has the contract's Error shape, an X-Request-Id and the security
 * headers; a crafted Host never reaches Location or Link; silent connections are closed.
 */
import { connect, type Socket } from 'node:net';
import { ApiError } from '@pets/contract';
import type { ServerProcess } from '@pets/services';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDirs, startWithKey, stopServer } from '../processes.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const scratchDir = scratchDirs('pets-http-edges-');
const start = (extra: Record<string, string> = {}) => startWithKey(scratchDir(), 'Edges', extra);

/** Sends bytes as they are and reads until the server closes (or `ms` passes). */
function raw(port: number, request: string | Buffer, ms = 3_000): Promise<RawAnswer | 'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      if (!match) {
        resolve('closed');
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of (match[2] ?? '').split('\r\n')) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      // One answer: the body is as long as Content-Length says (bytes sent after the request may
      // have drawn a second answer on the same connection).
      const length = headers['content-length'];
      const rest = Buffer.from(match[3] ?? '', 'utf8');
      const body = length === undefined ? rest : rest.subarray(0, Number(length));
      resolve({ status: Number(match[1]), headers, body: body.toString('utf8') });
    });
    socket.write(request);
  });
}

/** What every error answer must be, whatever was sent. */
function checkErrorAnswer(answer: RawAnswer | 'closed'): RawAnswer {
  if (answer === 'closed') throw new Error('the server closed the connection without an answer');
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  const body = ApiError.parse(
    JSON.parse(answer.body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '')),
  );
  expect(body.status).toBe(answer.status);
  return answer;
}

describe('malformed HTTP on the built server', () => {
  let server: ServerProcess;
  let port: number;
  let key: string;
  beforeAll(async () => {
    ({ server, port, key } = await start());
  });
  afterAll(async () => {
    await stopServer(server, 'SIGTERM');
  });

  it.each([
    ['a URL that does not decode', 'GET /v1/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    [
      'Content-Length and Transfer-Encoding together',
      'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    [
      'a Transfer-Encoding that does not end with chunked',
      'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n{}',
      400,
    ],
    ['a method HTTP does not know', 'FROB /v1/pets HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
    [
      'headers over 16 KiB',
      `GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['no Host in HTTP/1.1', 'GET /healthz HTTP/1.1\r\n\r\n', 400],
    ['a Host with a path', 'GET /v1/pets HTTP/1.1\r\nHost: evil.example/x?\r\n\r\n', 400],
    [
      'a Host that would add a relation to Link',
      'GET /v1/pets HTTP/1.1\r\nHost: a>; rel="next", <https://evil.example\r\n\r\n',
      400,
    ],
    ['a Host with a user', 'GET /healthz HTTP/1.1\r\nHost: user@evil.example\r\n\r\n', 400],
  ])(
    '%s: invalid_request in the contract shape, then the connection closes',
    async (_what, request, status) => {
      const answer = checkErrorAnswer(await raw(port, request));
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_request', status });
      expect(answer.headers['connection']).toBe('close');
    },
  );

  it('a static file asked for outside its folder is 404, never a 500', async () => {
    for (const path of ['/docs/assets/../../etc/passwd', '/docs/assets/%2e%2e/%2e%2e/etc/passwd']) {
      const answer = checkErrorAnswer(
        await raw(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_found' });
    }
    expect(server.output()).not.toContain('"level":"error"');
  });

  it('a valid Host is what Location is built from', async () => {
    const body = JSON.stringify({ name: 'Rex', categoryId: 1 });
    const answer = await raw(
      port,
      `POST /v1/pets HTTP/1.1\r\nHost: api.example.com:8080\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    if (answer === 'closed') throw new Error('no answer');
    expect(answer.status).toBe(201);
    expect(answer.headers['location']).toMatch(/^http:\/\/api\.example\.com:8080\/v1\/pets\/\d+$/);
  });

  it('any malformed request line or header gets the contract shape, never a 5xx or silence', async () => {
    const method = fc.oneof(
      fc.constantFrom('GET', 'POST', 'FROB', 'G\u00c9T', '', 'GET GET'),
      fc.stringMatching(/^[A-Z]{1,8}$/),
    );
    const path = fc.oneof(
      fc.constantFrom('/v1/%zz', '/v1/%', '/v1/pets', '/%00', '*', '/v1/pets?%zz=1', '//x'),
      fc.stringMatching(/^\/[ -~]{0,20}$/).filter((p) => !p.includes(' ')),
    );
    const host = fc.oneof(
      fc.constantFrom('localhost', 'evil.example/x?', '[::1]:80', '[zz]', 'a b', 'x:99999', ''),
      fc.stringMatching(/^[ -~]{0,20}$/),
    );
    const framing = fc.constantFrom(
      '',
      'Content-Length: 2\r\n',
      'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n',
      'Content-Length: -1\r\n',
      'Transfer-Encoding: gzip\r\n',
      'Content-Length: 1\r\nContent-Length: 2\r\n',
    );
    await fc.assert(
      fc.asyncProperty(method, path, host, framing, async (m, p, h, f) => {
        const answer = await raw(
          port,
          `${m} ${p} HTTP/1.1\r\nHost: ${h}\r\n${f}Connection: close\r\n\r\n{}`,
        );
        if (answer === 'closed') throw new Error(`no answer to ${m} ${p} (Host: ${h})`);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) checkErrorAnswer(answer);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('connections', () => {
  // The tests below start two processes each (the CLI that makes the key, then the API): 30 s was
  // too short on a busy machine.
  it('a connection that sends nothing is closed within 10 s; at most MAX_CONNECTIONS are open', async () => {
    // (Node closes a connection whose headers are not complete after 5 s; a socket idle for 10 s
    // is closed whatever it did before.)
    const { server, port } = await start({ MAX_CONNECTIONS: '3' });
    const open = (): Promise<{ socket: Socket; closed: Promise<number> }> =>
      new Promise((resolve) => {
        const opened = Date.now();
        const socket = connect({ host: '127.0.0.1', port }, () => {
          resolve({ socket, closed });
        });
        socket.on('error', () => undefined);
        const closed = new Promise<number>((done) =>
          socket.once('close', () => {
            done(Date.now() - opened);
          }),
        );
      });
    try {
      // The start-up check's keep-alive connection closes after 5 s; then only ours are open.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const silent = await Promise.all([open(), open(), open()]);
      // A fourth is accepted by the kernel and closed by the server at once.
      const fourth = await open();
      expect(await fourth.closed).toBeLessThan(2_000);
      // The three silent ones are closed within 10 s (not at once, and not kept for ever).
      const lifetimes = await Promise.all(silent.map((s) => s.closed));
      for (const lifetime of lifetimes) {
        expect(lifetime).toBeGreaterThanOrEqual(4_000);
        expect(lifetime).toBeLessThan(11_000);
      }
      const health = await fetch(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  }, 90_000);

  it('with PUBLIC_URL, absolute URLs use it whatever the Host says', async () => {
    const { server, port, key } = await start({ PUBLIC_URL: 'https://api.example.com/' });
    try {
      const body = JSON.stringify({ name: 'Rex', categoryId: 1 });
      const answer = await raw(
        port,
        `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      if (answer === 'closed') throw new Error('no answer');
      expect(answer.headers['location']).toMatch(/^https:\/\/api\.example\.com\/v1\/pets\/\d+$/);
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  }, 90_000);
});
