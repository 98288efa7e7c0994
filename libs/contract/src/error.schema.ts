/**
 * The error answer of the contract: every error code with its HTTP status, the per-field details
 * of a validation error, and the body every error is sent with.
 */
import { z } from 'zod';

/**
 * Every value `Error.code` takes, with the HTTP status it comes with. One exception, from the HTTP
 * layer: `invalid_request` for headers too large keeps their own status, 431.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_body: 400,
  invalid_json: 400,
  unsupported_media_type: 400,
  invalid_query: 400,
  idempotency_key_reused: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_transition: 409,
  too_many_api_keys: 409,
  too_many_webhook_endpoints: 409,
  webhook_endpoint_disabled: 409,
  open_orders_limit: 409,
  email_taken: 409,
  last_staff_person: 409,
  name_taken: 409,
  too_many_photos: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  api_key_banned: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ErrorCode = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description: 'Machine-readable error code; each comes with one HTTP status.',
});

export const ErrorDetail = z
  .strictObject({
    field: z.string().meta({
      description:
        'The offending field or query parameter, as a dotted path (`name`, `limit`); empty for the body as a whole.',
    }),
    issue: z.string().meta({ description: 'What is wrong with it, in words.' }),
  })
  .meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ApiError = z
  .strictObject({
    code: ErrorCode,
    message: z.string().meta({ description: 'Human-readable description.' }),
    status: z.int().min(400).max(599).meta({ description: 'The HTTP status code.' }),
    details: z
      .array(ErrorDetail)
      .optional()
      .meta({ description: 'Present on validation errors: one entry per problem.' }),
  })
  .meta({ id: 'Error', description: 'The body of every error response.' });
export type ApiError = z.infer<typeof ApiError>;
