import { z } from 'zod';
import {
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_AT,
  GET_PET_SUNSET_HEADER,
} from './deprecation.js';
import {
  Account,
  Accounts,
  ApiKey,
  ApiKeys,
  CreatedApiKey,
  NewAccount,
  NewApiKey,
  PlanChange,
} from './account.schema.js';
import { ApiError, ERROR_STATUS, ErrorCode, ErrorDetail } from './error.schema.js';
import { HEADERS } from './headers.js';
import { IdempotencyKey, ListPetsQuery } from './list-query.schema.js';
import { NewPet, Pet, PetStatus, Pets } from './pet.schema.js';
import { Plan, PLAN_LIMITS, Role } from './rate-limit.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const API_VERSION = '1.0.0';
export const DEFAULT_SERVER_URL = 'http://localhost:3000/v1';

/** Schemas that appear in `components/schemas`, under the `id` their `.meta()` gives them. */
const COMPONENTS: z.ZodType[] = [
  PetStatus,
  NewPet,
  Pet,
  Pets,
  ApiError,
  ErrorCode,
  ErrorDetail,
  Plan,
  Role,
  Account,
  Accounts,
  NewAccount,
  PlanChange,
  ApiKey,
  ApiKeys,
  NewApiKey,
  CreatedApiKey,
];

const toJsonSchemaOptions = {
  uri: (id: string) => `#/components/schemas/${id}`,
  unrepresentable: 'throw',
  cycles: 'throw',
} as const;

/** The contract's named schemas as JSON Schema 2020-12 (request side: defaults are optional). */
function componentSchemas(): JsonObject {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...toJsonSchemaOptions, io: 'input' });
  const out: JsonObject = {};
  for (const component of COMPONENTS) {
    const id = z.globalRegistry.get(component)?.id;
    const schema = id === undefined ? undefined : schemas[id];
    if (id === undefined || !schema)
      throw new Error('Every component schema needs a registered id');
    out[id] = stripIds(schema as JsonObject);
  }
  return out;
}

/** One schema that has no id of its own, as JSON Schema. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  return stripIds(z.toJSONSchema(schema, { ...toJsonSchemaOptions, io }) as JsonObject);
}

function stripIds(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    out[key] = isObject(value)
      ? stripIds(value)
      : Array.isArray(value)
        ? value.map((item) => (isObject(item) ? stripIds(item) : item))
        : value;
  }
  return out;
}

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ref = (kind: string, name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });

const RATE_LIMIT_HEADERS: JsonObject = {
  [HEADERS.rateLimitLimit]: ref('headers', 'X-RateLimit-Limit'),
  [HEADERS.rateLimitRemaining]: ref('headers', 'X-RateLimit-Remaining'),
  [HEADERS.rateLimitReset]: ref('headers', 'X-RateLimit-Reset'),
  [HEADERS.rateLimitPolicy]: ref('headers', 'RateLimit-Policy'),
  [HEADERS.rateLimit]: ref('headers', 'RateLimit'),
  [HEADERS.requestId]: ref('headers', 'X-Request-Id'),
};

const DEPRECATION_HEADERS: JsonObject = {
  [HEADERS.deprecation]: ref('headers', 'Deprecation'),
  [HEADERS.sunset]: ref('headers', 'Sunset'),
  [HEADERS.link]: ref('headers', 'DeprecationLink'),
};

const ERROR_MESSAGES: Record<ErrorCode, string> = {
  invalid_request: 'The request is not valid HTTP: its URL does not decode.',
  invalid_body: 'The request body is invalid.',
  invalid_json: 'The request body is not a JSON object.',
  unsupported_media_type: 'Send the body as application/json.',
  invalid_query: 'The query string is invalid.',
  idempotency_key_reused: 'This Idempotency-Key was already used with a different request body.',
  missing_api_key: 'Send an API key as "Authorization: Bearer <key>".',
  invalid_api_key: 'The API key is not valid.',
  forbidden: 'This API key may not use this endpoint.',
  not_found: 'No such pet.',
  gone: 'This endpoint was removed on 5 December 2030. Use GET /v1/pets with a status filter.',
  payload_too_large: 'The request body is larger than 16 KiB.',
  rate_limited: 'Rate limit exceeded. Retry after the time in the Retry-After header.',
  api_key_banned: 'This API key is temporarily banned for sending requests while rate limited.',
  internal_error: 'Something went wrong on our side. Quote the request id when you report it.',
  service_unavailable:
    'The database is unavailable. Retry after the time in the Retry-After header.',
};

const EXAMPLE_DETAILS: Partial<Record<ErrorCode, JsonObject[]>> = {
  invalid_body: [
    { field: 'name', issue: 'must not be empty' },
    { field: 'id', issue: 'is not allowed' },
  ],
  invalid_query: [{ field: 'limit', issue: 'must be an integer from 1 to 100' }],
};

/** A reusable error response that lists the codes it may carry, each with an example body. */
function errorResponse(
  description: string,
  codes: ErrorCode[],
  extraHeaders: JsonObject = {},
): JsonObject {
  const examples: JsonObject = {};
  for (const code of codes) {
    const details = EXAMPLE_DETAILS[code];
    examples[code] = {
      summary: code,
      value: {
        code,
        message: ERROR_MESSAGES[code],
        status: ERROR_STATUS[code],
        ...(details ? { details } : {}),
      },
    };
  }
  return {
    description: `${description} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    headers: { ...RATE_LIMIT_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: ref('schemas', 'Error'), examples } },
  };
}

const RETRY_AFTER = { [HEADERS.retryAfter]: ref('headers', 'Retry-After') };

const RESPONSES: JsonObject = {
  InvalidQuery: errorResponse('The query string is outside the contract.', ['invalid_query']),
  InvalidBody: errorResponse('The body is not a valid `NewPet`, or the request is malformed.', [
    'invalid_body',
    'invalid_json',
    'unsupported_media_type',
    'idempotency_key_reused',
  ]),
  Unauthorized: errorResponse(
    'The API key is missing, unknown, malformed or revoked.',
    ['missing_api_key', 'invalid_api_key'],
    {
      [HEADERS.wwwAuthenticate]: ref('headers', 'WWW-Authenticate'),
    },
  ),
  Forbidden: errorResponse('The key is valid but not a staff key.', ['forbidden']),
  NotFound: errorResponse('No such account or key.', ['not_found']),
  InvalidAdminBody: errorResponse('The body is invalid or malformed.', [
    'invalid_body',
    'invalid_json',
    'unsupported_media_type',
  ]),
  PayloadTooLarge: errorResponse('The body is larger than 16 KiB.', ['payload_too_large']),
  TooManyRequests: errorResponse(
    'A rate limit is exceeded, or the key is banned for sending while limited. Wait `Retry-After` seconds.',
    ['rate_limited', 'api_key_banned'],
    RETRY_AFTER,
  ),
  InternalError: errorResponse('An unexpected error; it is logged with the request id.', [
    'internal_error',
  ]),
  ServiceUnavailable: errorResponse(
    'The database is unreachable, full or cannot be written. Nothing was stored; retry after `Retry-After` seconds (with the same `Idempotency-Key` for a create).',
    ['service_unavailable'],
    RETRY_AFTER,
  ),
};

const header = (description: string, schema: JsonObject, example?: Json): JsonObject => ({
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});
const INTEGER = { type: 'integer', minimum: 0 };
const STRING = { type: 'string' };

const free = PLAN_LIMITS.free;

const HEADER_COMPONENTS: JsonObject = {
  'X-RateLimit-Limit': header(
    'The limit of the window with the fewest requests remaining (on a tie, the shorter window).',
    INTEGER,
    free.perMinute,
  ),
  'X-RateLimit-Remaining': header('Requests remaining in that window.', INTEGER, 41),
  'X-RateLimit-Reset': header(
    'Unix time (seconds) at which that window resets.',
    INTEGER,
    1767225660,
  ),
  'RateLimit-Policy': header(
    'Both windows in the IETF form (draft-ietf-httpapi-ratelimit-headers): quota `q` per window of `w` seconds.',
    STRING,
    `"minute";q=${free.perMinute};w=60, "day";q=${free.perDay};w=86400`,
  ),
  RateLimit: header(
    'The window with the fewest requests remaining, IETF form: `r` remaining, `t` seconds until it resets.',
    STRING,
    '"minute";r=41;t=17',
  ),
  'X-Request-Id': header(
    'Identifies the request in our logs. A valid incoming `X-Request-Id` (1 to 128 of `A-Z a-z 0-9 . _ : -`) is echoed.',
    STRING,
    'c3e5a1a8-5f4d-4a7e-9d55-1b1e4f0c2e11',
  ),
  'Retry-After': header(
    'Whole seconds (at least 1) to wait before retrying.',
    { type: 'integer', minimum: 1 },
    17,
  ),
  'WWW-Authenticate': header(
    'RFC 6750 challenge: `Bearer realm="petstore"`, with `error="invalid_token"` when a key was sent.',
    STRING,
    'Bearer realm="petstore", error="invalid_token"',
  ),
  Location: header(
    'Absolute address of the created pet.',
    { type: 'string', format: 'uri' },
    `${DEFAULT_SERVER_URL}/pets/42`,
  ),
  NextLink: header(
    'Present when more results follow: `<{base_url}/pets?limit=…&status=…&cursor=…>; rel="next"` (absolute). Absent on the last page.',
    STRING,
    `<${DEFAULT_SERVER_URL}/pets?limit=20&cursor=eyJpZCI6MjB9>; rel="next"`,
  ),
  Deprecation: header(
    'RFC 9745: this operation is deprecated since 1 January 2026.',
    STRING,
    GET_PET_DEPRECATION_HEADER,
  ),
  Sunset: header(
    'RFC 8594: this operation is removed from this instant on (then `410 gone`).',
    STRING,
    GET_PET_SUNSET_HEADER,
  ),
  DeprecationLink: header(
    'The successor (`GET /pets?status=…`) and the deprecation notice.',
    STRING,
    `<${DEFAULT_SERVER_URL}/pets?status=available>; rel="successor-version", </docs#deprecations>; rel="deprecation"`,
  ),
};

const listQuery = jsonSchema(ListPetsQuery, 'output') as { properties: Record<string, JsonObject> };

function queryParameter(name: keyof typeof ListPetsQuery.shape): JsonObject {
  const { description, ...schema } = listQuery.properties[name] ?? {};
  return { name, in: 'query', required: false, description: description ?? null, schema };
}

const { description: idempotencyDescription, ...idempotencySchema } = jsonSchema(
  IdempotencyKey,
  'input',
);

const PARAMETERS: JsonObject = {
  limit: queryParameter('limit'),
  status: queryParameter('status'),
  cursor: queryParameter('cursor'),
  petId: {
    name: 'petId',
    in: 'path',
    required: true,
    description: 'Identifier of the pet: a positive decimal integer without leading zeros.',
    schema: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
  'Idempotency-Key': {
    name: HEADERS.idempotencyKey,
    in: 'header',
    required: false,
    description: idempotencyDescription ?? null,
    schema: idempotencySchema,
  },
};

const COMMON_ERRORS: JsonObject = {
  '401': ref('responses', 'Unauthorized'),
  '429': ref('responses', 'TooManyRequests'),
  '500': ref('responses', 'InternalError'),
  '503': ref('responses', 'ServiceUnavailable'),
};

/** A beta operation: `x-stability: beta`, the contract's error responses, JSON in and out. */
function betaOperation(
  operationId: string,
  tag: 'account' | 'admin',
  summary: string,
  success: { status: '200' | '201'; description: string; schema: string },
  extra: { requestBody?: string; errors?: string[]; parameters?: JsonObject[] } = {},
): JsonObject {
  const errors: JsonObject = {};
  for (const status of extra.errors ?? []) {
    errors[status] = ref(
      'responses',
      { '400': 'InvalidAdminBody', '403': 'Forbidden', '404': 'NotFound' }[status] ?? 'NotFound',
    );
  }
  return {
    operationId,
    tags: [tag],
    summary,
    'x-stability': 'beta',
    ...(extra.parameters ? { parameters: extra.parameters } : {}),
    ...(extra.requestBody
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('schemas', extra.requestBody) } },
          },
        }
      : {}),
    responses: {
      [success.status]: {
        description: success.description,
        headers: { ...RATE_LIMIT_HEADERS },
        content: { 'application/json': { schema: ref('schemas', success.schema) } },
      },
      ...errors,
      ...COMMON_ERRORS,
    },
  };
}

const idParameter = (name: string, description: string): JsonObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'integer', format: 'int64', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
});
const ACCOUNT_ID = idParameter('accountId', 'Identifier of the account.');
const KEY_ID = idParameter('keyId', 'Identifier of the key (not the key itself).');
const STAFF = ['403'];

const ACCOUNT_PATHS: JsonObject = {
  '/account': {
    get: betaOperation('getAccount', 'account', 'The account of the calling key', {
      status: '200',
      description: 'The account.',
      schema: 'Account',
    }),
  },
  '/account/keys': {
    get: betaOperation('listAccountKeys', 'account', 'The keys of the calling account', {
      status: '200',
      description: 'Its keys, without their secrets.',
      schema: 'ApiKeys',
    }),
    post: betaOperation(
      'createAccountKey',
      'account',
      'Create a key for the calling account',
      {
        status: '201',
        description: 'The new key, with its secret, shown this once.',
        schema: 'CreatedApiKey',
      },
      { requestBody: 'NewApiKey', errors: ['400'] },
    ),
  },
  '/account/keys/{keyId}': {
    delete: betaOperation(
      'revokeAccountKey',
      'account',
      'Revoke a key of the calling account',
      {
        status: '200',
        description: 'The revoked key. Every instance refuses it within 5 seconds.',
        schema: 'ApiKey',
      },
      { parameters: [KEY_ID], errors: ['404'] },
    ),
  },
  '/admin/accounts': {
    get: betaOperation(
      'listAccounts',
      'admin',
      'List accounts',
      { status: '200', description: 'Every account.', schema: 'Accounts' },
      { errors: STAFF },
    ),
    post: betaOperation(
      'createAccount',
      'admin',
      'Create an account',
      { status: '201', description: 'The new account.', schema: 'Account' },
      { requestBody: 'NewAccount', errors: ['400', ...STAFF] },
    ),
  },
  '/admin/accounts/{accountId}': {
    patch: betaOperation(
      'changePlan',
      'admin',
      "Change an account's plan",
      {
        status: '200',
        description: 'The account on its new plan (in force within 5 seconds).',
        schema: 'Account',
      },
      { parameters: [ACCOUNT_ID], requestBody: 'PlanChange', errors: ['400', ...STAFF, '404'] },
    ),
  },
  '/admin/accounts/{accountId}/keys': {
    get: betaOperation(
      'listKeysOfAccount',
      'admin',
      "List an account's keys",
      { status: '200', description: 'Its keys, without their secrets.', schema: 'ApiKeys' },
      { parameters: [ACCOUNT_ID], errors: [...STAFF, '404'] },
    ),
    post: betaOperation(
      'createKeyForAccount',
      'admin',
      'Create a key for an account',
      {
        status: '201',
        description: 'The new key, with its secret, shown this once.',
        schema: 'CreatedApiKey',
      },
      { parameters: [ACCOUNT_ID], requestBody: 'NewApiKey', errors: ['400', ...STAFF, '404'] },
    ),
  },
  '/admin/keys/{keyId}': {
    delete: betaOperation(
      'revokeKey',
      'admin',
      'Revoke any key',
      { status: '200', description: 'The revoked key.', schema: 'ApiKey' },
      { parameters: [KEY_ID], errors: [...STAFF, '404'] },
    ),
  },
};

const DESCRIPTION = `
The pet store catalogue over HTTP with JSON bodies: list pets, add a pet, fetch one pet.

## Authentication
Every operation needs an API key, sent as \`Authorization: Bearer <key>\` (and only there: a key in the
query string or body is not read). Keys start with \`pets_live_\` (\`pets_test_\` outside production),
carry 256 random bits, and are shown once, when created; only their SHA-256 is stored. No
\`Authorization\` header, or one with another scheme, is \`401 missing_api_key\`; a bearer token that is
not a live key (unknown, malformed or revoked) is \`401 invalid_api_key\`. Authentication comes before
any check of the request body, so a caller without a valid key learns nothing about it. Revocation
takes effect within 5 seconds.

## Errors
Every error has the body \`{"code", "message", "status"}\`, plus \`details: [{"field", "issue"}]\` on
validation errors, one entry per problem. Bodies are always \`application/json\`; \`code\` is stable and
machine-readable, \`message\` is for people and may change. An unknown path or method is
\`404 not_found\`. A failure on our side is \`500 internal_error\` with the request id in its message;
an unreachable database, a full disk or one that cannot be written is \`503 service_unavailable\` with
\`Retry-After\`.
Malformed HTTP is \`400 invalid_request\`: a URL that does not decode, a missing or invalid \`Host\`
(anything but \`host[:port]\`), conflicting \`Content-Length\` and \`Transfer-Encoding\`, a method HTTP
does not know; headers over 16 KiB are \`431\` with the same code. These answers have the same shape,
\`X-Request-Id\` and security headers as every other, and close the connection. A connection that
sends no complete request within 10 seconds of connecting is closed; so is an idle keep-alive
connection after 5 seconds.

## Durability
A \`2xx\` to a write (a pet, a key, a revocation, a plan change) means it is committed: it survives a
crash and a restart of the service. Any other answer means it did not happen, so a retry with the same
\`Idempotency-Key\` is always safe. (One case cannot be told apart: a connection to PostgreSQL lost
while a commit is on its way may leave the write done although the answer was \`503\`; a retry with
the same \`Idempotency-Key\` then answers with that pet instead of making another.)

## Rate limits
Requests are counted per account (all its keys together, every operation) in two fixed windows, the
current UTC minute and the current UTC day: Free ${PLAN_LIMITS.free.perMinute}/min and ${PLAN_LIMITS.free.perDay}/day, Pro ${PLAN_LIMITS.pro.perMinute} and ${PLAN_LIMITS.pro.perDay}, Business
${PLAN_LIMITS.business.perMinute} and ${PLAN_LIMITS.business.perDay}, Enterprise by agreement. Requests without a valid key (the 401s) are counted per
client address at the Free numbers, so guessing keys is throttled too. Every response of the API,
errors included, carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\`
(Unix seconds) for the window with the fewest requests remaining (on a tie, the shorter one), and the
same state in the IETF form as \`RateLimit-Policy\` and \`RateLimit\`; browsers may read them all (CORS).
Over a limit the answer is \`429 rate_limited\` with \`Retry-After\` (whole seconds until the full
window resets) and \`X-RateLimit-Remaining: 0\`; refused requests use no quota. Wait at least
\`Retry-After\`, then back off exponentially. A key that sends more refused requests within one UTC
minute than its plan allows per minute is banned for 15 minutes: every request with it is
\`429 api_key_banned\` with \`Retry-After\` the seconds left. The limits hold across all instances of
the service.

## Paging
\`GET /pets\` returns pets in ascending \`id\`. When more follow, the \`Link\` header carries the absolute
address of the next page (\`rel="next"\`); the last page has none. Cursors are opaque and checked: an
altered cursor, or one used with a different \`status\` than the page it came from, is
\`400 invalid_query\`. \`limit\` may change from page to page. Unknown or repeated query parameters are
\`400 invalid_query\` too.

## Idempotent creates
Send \`Idempotency-Key\` with \`POST /pets\` to make a retry safe: the same key with the same body from the
same account within 24 hours returns the first response (\`201\`, same pet, same \`Location\`) and creates
nothing, on any instance; with a different body it is \`400 idempotency_key_reused\`. Bodies are compared
after normalisation (name trimmed, \`status\` defaulted). A malformed key is \`400 invalid_body\` with a
detail for the \`Idempotency-Key\` field. Refused requests store nothing.

## Requests
Bodies are limited to 16 KiB (\`413 payload_too_large\`) and must be sent as \`application/json\` in
UTF-8: another \`charset\` is \`400 unsupported_media_type\`, and bytes that are not UTF-8 are
\`400 invalid_json\` (never stored with replacement characters). Every number in a body is an integer
and must be written as a JSON integer: a fraction or an exponent (\`1.0\`, \`1e3\`,
\`9007199254740991.4\`) is \`400 invalid_body\`, even when its value is whole. Names and labels follow one
rule: white space at either end is removed; no control characters (NUL included) and no bidirectional
controls (U+202A–U+202E, U+2066–U+2069); at least one visible character (not only white space,
zero-width or filler characters). A validation error lists at most 20 \`details\`; its message says how
many more problems there were. Every response carries \`X-Request-Id\`; quote it when you report a
problem.

## Stability
The pet operations are stable. Operations marked \`x-stability: beta\` (the account and admin
operations the staff web app uses) may still change. \`/admin\` operations need a staff key; any other
key gets \`403 forbidden\`.

## Deprecations
\`GET /pets/{petId}\` is deprecated since 1 January 2026 and is removed on 5 December 2030; from then on it
answers \`410 gone\`. Its responses carry \`Deprecation\`, \`Sunset\` and \`Link\` headers. Use
\`GET /pets\` with a \`status\` filter instead.
`.trim();

/** The OpenAPI 3.1 document of the API, generated from the contract's schemas. */
export function createOpenApiDocument(): JsonObject {
  const schemas = componentSchemas();

  return {
    openapi: '3.1.0',
    info: {
      title: 'Pet Store API',
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Pet Store API support', url: 'http://localhost:3000/docs' },
    },
    // Relative, so the document is right wherever the API that serves it runs.
    servers: [
      { url: '/v1', description: 'Version 1 of the API, on the host that serves this document' },
    ],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'pets', description: 'The pet catalogue.' },
      { name: 'account', description: 'The account of the calling key, and its own keys (beta).' },
      {
        name: 'admin',
        description: 'Staff only: accounts, plans and keys of every account (beta).',
      },
    ],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          summary: 'List pets',
          description:
            'Pets in ascending `id`, at most `limit` per page; follow `Link: rel="next"` for more.',
          parameters: [
            ref('parameters', 'limit'),
            ref('parameters', 'status'),
            ref('parameters', 'cursor'),
          ],
          responses: {
            '200': {
              description: 'A page of pets.',
              headers: { ...RATE_LIMIT_HEADERS, [HEADERS.link]: ref('headers', 'NextLink') },
              content: { 'application/json': { schema: ref('schemas', 'Pets') } },
            },
            '400': ref('responses', 'InvalidQuery'),
            ...COMMON_ERRORS,
          },
        },
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          summary: 'Add a pet',
          description: 'Creates a pet. Send `Idempotency-Key` to make retries safe.',
          parameters: [ref('parameters', 'Idempotency-Key')],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref('schemas', 'NewPet') } },
          },
          responses: {
            '201': {
              description: 'The pet was created (or, for a repeated `Idempotency-Key`, had been).',
              headers: { ...RATE_LIMIT_HEADERS, [HEADERS.location]: ref('headers', 'Location') },
              content: { 'application/json': { schema: ref('schemas', 'Pet') } },
            },
            '400': ref('responses', 'InvalidBody'),
            '413': ref('responses', 'PayloadTooLarge'),
            ...COMMON_ERRORS,
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          summary: 'Get a pet (deprecated)',
          description: `Deprecated: removed on ${GET_PET_SUNSET_AT.toISOString().slice(0, 10)}. Use \`GET /pets\` with a \`status\` filter.`,
          deprecated: true,
          parameters: [ref('parameters', 'petId')],
          responses: withHeaders(
            {
              '200': {
                description: 'The pet.',
                headers: { ...RATE_LIMIT_HEADERS },
                content: { 'application/json': { schema: ref('schemas', 'Pet') } },
              },
              '401': errorResponse(
                'The API key is missing, unknown, malformed or revoked.',
                ['missing_api_key', 'invalid_api_key'],
                {
                  [HEADERS.wwwAuthenticate]: ref('headers', 'WWW-Authenticate'),
                },
              ),
              '404': errorResponse(
                'No pet has this identifier (or it is not a positive decimal integer).',
                ['not_found'],
              ),
              '410': errorResponse('The operation is past its sunset instant.', ['gone']),
              '429': errorResponse(
                'A rate limit is exceeded, or the key is banned.',
                ['rate_limited', 'api_key_banned'],
                RETRY_AFTER,
              ),
              '500': errorResponse('An unexpected error.', ['internal_error']),
              '503': errorResponse(
                'The database is unreachable, full or cannot be written. Nothing was stored.',
                ['service_unavailable'],
                RETRY_AFTER,
              ),
            },
            DEPRECATION_HEADERS,
          ),
        },
      },
      ...ACCOUNT_PATHS,
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key',
          description: 'An API key from your account: `Authorization: Bearer pets_live_…`.',
        },
      },
      schemas,
      parameters: PARAMETERS,
      headers: HEADER_COMPONENTS,
      responses: RESPONSES,
    },
  };
}

function withHeaders(responses: Record<string, JsonObject>, headers: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [status, response] of Object.entries(responses)) {
    out[status] = { ...response, headers: { ...(response['headers'] as JsonObject), ...headers } };
  }
  return out;
}
