/**
 * The request id of every answer (`X-Request-Id`): the client's own when well-formed, otherwise a
 * new one.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
