// The OpenAPI document: the committed openapi.json is what the contract makes, and it has every
// operation, response, header, schema and form of the contract.
import { describe, expect, it } from 'vitest';
import {
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
} from './deprecation.js';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error.schema.js';
import { CURSOR_MAX_LENGTH } from './list-query.schema.js';
import { createOpenApiDocument, DEFAULT_SERVER_URL, EXAMPLE_SERVER_URL } from './openapi.js';
import { OPERATIONS } from './operations.js';
import { EVENT_TYPES } from './event.schema.js';

type Node = Record<string, unknown>;

/**
 * The document, built by each test that reads it: a contract the generator cannot turn into a
 * document then fails those tests, rather than this file as it loads.
 */
const build = () => {
  const document = createOpenApiDocument() as Node;
  const at = (path: string): Node =>
    path.split('/').reduce<Node>((node, key) => node[key.replaceAll('~1', '/')] as Node, document);
  return { document, at };
};

describe('OpenAPI document', () => {
  it('is the committed openapi.json (run `npx nx test contract -u` after changing the contract)', async () => {
    const { document } = build();
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../openapi.json');
  });

  it('is OpenAPI 3.1 at version 1.0.0 with a bearer key by default', () => {
    const { document, at } = build();
    expect(document['openapi']).toBe('3.1.0');
    expect(at('info')['version']).toBe('1.0.0');
    expect(document['security']).toEqual([{ apiKey: [] }]);
    expect(at('components/securitySchemes/apiKey')).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(at('components/securitySchemes/session')).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-pets_session',
    });
  });

  it('names on each operation only what it takes: a key, a session, or nothing', () => {
    const { document } = build();
    const paths = document['paths'] as Record<string, Record<string, Node>>;
    for (const [id, operation] of Object.entries(OPERATIONS)) {
      if (operation.success.status === 303) continue;
      const object = paths[operation.path]?.[operation.method.toLowerCase()];
      // A session opens a key's operations too, but generators send every scheme listed (a key
      // as a cookie as well): the operations programs call name the key alone.
      const expected = {
        public: [],
        open: [],
        key: [{ apiKey: [] }],
        staff: [{ apiKey: [] }],
        person: [{ session: [] }],
      }[operation.access];
      expect(object?.['security'], id).toEqual(expected);
    }
  });

  it('leaves out where single sign-on sends the browser: pages, with no answer a program reads', () => {
    const { document } = build();
    const paths = document['paths'] as Record<string, unknown>;
    expect(paths['/session/oidc']).toBeUndefined();
    expect(paths['/session/oidc/callback']).toBeUndefined();
    for (const item of Object.values(paths) as Record<string, Node>[])
      for (const operation of Object.values(item))
        expect(
          Object.keys(operation['responses'] as Node).some((status) => status.startsWith('2')),
        ).toBe(true);
  });

  it('names an absolute server: the one it is given, or an example', () => {
    expect(build().document['servers']).toEqual([
      expect.objectContaining({ url: EXAMPLE_SERVER_URL }),
    ]);
    expect(EXAMPLE_SERVER_URL).toMatch(/^https:\/\/[^/]+\/v1$/);
    expect(createOpenApiDocument({ serverUrl: 'http://127.0.0.1:3999/v1' })['servers']).toEqual([
      { url: 'http://127.0.0.1:3999/v1', description: 'Version 1 of the API.' },
    ]);
  });

  it('gives no field of a schema a `default`: a body may leave such fields out, and says so', () => {
    const { at } = build();
    const defaults: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return;
      if ('default' in node) defaults.push(path);
      for (const [key, child] of Object.entries(node)) walk(child, `${path}/${key}`);
    };
    walk(at('components/schemas'), 'components/schemas');
    walk(at('paths'), 'paths');
    expect(defaults).toEqual([]);
    expect(at('components/schemas/NewPet/properties/status')).toEqual({
      $ref: '#/components/schemas/PetStatus',
      description: 'Availability of the pet; `available` when omitted.',
    });
    expect(at('components/schemas/NewPet')['required']).toEqual(['name', 'categoryId']);
    const [fixed, enterprise] = at('components/schemas/NewAccount')['anyOf'] as Node[];
    for (const form of [fixed, enterprise])
      expect((form?.['properties'] as Node)['role']).toEqual({
        $ref: '#/components/schemas/Role',
        description: '`partner` when omitted.',
      });
    // A parameter keeps its default: generators never make a parameter required for it.
    expect(at('components/parameters/limit/schema')['default']).toBe(20);
  });

  it("signs in with no credentials, and takes only a session for what is the person's own", () => {
    const { at } = build();
    const signIn = at('paths/~1session/post');
    expect(signIn['security']).toEqual([]);
    expect(Object.keys(at('paths/~1session/post/responses'))).toEqual([
      '204',
      '400',
      '401',
      '413',
      '429',
      '500',
      '503',
    ]);
    expect(at('paths/~1session/post/responses/401')).toEqual({
      $ref: '#/components/responses/InvalidCredentials',
    });
    expect(at('paths/~1session/post/responses/204/headers')).toHaveProperty('Set-Cookie');
    for (const method of ['get', 'delete']) {
      expect(at(`paths/~1session/${method}`)['security']).toEqual([{ session: [] }]);
      expect(at(`paths/~1session/${method}/responses/403`)).toEqual({
        $ref: '#/components/responses/SignedInOnly',
      });
    }
  });

  it('has the three operations, and only getPet is deprecated', () => {
    const { at } = build();
    expect(at('paths/~1pets/get')['operationId']).toBe('listPets');
    expect(at('paths/~1pets/post')['operationId']).toBe('createPet');
    expect(at('paths/~1pets~1{petId}/get')).toMatchObject({
      operationId: 'getPet',
      deprecated: true,
    });
    expect(at('paths/~1pets/get')['deprecated']).toBeUndefined();
  });

  it('lists every response of the contract', () => {
    const { at } = build();
    expect(Object.keys(at('paths/~1pets/get/responses'))).toEqual([
      '200',
      '400',
      '401',
      '429',
      '500',
      '503',
    ]);
    expect(Object.keys(at('paths/~1pets/post/responses'))).toEqual([
      '201',
      '400',
      '401',
      '413',
      '429',
      '500',
      '503',
    ]);
    expect(Object.keys(at('paths/~1pets~1{petId}/get/responses'))).toEqual([
      '200',
      '400',
      '401',
      '404',
      '410',
      '429',
      '500',
      '503',
    ]);
  });

  it('gives the rate-limit headers and X-Request-Id on every response, and Retry-After on 429 and 503', () => {
    const { at } = build();
    const operations = [
      at('paths/~1pets/get'),
      at('paths/~1pets/post'),
      at('paths/~1pets~1{petId}/get'),
    ];
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation['responses'] as Node)) {
        const resolved = (
          '$ref' in (response as Node)
            ? at(((response as Node)['$ref'] as string).slice(2))
            : response
        ) as Node;
        const headers = Object.keys(resolved['headers'] as Node);
        expect(headers, status).toEqual(
          expect.arrayContaining([
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
            'RateLimit',
            'RateLimit-Policy',
            'X-Request-Id',
          ]),
        );
        if (status === '429' || status === '503') expect(headers).toContain('Retry-After');
        if (status === '401') expect(headers).toContain('WWW-Authenticate');
      }
    }
  });

  it('gives getPet its deprecation headers on every response', () => {
    const { at } = build();
    for (const response of Object.values(at('paths/~1pets~1{petId}/get/responses'))) {
      expect(Object.keys((response as Node)['headers'] as Node)).toEqual(
        expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
      );
    }
  });

  it('shows the deprecation headers exactly as the API sends them', () => {
    const { at } = build();
    expect(at('components/headers/Deprecation')['example']).toBe(GET_PET_DEPRECATION_HEADER);
    expect(at('components/headers/Sunset')['example']).toBe(GET_PET_SUNSET_HEADER);
    expect(at('components/headers/DeprecationLink')['example']).toBe(
      getPetLinkHeader(DEFAULT_SERVER_URL),
    );
    expect(at('paths/~1pets~1{petId}/get')['description']).toContain('removed on 2030-12-05');
  });

  it("describes what endpoints are sent in `webhooks`: each event type, signed, its event's schema", () => {
    const { document, at } = build();
    const webhooks = document['webhooks'] as Record<string, Node>;
    expect(Object.keys(webhooks)).toEqual(EVENT_TYPES);
    for (const type of EVENT_TYPES) {
      const post = webhooks[type]?.['post'] as Node;
      const parameters = post['parameters'] as { name: string; in: string; required: boolean }[];
      expect(parameters.map(({ name, in: where, required }) => [name, where, required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      const schema = (
        ((post['requestBody'] as Node)['content'] as Node)['application/json'] as Node
      )['schema'] as { $ref: string };
      const event = at(schema.$ref.slice(2));
      expect((event['properties'] as Node)['type']).toMatchObject({ const: type });
      expect(Object.keys(post['responses'] as Node).sort()).toEqual(['2XX', '410']);
    }
    expect((webhooks['webhook.test']?.['post'] as Node)['description']).toContain(
      'the one endpoint a test was asked for',
    );
    expect((webhooks['order.approved']?.['post'] as Node)['operationId']).toBe(
      'orderApprovedWebhook',
    );
    expect((webhooks['pet.created']?.['post'] as Node)['description']).toContain(
      'whose `events` name it',
    );
  });

  it('generates the schemas from the contract', () => {
    const { at } = build();
    expect(at('components/schemas/NewPet')).toMatchObject({
      type: 'object',
      required: ['name', 'categoryId'],
      additionalProperties: false,
    });
    expect(at('components/schemas/Pet')['required']).toEqual([
      'id',
      'name',
      'categoryId',
      'status',
    ]);
    expect(at('components/schemas/NewPet/properties/categoryId')).toMatchObject({
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: 9007199254740991,
    });
    expect(at('components/parameters/limit/schema')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
  });

  it('says a pet patch changes at least one field, as the API refuses {}', () => {
    const { at } = build();
    expect(at('components/schemas/PetPatch')).toMatchObject({
      type: 'object',
      minProperties: 1,
      additionalProperties: false,
    });
  });

  it('gives a new account one form per kind of plan: limits with enterprise, and only there', () => {
    const { at } = build();
    const [fixed, enterprise] = at('components/schemas/NewAccount')['anyOf'] as Node[];
    expect(at('components/schemas/NewAccount')['discriminator']).toBeUndefined();
    expect(fixed).toMatchObject({
      required: ['name'],
      additionalProperties: false,
      properties: {
        plan: {
          type: 'string',
          enum: ['free', 'pro', 'business'],
          description: '`free` when omitted.',
        },
        limits: { not: {} },
      },
    });
    expect(enterprise).toMatchObject({
      required: ['name', 'plan', 'limits'],
      additionalProperties: false,
      properties: {
        plan: { type: 'string', const: 'enterprise' },
        limits: { required: ['perMinute', 'perDay'] },
      },
    });
  });

  it('tells a plan change apart by its plan, with a discriminator', () => {
    const { at } = build();
    const fixed = { $ref: '#/components/schemas/FixedPlanChange' };
    const enterprise = { $ref: '#/components/schemas/EnterprisePlanChange' };
    expect(at('components/schemas/PlanChange')).toMatchObject({
      oneOf: [fixed, enterprise],
      discriminator: {
        propertyName: 'plan',
        mapping: {
          free: fixed.$ref,
          pro: fixed.$ref,
          business: fixed.$ref,
          enterprise: enterprise.$ref,
        },
      },
    });
    expect(at('components/schemas/FixedPlanChange')).toMatchObject({
      required: ['plan'],
      properties: { plan: { enum: ['free', 'pro', 'business'] }, limits: { not: {} } },
    });
    expect(at('components/schemas/EnterprisePlanChange')).toMatchObject({
      required: ['plan', 'limits'],
      properties: { plan: { const: 'enterprise' } },
    });
  });

  it('names every schema of the contract as a component, under the name it is referenced by', () => {
    const { at } = build();
    expect(Object.keys(at('components/schemas'))).toEqual([
      'PetStatus',
      'NewPet',
      'PetPatch',
      'Pet',
      'ListedPet',
      'ListedPets',
      'PetSex',
      'PetSize',
      'GoodWithAnswer',
      'PetProfile',
      'PetProfilePatch',
      'PhotoUrls',
      'PetPhoto',
      'PetPhotos',
      'PhotoMove',
      'PetBatchItem',
      'PetBatch',
      'PetBatchResult',
      'PetBatchResults',
      'Error',
      'ErrorCode',
      'ErrorDetail',
      'Plan',
      'Role',
      'Account',
      'Accounts',
      'NewAccount',
      'PlanChange',
      'FixedPlanChange',
      'EnterprisePlanChange',
      'KeyMaker',
      'ApiKey',
      'ApiKeys',
      'NewApiKey',
      'CreatedApiKey',
      'AccountUsage',
      'AuditAction',
      'AuditTargetType',
      'AuditEvent',
      'AuditEvents',
      'SignIn',
      'Person',
      'CurrentSession',
      'NewInvitation',
      'Invitation',
      'OpenInvitation',
      'OpenInvitations',
      'AcceptInvitation',
      'PasswordResetLink',
      'ResetPassword',
      'People',
      'Session',
      'Sessions',
      'ChangePassword',
      'RemovePassword',
      'Category',
      'Categories',
      'NewCategory',
      'CategoryPatch',
      'OrderStatus',
      'Order',
      'PetSummary',
      'AccountSummary',
      'ListedOrder',
      'Orders',
      'NewOrder',
      'Inventory',
      'AdoptionsByAccount',
      'AdoptionsByWeek',
      'AdoptionsReport',
      'SignInMethods',
      'Passkey',
      'Passkeys',
      'PasskeyOptions',
      'PasskeyCredential',
      'NewPasskey',
      'PasskeySignIn',
      'EventType',
      'PetProfileEventData',
      'PetPhotoEventData',
      'WebhookTestEventData',
      ...EVENT_TYPES.map(
        (type) =>
          `${type
            .split(/[._]/)
            .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`)
            .join('')}Event`,
      ),
      'Event',
      'Events',
      'WebhookStatus',
      'WebhookDisabledReason',
      'WebhookEndpoint',
      'WebhookEndpoints',
      'NewWebhookEndpoint',
      'WebhookEndpointPatch',
      'CreatedWebhookEndpoint',
      'RolledWebhookSecret',
      'WebhookDeliveryStatus',
      'WebhookDelivery',
      'WebhookAttempt',
      'WebhookAttempts',
    ]);
    // Every reference names something the document has.
    const { document } = build();
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/([^"]+)"/g)].map(
      ([, path]) => path ?? '',
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(at(ref), ref).toBeDefined();
    expect(at('components/schemas/Pet/properties/status')).toEqual({
      $ref: '#/components/schemas/PetStatus',
    });
    expect(at('components/schemas/Error/properties/code')).toEqual({
      $ref: '#/components/schemas/ErrorCode',
    });
    expect(at('components/schemas/Error/properties/details/items')).toEqual({
      $ref: '#/components/schemas/ErrorDetail',
    });
    expect(at('components/schemas/Account/properties')).toMatchObject({
      plan: { $ref: '#/components/schemas/Plan' },
      role: { $ref: '#/components/schemas/Role' },
    });
    expect(at('components/schemas/Accounts/items')).toEqual({
      $ref: '#/components/schemas/Account',
    });
    expect(at('components/schemas/ApiKeys/items')).toEqual({
      $ref: '#/components/schemas/ApiKey',
    });
  });

  it('lists every error code, and shows each with the status it comes with', () => {
    const { at } = build();
    expect(at('components/schemas/ErrorCode')['enum']).toEqual(ERROR_CODES);
    const examples = Object.values(at('components/responses') as Record<string, Node>).flatMap(
      (response) =>
        Object.values(
          (response['content'] as Record<string, Node>)['application/json']?.['examples'] as Record<
            string,
            { value: { code: ErrorCode; status: number } }
          >,
        ),
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const { value } of examples)
      expect(value.status, value.code).toBe(ERROR_STATUS[value.code]);
  });

  it('describes the page, cursor and idempotency-key parameters with their rules', () => {
    const { at } = build();
    expect(at('components/parameters/cursor')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', maxLength: CURSOR_MAX_LENGTH, pattern: '^[A-Za-z0-9_-]+$' },
    });
    expect(at('components/parameters/status/schema')).toEqual({
      type: 'string',
      enum: ['available', 'pending', 'sold'],
    });
    expect(at('components/parameters/Idempotency-Key')).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[\\x20-\\x7e]{1,255}$' },
    });
    expect(at('components/parameters/Idempotency-Key')['description']).toContain('within 24 hours');
  });

  it('marks the account, session, admin, category, store and pet-management operations beta, and only those', () => {
    const { document, at } = build();
    const paths = document['paths'] as Record<string, Record<string, Node>>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const managesPets =
          (path === '/pets/{petId}' && (method === 'patch' || method === 'delete')) ||
          path === '/pets/batch' ||
          /^\/pets\/\{petId\}\/(profile|photos)/.test(path);
        expect(operation['x-stability'], `${method} ${path}`).toBe(
          path.startsWith('/account') ||
            path.startsWith('/session') ||
            path.startsWith('/sessions') ||
            path.startsWith('/invitations') ||
            path.startsWith('/password-resets') ||
            path.startsWith('/admin') ||
            path.startsWith('/categories') ||
            path.startsWith('/store') ||
            path.startsWith('/events') ||
            managesPets
            ? 'beta'
            : undefined,
        );
      }
    }
    expect(Object.keys(paths).filter((path) => path.startsWith('/admin'))).toHaveLength(18);
    expect(Object.keys(at('paths/~1admin~1accounts/get/responses'))).toContain('403');
  });
});
