// API keys as stored and checked, on each database: the key's format and hash, which kinds an
// instance takes by NODE_ENV, revocation at once here and within 5 s elsewhere, the lookup cache,
// last use recorded at most hourly, and lists in order of creation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataSource } from 'typeorm';
import { createTestApp, ENGINES, type TestApp } from '../../../test/test-app.js';
import { Writer } from '../../database/writer.js';
import { ApiKeysService, KEY_CACHE_TTL_MS } from './api-keys.service.js';
import { acceptsKey, generateKey, hashKey } from './api-key-format.js';

describe('key format', () => {
  it('is a recognisable prefix and 256 random bits, stored only as its SHA-256', () => {
    const { key, hash, prefix } = generateKey('test');
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
    expect(generateKey('live').key).toMatch(/^pets_live_/);
    expect(hash).toBe(hashKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength('pets_test_'.length + 6);
    expect(acceptsKey('test')(key)).toBe(true);
    expect(acceptsKey('test')(`${key}x`)).toBe(false);
    expect(new Set(Array.from({ length: 1000 }, () => generateKey('test').key)).size).toBe(1000);
  });

  it('hashes as SHA-256 in hex, so keys stored before any change still match', () => {
    // FIPS 180-2's test vector.
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('keys by NODE_ENV (docs/partners/authentication.md)', () => {
  it('an instance in production takes live keys only; elsewhere, both kinds', () => {
    const live = generateKey('live').key;
    const test = generateKey('test').key;
    expect(acceptsKey('production')(live)).toBe(true);
    expect(acceptsKey('production')(test)).toBe(false);
    for (const env of ['development', 'test'] as const) {
      expect(acceptsKey(env)(live)).toBe(true);
      expect(acceptsKey(env)(test)).toBe(true);
      expect(acceptsKey(env)(`${test}x`)).toBe(false);
    }
  });

  it('refuses, in production, a test key made on the same database outside production', async () => {
    const outside = await createTestApp({ engine: 'sqlite' });
    const { database } = outside.config;
    if (database.kind !== 'sqlite') throw new Error('expected SQLite');
    const production = await createTestApp({
      databaseUrl: `sqlite:${database.file}`,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://api.example.com',
        CURSOR_SECRET: 'a-cursor-secret-for-production-tests',
      },
    });
    try {
      const { key: testKey, accountId } = await outside.createKey({ plan: 'pro' });
      const { key: liveKey } = await production.app
        .get(ApiKeysService)
        .create(accountId, 'live', 'cli');
      expect(testKey).toMatch(/^pets_test_/);
      expect(liveKey).toMatch(/^pets_live_/);
      const list = (app: TestApp, key: string) =>
        app.app.inject({
          method: 'GET',
          url: '/v1/pets',
          headers: { authorization: `Bearer ${key}` },
        });
      const refused = await list(production, testKey);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_api_key' });
      expect(refused.headers['www-authenticate']).toBe(
        'Bearer realm="petstore", error="invalid_token"',
      );
      expect((await list(production, liveKey)).statusCode).toBe(200);
      // Outside production both open the same account.
      expect((await list(outside, testKey)).statusCode).toBe(200);
      expect((await list(outside, liveKey)).statusCode).toBe(200);
    } finally {
      await production.close();
      await outside.close();
    }
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
    await t.app.get(ApiKeysService).revoke(keyId, 'cli');
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

  it('records last use at the first use, then again once an hour has passed, not before', async () => {
    const hour = 60 * 60 * 1_000;
    const { key, keyId } = await t.createKey();
    const lastUsedAt = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/account/keys',
        headers: { authorization: `Bearer ${key}` },
      });
      return response
        .json<{ id: number; lastUsedAt: string | null }[]>()
        .find((k) => k.id === keyId)?.lastUsedAt;
    };
    const writer = t.app.get(Writer);
    const writes = vi.spyOn(writer, 'transaction');
    try {
      const firstUse = t.clock.now();
      expect((await get(key)).statusCode).toBe(200);
      expect(writes).toHaveBeenCalledTimes(1);
      await vi.waitFor(async () => {
        expect(await lastUsedAt()).toBe(new Date(firstUse).toISOString());
      });

      // Past the key cache's lifetime, so the key is read again from the database.
      t.clock.advance(hour - 1);
      writes.mockClear();
      expect((await get(key)).statusCode).toBe(200);
      expect(writes).not.toHaveBeenCalled();
      expect(await lastUsedAt()).toBe(new Date(firstUse).toISOString());

      t.clock.advance(1);
      writes.mockClear();
      expect((await get(key)).statusCode).toBe(200);
      expect(writes).toHaveBeenCalledTimes(1);
      await vi.waitFor(async () => {
        expect(await lastUsedAt()).toBe(new Date(firstUse + hour).toISOString());
      });
    } finally {
      writes.mockRestore();
    }
  });

  it("lists an account's own keys, oldest first, even after some were used or revoked", async () => {
    const first = await t.createKey({ name: 'Lister' });
    const other = await t.createKey({ name: 'Someone else' });
    const as = { authorization: `Bearer ${first.key}`, 'content-type': 'application/json' };
    const made: number[] = [first.keyId];
    for (const label of ['second', 'third']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/account/keys',
        headers: as,
        payload: { label },
      });
      made.push(created.json<{ id: number }>().id);
    }
    // Updates move rows in PostgreSQL's heap: an unordered read would no longer follow ids.
    const service = t.app.get(ApiKeysService);
    await service.revoke(made[1]!, 'cli');
    await dataSource.query(`UPDATE api_keys SET label = 'renamed' WHERE id = ${first.keyId}`);

    const listed = await t.app.inject({ method: 'GET', url: '/v1/account/keys', headers: as });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ id: number }[]>().map((k) => k.id)).toEqual(made);

    // Without an account (the operators' CLI): every account's keys, oldest first.
    const all = (await service.list()).map((k) => k.id);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all).toEqual(expect.arrayContaining([...made, other.keyId]));
    const counted = await dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM api_keys',
    );
    expect(all).toHaveLength(Number(counted[0]!.n));
  });

  it('revoking a key id that does not exist changes nothing and reports no key', async () => {
    const { key } = await t.createKey();
    expect(await t.app.get(ApiKeysService).revoke(999_999, 'cli')).toBeNull();
    expect((await get(key)).statusCode).toBe(200);
  });
});

describe('API keys in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', CURSOR_SECRET: 'a-cursor-secret-for-production-tests' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are live keys, and work', async () => {
    const { key } = await t.createKey();
    expect(key).toMatch(/^pets_live_[A-Za-z0-9]{43}$/);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/account/keys',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { label: 'second' },
    });
    expect(created.statusCode).toBe(201);
    const second = created.json<{ key: string; prefix: string }>();
    expect(second.key).toMatch(/^pets_live_[A-Za-z0-9]{43}$/);
    expect(second.prefix).toMatch(/^pets_live_[A-Za-z0-9]{6}$/);
    const used = await t.app.inject({
      method: 'GET',
      url: '/v1/pets',
      headers: { authorization: `Bearer ${second.key}` },
    });
    expect(used.statusCode).toBe(200);
  });
});

describe('API keys outside production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are test keys', async () => {
    const { key } = await t.createKey();
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
  });
});
