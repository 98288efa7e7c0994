// The operations table: path parameters, one operation per method and path, routes in the form
// Nest and Fastify take, and the same operations as the OpenAPI document.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenApiDocument } from './openapi.js';
import { OPERATION_IDS, OPERATIONS, type Operation, routePath } from './operations.js';

const entries = Object.entries(OPERATIONS) as [string, Operation][];

describe('the operations table', () => {
  it('names each path parameter once in the path and once in `params`', () => {
    for (const [id, operation] of entries) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(operation.params?.shape ?? {}), id).toEqual(inPath);
    }
  });

  it('has one operation per method and path', () => {
    const routes = entries.map(([, { method, path }]) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(OPERATION_IDS).toEqual(entries.map(([id]) => id));
  });

  it('gives the routes in the form Nest and Fastify route by', () => {
    expect(routePath(OPERATIONS.getPet)).toBe('/pets/:petId');
    expect(routePath(OPERATIONS.listKeysOfAccount)).toBe('/admin/accounts/:accountId/keys');
    expect(routePath(OPERATIONS.listPets)).toBe('/pets');
  });

  it('reads path ids as the canonical decimal integers they are documented as', () => {
    const params = OPERATIONS.getPet.params;
    expect(params.parse({ petId: '42' })).toEqual({ petId: 42 });
    for (const bad of ['0', '042', '1.0', '9007199254740992', ''])
      expect(params.safeParse({ petId: bad }).success, bad).toBe(false);
  });

  it('is what the OpenAPI document lists, operation by operation', () => {
    const document = createOpenApiDocument() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        id: operation['operationId'],
        route: `${method.toUpperCase()} ${path}`,
        stability: operation['x-stability'] ?? 'stable',
        deprecated: operation['deprecated'] === true,
        staffOnly:
          (operation['responses'] as Record<string, { $ref?: string }>)['403']?.$ref ===
          '#/components/responses/Forbidden',
      })),
    );
    // Less where single sign-on sends the browser (`303`): pages, not operations of the document.
    expect(listed).toEqual(
      entries
        .filter(([, operation]) => operation.success.status !== 303)
        .map(([id, operation]) => ({
          id,
          route: `${operation.method} ${operation.path}`,
          stability: operation.stability,
          deprecated: operation.deprecation !== undefined,
          staffOnly: operation.access === 'staff',
        })),
    );
  });

  it('documents the request and success bodies with the contract schemas', () => {
    for (const [id, operation] of entries) {
      if (operation.success.status === 204 || operation.success.status === 303)
        expect(operation.success.schema, id).toBeUndefined();
      else expect(operation.success.schema, id).toBeInstanceOf(z.ZodType);
      if (operation.method === 'GET' || operation.method === 'DELETE')
        expect(operation.body, id).toBeUndefined();
    }
  });
});
