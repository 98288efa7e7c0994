// How errors are answered: a refusal as it is and unlogged, the unexpected logged and hidden
// behind the request id, a database outage as 503 with Retry-After.
import { HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiException } from './api-exception.js';
import { sendError } from './error-response.js';

/** A request and reply that record what sendError logs and sends. */
function exchange(sent = false) {
  const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      logged.push({ level, fields, message });
    };
  /** What the instance's metrics were told. */
  const counted: string[] = [];
  const request = {
    id: 'req-42',
    method: 'GET',
    url: '/v1/pets?limit=5',
    log: { warn: log('warn'), error: log('error') },
    server: { metrics: { databaseError: (kind: string) => counted.push(kind) } },
  } as unknown as FastifyRequest;
  const answer: {
    status?: number;
    headers: Record<string, string>;
    type?: string;
    body?: unknown;
  } = { headers: {} };
  const reply = {
    sent,
    status(code: number) {
      answer.status = code;
      return reply;
    },
    headers(headers: Record<string, string>) {
      Object.assign(answer.headers, headers);
      return reply;
    },
    type(type: string) {
      answer.type = type;
      return reply;
    },
    send(body: unknown) {
      answer.body = body;
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply, logged, answer, counted };
}

describe('sendError', () => {
  it('answers an ApiException as it is, in JSON, and logs nothing', () => {
    const { request, reply, logged, answer } = exchange();
    sendError(new ApiException('not_found', 'No pet has this id.'), request, reply);
    expect(answer).toEqual({
      status: 404,
      headers: {},
      type: 'application/json; charset=utf-8',
      body: { code: 'not_found', message: 'No pet has this id.', status: 404 },
    });
    expect(logged).toEqual([]);
  });

  it('logs the unexpected with its error, and shows the client only the request id', () => {
    const { request, reply, logged, answer, counted } = exchange();
    const error = new TypeError("Cannot read properties of undefined (reading 'secret')");
    sendError(error, request, reply);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      code: 'internal_error',
      status: 500,
      message: 'Something went wrong on our side. Quote request id req-42 when you report it.',
    });
    expect(JSON.stringify(answer.body)).not.toContain('secret');
    expect(logged).toEqual([
      { level: 'error', fields: { err: error }, message: 'unexpected error' },
    ]);
    expect(counted).toEqual([]);
  });

  it('a failed query is unexpected (500) and counted as a database error of kind query', () => {
    const { request, reply, answer, counted } = exchange();
    const error = Object.assign(new Error('CHECK constraint failed: status'), {
      code: 'SQLITE_CONSTRAINT_CHECK',
    });
    sendError(error, request, reply);
    expect(answer.status).toBe(500);
    expect(counted).toEqual(['query']);
  });

  it('a server-side HttpException (5xx) is unexpected too, never a client error', () => {
    const { request, reply, logged, answer } = exchange();
    sendError(new HttpException('Bad Gateway', 502), request, reply);
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ code: 'internal_error' });
    expect(logged.map((line) => line.message)).toEqual(['unexpected error']);
  });

  it('a database outage is 503 with Retry-After, logged once with the driver’s words only', () => {
    const { request, reply, logged, answer, counted } = exchange();
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    sendError(error, request, reply);
    expect(answer).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { code: 'service_unavailable', status: 503 },
    });
    expect(logged).toEqual([
      {
        level: 'warn',
        fields: { databaseError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432' },
        message: 'database unavailable',
      },
    ]);
    expect(counted).toEqual(['unavailable']);
  });

  it('once the answer has gone out, the error is still logged but nothing more is sent', () => {
    const { request, reply, logged, answer } = exchange(true);
    sendError(new Error('stream broke'), request, reply);
    expect(answer).toEqual({ headers: {} });
    expect(logged.map((line) => line.message)).toEqual(['unexpected error']);
  });
});

describe('ApiException', () => {
  it('reads as an ApiException in a stack trace or a log', () => {
    const error = new ApiException('not_found', 'No pet has this id.');
    expect(String(error)).toBe('ApiException: No pet has this id.');
    expect(error.stack).toMatch(/^ApiException: No pet has this id\./);
  });

  it('captures no stack trace (a refusal is an answer), and leaves other errors theirs', () => {
    const limit = Error.stackTraceLimit;
    expect(new ApiException('not_found', 'No pet has this id.').stack).toBe(
      'ApiException: No pet has this id.',
    );
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('fault').stack).toMatch(/\n\s+at /);
  });
});
