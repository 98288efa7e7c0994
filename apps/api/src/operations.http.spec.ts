// The routes the API serves are exactly the contract's operations, each once, each asking for a
// key, a session, staff or a person as the table says.
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { type Operation, OPERATIONS } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { routeOf } from './gate/allowed-methods.js';
import { FallbackController } from './gate/fallback.controller.js';
import { OPERATION_ID } from './gate/operation.decorator.js';
import { IS_PUBLIC } from './gate/public.decorator.js';
import { OPEN, PERSON_ONLY, STAFF_ONLY } from './gate/roles.decorator.js';

interface ServedRoute {
  route: string;
  operationId: unknown;
  access: Operation['access'];
}

/** Every route the app's controllers serve under /v1, as Nest's router reads them. */
function servedRoutes(t: TestApp): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function' || metatype === FallbackController) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        const full = `/${[prefix, path].filter(Boolean).join('/')}`.replaceAll(/\/+/g, '/');
        if (!full.startsWith('/v1/')) continue;
        const flag = (key: string) =>
          Reflect.getMetadata(key, handler) === true || Reflect.getMetadata(key, metatype) === true;
        routes.push({
          route: `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]} ${full}`,
          operationId: Reflect.getMetadata(OPERATION_ID, handler),
          access: flag(IS_PUBLIC)
            ? 'public'
            : flag(OPEN)
              ? 'open'
              : flag(STAFF_ONLY)
                ? 'staff'
                : flag(PERSON_ONLY)
                  ? 'person'
                  : 'key',
        });
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

const table = (Object.entries(OPERATIONS) as [string, Operation][]).map(([id, operation]) => ({
  id,
  operation,
  route: `${operation.method} ${routeOf(operation)}`,
}));

describe('the routes the API serves', () => {
  let t: TestApp;
  let partner: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Limits above one call of every operation within a minute.
    ({ key: partner } = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    }));
  });
  afterAll(() => t.close());

  it('are the operations of the contract, each once, with the table’s access', () => {
    expect(servedRoutes(t)).toEqual(
      table
        .map(({ id, operation, route }) => ({ route, operationId: id, access: operation.access }))
        .sort((a, b) => a.route.localeCompare(b.route)),
    );
  });

  it('ask for a key or a session where the table says so, staff for staff operations, a person for theirs', async () => {
    for (const [index, { id, operation }] of table.entries()) {
      // Ids nothing has, so no call changes anything (revoking key 1 would revoke `partner`).
      const url = `/v1${operation.path.replaceAll(/\{\w+\}/g, '999999')}`;
      // Each from an address of its own: more operations than one address may call in a minute.
      const remoteAddress = `198.51.100.${index + 1}`;
      const anonymous = await t.app.inject({ method: operation.method, url, remoteAddress });
      expect(anonymous.statusCode === 401, `${id} without a key`).toBe(
        operation.access !== 'public' && operation.access !== 'open',
      );
      const asPartner = await t.app.inject({
        method: operation.method,
        url,
        headers: { authorization: `Bearer ${partner}` },
      });
      expect(asPartner.statusCode, `${id} with a partner key`).not.toBe(401);
      expect(asPartner.statusCode === 403, `${id} with a partner key`).toBe(
        operation.access === 'staff' || operation.access === 'person',
      );
    }
  });
});
