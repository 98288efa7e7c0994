/**
 * The edges of HTTP, where a request is malformed before any route sees it: every such answer has
 * the contract's Error shape, an `X-Request-Id` and the security headers, like any other
 * (docs/team/guarantees.md#input-and-http-at-the-edges).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { HEADERS, type Problem, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiException } from '../errors/api-exception.js';
import { WIRE_HEADERS } from './wire-headers.js';

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST = new RegExp(
  `^(?:(${LABEL}(?:\\.${LABEL})*\\.?)|\\[([0-9A-Fa-f:.]+)\\])(?::([0-9]{1,5}))?$`,
);

/** The last Host found valid: nearly every request names the same host, checked once. */
let lastValidHost: string | undefined;

/** `host[:port]`: a DNS name or IPv4 address, or an IPv6 address in brackets; nothing else. */
export function isValidHost(value: string): boolean {
  if (value === lastValidHost) return true;
  if (!checkHost(value)) return false;
  lastValidHost = value;
  return true;
}

function checkHost(value: string): boolean {
  if (value.length > 255) return false;
  const match = HOST.exec(value);
  if (!match) return false;
  const [, name, ipv6, port] = match;
  if (name === undefined && (ipv6 === undefined || isIP(ipv6) !== 6)) return false;
  return port === undefined || Number(port) <= 65_535;
}

/** How many times a request's head has the header `name` (lower case). */
function timesSent(rawHeaders: readonly string[], name: string): number {
  let times = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]?.length === name.length && rawHeaders[i]?.toLowerCase() === name) times++;
  return times;
}

/**
 * A header a request may carry once, sent twice, is `400 invalid_request`: which one counts is
 * ambiguous (a proxy may have read the other). Node joins repeated headers with `, `
 * (`joinDuplicateHeaders`), so only a value with a comma in it is looked at twice.
 */
export function checkSentOnce(request: FastifyRequest, name: string, shown: string): void {
  const value = request.headers[name];
  if (
    typeof value === 'string' &&
    value.includes(',') &&
    timesSent(request.raw.rawHeaders, name) > 1
  )
    throw ApiException.of(PROBLEMS.headerSentTwice(shown));
}

/**
 * What must hold before anything else is read (RFC 9112): one Host and one Authorization, and a
 * body whose end can be told (a Transfer-Encoding that does not end with chunked would make Node
 * wait for the connection to close) in no transfer coding but chunked. Anything else is
 * `400 invalid_request` at once.
 */
export function checkFraming(request: FastifyRequest): void {
  checkSentOnce(request, 'host', 'Host');
  checkSentOnce(request, 'authorization', HEADERS.authorization);
  const transferEncoding = request.headers['transfer-encoding'];
  if (transferEncoding === undefined || /^\s*chunked\s*$/i.test(transferEncoding)) return;
  if (!/(^|,)\s*chunked\s*$/i.test(transferEncoding))
    throw ApiException.of(PROBLEMS.bodyEndUnknown);
  // `gzip, chunked`: Node takes the chunks apart but would hand on gzip bytes as the body.
  throw ApiException.of(PROBLEMS.transferCodingNotDecoded);
}

/**
 * `{base_url}` of a request, worked out once: `PUBLIC_URL` when set; otherwise the request's own
 * address, accepted only when its `Host` (and a trusted proxy's `X-Forwarded-Host`) is a valid
 * `host[:port]`. Anything else is `400 invalid_request`: a crafted Host never reaches a `Location`
 * or `Link` header.
 */
export function baseUrlFor(request: FastifyRequest, publicUrl: string | undefined): string {
  const raw = request.headers.host;
  const http10 = request.raw.httpVersion === '1.0';
  if (raw === undefined ? !http10 : !isValidHost(raw)) throw ApiException.of(PROBLEMS.badHost);
  if (publicUrl !== undefined) return `${publicUrl}/v1`;
  const host = raw === undefined ? 'localhost' : request.host;
  // Checked again only when a trusted proxy's X-Forwarded-Host made it differ from Host.
  if (host !== raw && !isValidHost(host)) throw ApiException.of(PROBLEMS.badHost);
  return `${request.protocol}://${host}/v1`;
}

/** Fastify's own request errors (a URL that does not decode, say), in the contract's words. */
export function frameworkErrorFor(error: { code?: string }): ApiException {
  return error.code === 'FST_ERR_BAD_URL'
    ? ApiException.of(PROBLEMS.urlDoesNotDecode)
    : ApiException.of(PROBLEMS.notHttp);
}

const CLIENT_ERRORS: Record<string, Problem> = {
  HPE_HEADER_OVERFLOW: PROBLEMS.headTooLarge,
  HPE_INVALID_METHOD: PROBLEMS.unknownMethod,
  HPE_UNEXPECTED_CONTENT_LENGTH: PROBLEMS.conflictingFraming,
  HPE_INVALID_TRANSFER_ENCODING: PROBLEMS.badTransferEncoding,
  HPE_INVALID_CONTENT_LENGTH: PROBLEMS.badContentLength,
};

/**
 * Counts a refused request against its client address and returns what to answer: the refusal,
 * or the 429 when the address is over its limit. Sets the rate-limit headers through `header`.
 */
export type CountAgainstAddress = (
  address: string,
  header: (name: string, value: string | number) => unknown,
  refusal: ApiException,
) => Promise<unknown>;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (conflicting framing, unknown
 * methods, headers too large): counted against the client's address like any request without a
 * key, then answered on the socket in the contract's shape, with the rate-limit headers, and
 * closed. Timeouts and resets get no answer: the client is gone or too slow, and a request still
 * being received when its time is up is cut off at once (its route waits for a body that will not
 * come in time).
 */
export function clientErrorHandler(
  security: Readonly<Record<string, string>>,
  logger: Logger,
  count: () => CountAgainstAddress | undefined,
): (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket) => void {
  return (error, socket) => {
    const code = error.code ?? '';
    logger.debug({ code }, 'malformed request');
    if (code === 'ECONNRESET' || code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Bytes after a request that are not a request (a body sent without Content-Length): the
    // answer to the request before is on its way; let it finish, then close.
    const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (pending && !pending.writableFinished) {
      pending.once('finish', () => socket.end());
      pending.once('close', () => socket.destroy());
      return;
    }
    const problem = CLIENT_ERRORS[code] ?? PROBLEMS.notHttp;
    const refusal = new ApiException(problem.code, problem.message);
    const headers: Record<string, string> = { ...security, [HEADERS.requestId]: randomUUID() };
    const counted = count()?.(
      socket.remoteAddress ?? '',
      (name, value) => {
        headers[name] = String(value);
      },
      refusal,
    );
    void (counted ?? Promise.resolve(refusal)).then((answer) => {
      if (!socket.writable) return;
      const exception = answer instanceof ApiException ? answer : refusal;
      const status =
        exception === refusal && code === 'HPE_HEADER_OVERFLOW' ? 431 : exception.status;
      const body = JSON.stringify({ ...exception.toBody(), status });
      Object.assign(headers, exception.headers, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      });
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\n${head}\r\n${body}`);
    });
  };
}

/** Sets what every answer carries, for answers made before the usual hooks ran. */
export function setCommonHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  security: Readonly<Record<string, string>>,
): void {
  for (const name in security) void reply.header(name, security[name]);
  void reply.header(WIRE_HEADERS.requestId, request.id);
}

/** Files kept for everything but client connections: the database, logs, Redis, modules. */
const FILES_IN_RESERVE = 64;

/** The soft limit on open files of this process (Linux), if it can be read. */
export function openFilesLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(limits, 'utf8'));
    return line?.[1] === undefined || line[1] === 'unlimited' ? undefined : Number(line[1]);
  } catch {
    return undefined;
  }
}

/**
 * `MAX_CONNECTIONS`, lowered when the process may not open that many files: connections beyond
 * what the system allows would otherwise take the files the database and the log need.
 */
export function connectionCap(configured: number, filesLimit = openFilesLimit()): number {
  if (filesLimit === undefined) return configured;
  return Math.max(1, Math.min(configured, filesLimit - FILES_IN_RESERVE));
}
