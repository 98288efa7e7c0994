import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from './api-exception.js';

/** `application/json`, with any parameters (`; charset=utf-8`). */
export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType !== undefined &&
  contentType.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';

/**
 * The request body as a JSON object. Bodies are read as text by Fastify (within the size limit) and
 * parsed here, after authentication, so a caller without a key learns nothing about its body.
 */
export const JsonBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Record<string, unknown> => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isJsonMediaType(request.headers['content-type'])) {
      throw new ApiException(
        'unsupported_media_type',
        'Send the body as JSON with Content-Type: application/json.',
      );
    }
    const raw = request.body;
    if (typeof raw !== 'string' || raw.trim() === '') {
      throw new ApiException('invalid_json', 'The request body is empty; send a JSON object.');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ApiException('invalid_json', 'The request body is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ApiException('invalid_json', 'The request body must be a JSON object.');
    }
    return parsed as Record<string, unknown>;
  },
);
