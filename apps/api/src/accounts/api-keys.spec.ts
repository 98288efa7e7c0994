import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { ApiKeysService, KEY_CACHE_TTL_MS } from './api-keys.service.js';
import { generateKey, hashKey, isWellFormedKey } from './api-key-format.js';

describe('key format', () => {
  it('is a recognisable prefix and 256 random bits, stored only as its SHA-256', () => {
    const { key, hash, prefix } = generateKey('test');
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
    expect(generateKey('live').key).toMatch(/^pets_live_/);
    expect(hash).toBe(hashKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength('pets_test_'.length + 6);
    expect(isWellFormedKey(key)).toBe(true);
    expect(isWellFormedKey(`${key}x`)).toBe(false);
    expect(new Set(Array.from({ length: 1000 }, () => generateKey('test').key)).size).toBe(1000);
  });
});

describe.each(ENGINES)('API keys on %s', (engine) => {
  let t: TestApp;
  let dataSource: DataSource;
  const get = (key: string) =>
    t.app.inject({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    t = await createTestApp({ engine });
    dataSource = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the hash and the display prefix, never the key', async () => {
    const { key, keyId } = await t.createKey();
    const rows = await dataSource.query<Record<string, unknown>[]>('SELECT * FROM api_keys');
    expect(JSON.stringify(rows)).not.toContain(key);
    const row = rows.find((r) => Number(r['id']) === keyId);
    expect(row?.['hash']).toBe(hashKey(key));
  });

  it('revocation takes effect at once on this instance', async () => {
    const { key, keyId } = await t.createKey();
    expect((await get(key)).statusCode).toBe(200);
    await t.app.get(ApiKeysService).revoke(keyId);
    const response = await get(key);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_api_key' });
  });

  it('a revocation made elsewhere takes effect within the cache lifetime, at most 5 s', async () => {
    expect(KEY_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
    const { key, keyId } = await t.createKey();
    expect((await get(key)).statusCode).toBe(200);
    // Another instance revokes the key: only the database changes here.
    await dataSource.query(`UPDATE api_keys SET revoked_at = 1 WHERE id = ${keyId}`);
    t.clock.advance(KEY_CACHE_TTL_MS - 1);
    expect((await get(key)).statusCode).toBe(200);
    t.clock.advance(2);
    expect((await get(key)).statusCode).toBe(401);
  });

  it('a cached key needs no database round trip', async () => {
    const { key } = await t.createKey();
    expect((await get(key)).statusCode).toBe(200);
    const queries: string[] = [];
    const original = dataSource.query.bind(dataSource);
    const spy = (sql: string, parameters?: unknown[]) => {
      queries.push(sql);
      return original(sql, parameters);
    };
    dataSource.query = spy as typeof dataSource.query;
    try {
      expect((await get(key)).statusCode).toBe(200);
    } finally {
      dataSource.query = original;
    }
    expect(queries.filter((sql) => sql.includes('api_keys'))).toEqual([]);
  });

  it('records last use coarsely', async () => {
    const { key, keyId } = await t.createKey();
    const service = t.app.get(ApiKeysService);
    expect((await service.find(keyId))?.lastUsedAt).toBeNull();
    await get(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const firstUse = (await service.find(keyId))?.lastUsedAt;
    expect(firstUse).toBe(t.clock.now());
    t.clock.advance(60_000);
    await get(key);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await service.find(keyId))?.lastUsedAt).toBe(firstUse);
  });
});
