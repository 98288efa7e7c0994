import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';

const document = createOpenApiDocument();
const serialised = `${JSON.stringify(document, null, 2)}\n`;

type Node = Record<string, unknown>;
const at = (path: string): Node =>
  path.split('/').reduce<Node>((node, key) => node[key.replaceAll('~1', '/')] as Node, document);

describe('OpenAPI document', () => {
  it('is the committed openapi.json (run `npx nx test contract -u` after changing the contract)', async () => {
    await expect(serialised).toMatchFileSnapshot('../openapi.json');
  });

  it('is OpenAPI 3.1 at version 1.0.0 with bearer keys on every operation', () => {
    expect(document['openapi']).toBe('3.1.0');
    expect(at('info')['version']).toBe('1.0.0');
    expect(document['security']).toEqual([{ apiKey: [] }]);
    expect(at('components/securitySchemes/apiKey')).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('has the three operations, and only getPet is deprecated', () => {
    expect(at('paths/~1pets/get')['operationId']).toBe('listPets');
    expect(at('paths/~1pets/post')['operationId']).toBe('createPet');
    expect(at('paths/~1pets~1{petId}/get')).toMatchObject({
      operationId: 'getPet',
      deprecated: true,
    });
    expect(at('paths/~1pets/get')['deprecated']).toBeUndefined();
  });

  it('lists every response of the contract', () => {
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
      '401',
      '404',
      '410',
      '429',
      '500',
      '503',
    ]);
  });

  it('gives the rate-limit headers and X-Request-Id on every response, and Retry-After on 429 and 503', () => {
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
    for (const response of Object.values(at('paths/~1pets~1{petId}/get/responses'))) {
      expect(Object.keys((response as Node)['headers'] as Node)).toEqual(
        expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
      );
    }
  });

  it('generates the schemas from the contract', () => {
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

  it('marks the account and admin operations beta, and only those', () => {
    const paths = document['paths'] as Record<string, Record<string, Node>>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation['x-stability'], path).toBe(
          path.startsWith('/account') || path.startsWith('/admin') ? 'beta' : undefined,
        );
      }
    }
    expect(Object.keys(paths).filter((path) => path.startsWith('/admin'))).toHaveLength(4);
    expect(Object.keys(at('paths/~1admin~1accounts/get/responses'))).toContain('403');
  });

  it('passes redocly lint with no errors', () => {
    const output = execFileSync(
      'npx',
      ['--no-install', 'redocly', 'lint', 'openapi.json', '--format=json'],
      {
        cwd: new URL('..', import.meta.url).pathname,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const { totals } = JSON.parse(output) as { totals: { errors: number } };
    expect(totals.errors).toBe(0);
  });
});
