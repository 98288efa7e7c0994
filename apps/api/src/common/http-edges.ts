import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { HEADERS, type Problem, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiException } from './api-exception.js';

/**
 * The edges of HTTP, where a request is malformed before any route sees it (decisions.md sections 3
 * and 12): every such answer has the contract's Error shape, an `X-Request-Id` and the security
 * headers, like any other.
 */

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

/**
 * A body whose end cannot be told (RFC 9112 6.3): a Transfer-Encoding that does not end with
 * chunked. Node would wait for the connection to close; it is `400 invalid_request` at once.
 */
export function checkFraming(request: FastifyRequest): void {
  const transferEncoding = request.headers['transfer-encoding'];
  if (transferEncoding !== undefined && !/(^|,)\s*chunked\s*$/i.test(transferEncoding))
    throw ApiException.of(PROBLEMS.bodyEndUnknown);
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
 * Requests Node's HTTP parser refuses before Fastify sees them (conflicting framing, unknown
 * methods, headers too large): answered on the socket in the contract's shape, then closed.
 * Timeouts and resets get no answer: the client is gone or too slow.
 */
export function clientErrorHandler(
  security: Readonly<Record<string, string>>,
  logger: Logger,
): (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket) => void {
  return (error, socket) => {
    const code = error.code ?? '';
    logger.debug({ code }, 'malformed request');
    // Bytes after a request that are not a request (a body sent without Content-Length): the
    // answer to the request before is on its way; let it finish, then close.
    const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (pending && !pending.writableFinished && code !== 'ECONNRESET') {
      pending.once('finish', () => socket.end());
      pending.once('close', () => socket.destroy());
      return;
    }
    if (code === 'ECONNRESET' || code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const problem = CLIENT_ERRORS[code] ?? PROBLEMS.notHttp;
    const body = JSON.stringify({ code: problem.code, message: problem.message, status });
    const headers: Record<string, string> = {
      ...security,
      [HEADERS.requestId]: randomUUID(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
  };
}

/** Sets what every answer carries, for answers made before the usual hooks ran. */
export function setCommonHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  security: Readonly<Record<string, string>>,
): void {
  void reply.headers(security);
  void reply.header(HEADERS.requestId, request.id);
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
