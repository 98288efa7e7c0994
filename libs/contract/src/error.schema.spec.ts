// Error codes each come with one status, and the error body takes only the codes and fields of
// the contract.
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES, ERROR_STATUS, ErrorCode, ErrorDetail } from './error.schema.js';

describe('error codes', () => {
  it('each come with one client or server error status', () => {
    expect(ERROR_CODES).toEqual(Object.keys(ERROR_STATUS));
    expect(ErrorCode.options).toEqual(ERROR_CODES);
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThanOrEqual(599);
    }
  });

  it('pair validation with 400, keys with 401 and limits with 429', () => {
    expect(ERROR_STATUS).toMatchObject({
      invalid_body: 400,
      invalid_query: 400,
      idempotency_key_reused: 400,
      missing_api_key: 401,
      invalid_api_key: 401,
      forbidden: 403,
      not_found: 404,
      gone: 410,
      payload_too_large: 413,
      rate_limited: 429,
      api_key_banned: 429,
      internal_error: 500,
      service_unavailable: 503,
    });
  });
});

describe('ApiError', () => {
  const error = { code: 'not_found', message: 'No such pet.', status: 404 };

  it('is code, message and status, with details on validation errors', () => {
    expect(ApiError.parse(error)).toEqual(error);
    const invalid = {
      code: 'invalid_body',
      message: 'The request body is invalid: name must not be empty',
      status: 400,
      details: [{ field: 'name', issue: 'must not be empty' }],
    };
    expect(ApiError.parse(invalid)).toEqual(invalid);
  });

  it('has a status from 400 to 599', () => {
    expect(ApiError.safeParse({ ...error, status: 400 }).success).toBe(true);
    expect(ApiError.safeParse({ ...error, status: 599 }).success).toBe(true);
    expect(ApiError.safeParse({ ...error, status: 399 }).success).toBe(false);
    expect(ApiError.safeParse({ ...error, status: 600 }).success).toBe(false);
    expect(ApiError.safeParse({ ...error, status: 404.5 }).success).toBe(false);
  });

  it('refuses unknown codes and unknown fields', () => {
    expect(ApiError.safeParse({ ...error, code: 'teapot' }).success).toBe(false);
    expect(ApiError.safeParse({ ...error, stack: 'at …' }).success).toBe(false);
    expect(ErrorDetail.safeParse({ field: 'name', issue: 'x', hint: 'y' }).success).toBe(false);
    expect(ErrorDetail.safeParse({ field: 'name' }).success).toBe(false);
  });
});
