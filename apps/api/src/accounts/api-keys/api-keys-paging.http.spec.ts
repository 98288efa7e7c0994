/**
 * The key lists page as every list does (docs/team/guarantees.md), and an account has at most
 * ACTIVE_KEYS_MAX live keys, however they are made: through the API, by two instances at once, or
 * with `npm run keys`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ACTIVE_KEYS_MAX, type ApiKey, type AccountUsage } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINES, type TestApp } from '../../../test/test-app.js';
import { ApiKeysService } from './api-keys.service.js';
import { expectNextPath } from '../../../test/requests.js';
import { useInstances } from '../../../test/instances.js';

describe.each(ENGINES)('API key lists and the cap on live keys on %s', (engine) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ key: staff } = await t.createKey({
      name: 'Staff',
      role: 'staff',
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (url: string, key: string, label = 'more') => t.as(key).post(url, { label });
  /** A partner with `count` keys in all (the first made by createKey), the third revoked. */
  const partnerWithKeys = async (count: number) => {
    const made = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    });
    const keys = t.app.get(ApiKeysService);
    const ids = [made.keyId];
    for (let i = 2; i <= count; i++) {
      const { apiKey } = await keys.create(made.accountId, `key ${i}`, 'cli');
      ids.push(apiKey.id);
      if (i === 3) await keys.revoke(apiKey.id, 'cli');
    }
    return { ...made, ids };
  };

  it('pages GET /v1/account/keys in ascending id, revoked keys included, with Link', async () => {
    const { key, ids } = await partnerWithKeys(25);
    const first = await t.as(key).get('/v1/account/keys?limit=10');
    expect(first.statusCode).toBe(200);
    expect(first.json<ApiKey[]>().map((k) => k.id)).toEqual(ids.slice(0, 10));
    expect(first.json<ApiKey[]>()[2]?.revokedAt).not.toBeNull();
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/account\/keys\?limit=10&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const second = await t.as(key).get(expectNextPath(first));
    expect(second.json<ApiKey[]>().map((k) => k.id)).toEqual(ids.slice(10, 20));
    const third = await t.as(key).get(expectNextPath(second));
    expect(third.json<ApiKey[]>().map((k) => k.id)).toEqual(ids.slice(20));
    expect(third.headers.link).toBeUndefined();

    // Twenty by default, as every list.
    const byDefault = await t.as(key).get('/v1/account/keys');
    expect(byDefault.json<ApiKey[]>()).toHaveLength(20);
    expect(byDefault.headers.link).toMatch(/\/v1\/account\/keys\?limit=20&cursor=/);
  });

  it("pages an account's keys for staff, and keeps a cursor to the account it was made for", async () => {
    const { key, accountId, ids } = await partnerWithKeys(5);
    const url = `/v1/admin/accounts/${accountId}/keys`;
    const first = await t.as(staff).get(`${url}?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json<ApiKey[]>().map((k) => k.id)).toEqual(ids.slice(0, 2));
    expect(first.headers.link).toMatch(
      new RegExp(
        `^<http://localhost:80/v1/admin/accounts/${accountId}/keys\\?limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"$`,
      ),
    );
    const next = expectNextPath(first);
    const second = await t.as(staff).get(next);
    expect(second.json<ApiKey[]>().map((k) => k.id)).toEqual(ids.slice(2, 4));
    expect(
      (await t.as(staff).get(expectNextPath(second))).json<ApiKey[]>().map((k) => k.id),
    ).toEqual(ids.slice(4));

    // The same position in the partner's own list is another list: its cursor is refused there,
    // and on another account's keys.
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const other = await partnerWithKeys(3);
    for (const [refusedUrl, caller] of [
      [`/v1/account/keys?cursor=${cursor}`, other.key],
      [`/v1/admin/accounts/${other.accountId}/keys?cursor=${cursor}`, staff],
    ] as const) {
      const refused = await t.as(caller).get(refusedUrl);
      expect(refused.statusCode, refusedUrl).toBe(400);
      expect(refused.json()).toEqual({
        code: 'invalid_query',
        status: 400,
        message: "The query string is invalid: cursor belongs to another account's keys.",
        details: [{ field: 'cursor', issue: "belongs to another account's keys" }],
      });
    }
    // Its own keys, from the same account's position: the same list.
    expect((await t.as(key).get(`/v1/account/keys?limit=2&cursor=${cursor}`)).statusCode).toBe(200);
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 100'],
    ['limit=101', 'limit must be an integer from 1 to 100'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor is not a valid cursor'],
    ['status=sold', 'status is not allowed'],
  ])('refuses ?%s on both key lists', async (query, described) => {
    const { key, accountId } = await partnerWithKeys(3);
    for (const [url, caller] of [
      [`/v1/account/keys?${query}`, key],
      [`/v1/admin/accounts/${accountId}/keys?${query}`, staff],
    ] as const) {
      const refused = await t.as(caller).get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ code: string; message: string }>()).toMatchObject({
        code: 'invalid_query',
        message: `The query string is invalid: ${described}.`,
      });
    }
  });

  it('refuses a pets or audit cursor on a key list', async () => {
    const { key } = await partnerWithKeys(2);
    for (let i = 0; i < 3; i++)
      await t.as(staff).post('/v1/pets', { name: `Pet ${i}`, categoryId: 1 });
    const cursors = [
      expectNextPath(await t.as(staff).get('/v1/pets?limit=1')),
      expectNextPath(await t.as(staff).get('/v1/admin/audit?limit=1')),
    ].map((url) => new URL(url, 'http://x').searchParams.get('cursor')!);
    for (const cursor of cursors) {
      const refused = await t.as(key).get(`/v1/account/keys?cursor=${cursor}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
      });
    }
  });

  it(`refuses a key over ${ACTIVE_KEYS_MAX} live ones with 409, through the API and for staff; a revocation makes room`, async () => {
    const { key, accountId, ids } = await partnerWithKeys(ACTIVE_KEYS_MAX + 1);
    // One of them revoked (the third): the account has exactly the most live keys it may have.
    const refusal = {
      code: 'too_many_api_keys',
      status: 409,
      message: `The account already has ${ACTIVE_KEYS_MAX} active API keys, the most it may have. Revoke one it no longer uses, then create the new one.`,
    };
    const own = await create('/v1/account/keys', key);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual(refusal);
    const forStaff = await create(`/v1/admin/accounts/${accountId}/keys`, staff);
    expect(forStaff.statusCode).toBe(409);
    expect(forStaff.json()).toEqual(refusal);
    await expect(t.app.get(ApiKeysService).create(accountId, 'cli', 'cli')).rejects.toMatchObject({
      code: 'too_many_api_keys',
    });
    // Nothing was made: no key, no audit event.
    const listed = await t.as(staff).get(`/v1/admin/accounts/${accountId}/keys?limit=100`);
    const second = await t.as(staff).get(expectNextPath(listed));
    expect([...listed.json<ApiKey[]>(), ...second.json<ApiKey[]>()].map((k) => k.id)).toEqual(ids);
    const audit = await t.as(staff).get(`/v1/admin/audit?targetType=key&limit=1`);
    expect(audit.json<{ target: { id: number } }[]>()[0]?.target.id).toBe(ids.at(-1));

    // The usage answer lists the live keys whole: at most the cap.
    const usage = await t.as(staff).get(`/v1/admin/accounts/${accountId}/usage`);
    expect(usage.json<AccountUsage>().keys.map((k) => k.id)).toEqual(
      ids.filter((id) => id !== ids[2]),
    );

    await t.as(key).delete(`/v1/account/keys/${ids[5]}`);
    const made = await create('/v1/account/keys', key);
    expect(made.statusCode).toBe(201);
    expect((await create('/v1/account/keys', key)).statusCode).toBe(409);
  });
});

/**
 * Creates racing through two instances never take an account over the cap: the count and the insert
 * are one step under the account's lock (on PostgreSQL an advisory lock every instance shares).
 */
describe.each(ENGINES)('concurrent key creates through two instances on %s', (engine) => {
  const { first, second } = useInstances({ engine });

  it(`make at most ${ACTIVE_KEYS_MAX} live keys`, async () => {
    const { key, accountId } = await first.createKey({
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    });
    const keys = first.app.get(ApiKeysService);
    const room = 5;
    for (let i = 1; i < ACTIVE_KEYS_MAX - room; i++)
      await keys.create(accountId, `key ${i}`, 'cli');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? first : second).as(key).post('/v1/account/keys', { label: `racing ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 409)).toHaveLength(30 - room);
    expect(await second.app.get(ApiKeysService).live(accountId)).toHaveLength(ACTIVE_KEYS_MAX);
  });
});

describe('npm run keys -- create over the cap', () => {
  it('refuses with the same sentence, exit 1, and makes nothing', async () => {
    const t = await createTestApp();
    try {
      const { accountId } = await t.createKey();
      const keys = t.app.get(ApiKeysService);
      for (let i = 1; i < ACTIVE_KEYS_MAX; i++) await keys.create(accountId, `key ${i}`, 'cli');
      const { database } = t.config;
      if (database.kind !== 'sqlite') throw new Error('expected SQLite');
      const cli = fileURLToPath(new URL('../../../dist/bundle/keys.js', import.meta.url));
      const env = {
        PATH: process.env['PATH'] ?? '',
        DATABASE_URL: `sqlite:${database.file}`,
        NODE_ENV: 'test',
      };
      const result = spawnSync(process.execPath, [cli, 'create', '--account', String(accountId)], {
        env,
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `The account already has ${ACTIVE_KEYS_MAX} active API keys, the most it may have. Revoke one it no longer uses, then create the new one.\n`,
      );
      expect(await keys.live(accountId)).toHaveLength(ACTIVE_KEYS_MAX);
    } finally {
      await t.close();
    }
  });
});
