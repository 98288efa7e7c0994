// The key guard: malformed Authorization headers are refused, the scheme is case-insensitive, and a
// key lookup that fails is a 503 or a logged 500, never a 401.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ApiKeysService } from '../accounts/api-keys/api-keys.service.js';

/** The guard's answers do not depend on the engine: SQLite only. */
describe('API key guard', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await t.createKey());
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (authorization: string) => t.as({ authorization }).get('/v1/pets');

  it.each(['Basic bearer', 'Token Bearer abc', 'Bearerabc', 'X-Bearer k'])(
    '%s is no bearer credential: 401 missing_api_key',
    async (authorization) => {
      const response = await get(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"');
      expect(response.json()).toMatchObject({ code: 'missing_api_key' });
    },
  );

  it.each(['Bearer', 'bearer', 'BEARER'])(
    'the bearer scheme alone (%s) is a bearer credential without a key: 401 invalid_api_key',
    async (authorization) => {
      const response = await get(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer realm="petstore", error="invalid_token"',
      );
      expect(response.json()).toMatchObject({ code: 'invalid_api_key' });
    },
  );

  it('the scheme is case-insensitive: "bearer <key>" is accepted', async () => {
    expect((await get(`bearer ${key}`)).statusCode).toBe(200);
  });

  it('a key lookup that fails because the database is down is 503 with Retry-After, never a 401', async () => {
    const apiKeys = t.app.get(ApiKeysService);
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const spy = vi.spyOn(apiKeys, 'authenticate').mockRejectedValueOnce(outage);
    try {
      const response = await get(`Bearer ${key}`);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toEqual(expect.any(String));
      expect(response.json()).toMatchObject({ code: 'service_unavailable' });
    } finally {
      spy.mockRestore();
    }
    expect((await get(`Bearer ${key}`)).statusCode).toBe(200);
  });

  it('a key lookup that fails with something not an Error is a logged 500, never a 401', async () => {
    const apiKeys = t.app.get(ApiKeysService);
    const spy = vi.spyOn(apiKeys, 'authenticate').mockRejectedValueOnce('not an Error');
    const logged = t.logs.length;
    try {
      const response = await get(`Bearer ${key}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'internal_error' });
    } finally {
      spy.mockRestore();
    }
    const errors = t.logs.slice(logged).filter((line) => line['msg'] === 'unexpected error');
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('The bearer strategy failed without an Error');
  });
});
