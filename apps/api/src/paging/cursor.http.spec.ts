/**
 * Cursors are signed with `CURSOR_SECRET` (docs/team/guarantees.md): one forged without it is
 * `400 invalid_query` on every list, and one made by an instance is good on every instance that
 * shares the secret.
 */
import { unkeyed } from '../../test/cursors.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Answer, expectNextPath } from '../../test/requests.js';

const SHARED = 'a-secret-both-instances-share-0123456789';

describe('signed cursors', () => {
  let first: TestApp;
  let second: TestApp;
  let stranger: TestApp;
  let staff: string;
  let partner: { key: string; accountId: number };

  beforeAll(async () => {
    first = await createTestApp({ env: { CURSOR_SECRET: SHARED } });
    const { database } = first.config;
    if (database.kind !== 'sqlite') throw new Error('expected SQLite');
    const databaseUrl = `sqlite:${database.file}`;
    second = await createTestApp({ databaseUrl, env: { CURSOR_SECRET: SHARED } });
    // Same data, the development secret.
    stranger = await createTestApp({ databaseUrl });
    ({ key: staff } = await first.createKey({
      name: 'Staff',
      role: 'staff',
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    }));
    partner = await first.createKey({
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    });
    for (let i = 1; i <= 4; i++) {
      await first.as(staff).post('/v1/pets', { name: `Pet ${i}`, categoryId: 1 });
      await first.as(partner.key).post('/v1/account/keys', { label: `Key ${i}` });
    }
  });
  afterAll(async () => {
    await stranger.close();
    await second.close();
    await first.close();
  });

  const expectRefused = (response: Answer, url: string) => {
    expect(response.statusCode, url).toBe(400);
    expect(response.json(), url).toEqual({
      code: 'invalid_query',
      status: 400,
      message: 'The query string is invalid: cursor is not a valid cursor.',
      details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
    });
  };

  it('refuses a cursor forged without the secret, on every list', async () => {
    const forged: [string, string][] = [
      [`/v1/pets?cursor=${unkeyed(['c1', '1', ''])}`, staff],
      [`/v1/pets?status=available&cursor=${unkeyed(['c1', '1', 'available'])}`, staff],
      [`/v1/admin/audit?cursor=${unkeyed(['a1', '1000000', ',,'])}`, staff],
      [`/v1/account/keys?cursor=${unkeyed(['k1', '1', String(partner.accountId)])}`, partner.key],
      [
        `/v1/admin/accounts/${partner.accountId}/keys?cursor=${unkeyed(['k1', '1', String(partner.accountId)])}`,
        staff,
      ],
    ];
    for (const [url, key] of forged) expectRefused(await first.as(key).get(url), url);
  });

  it('takes a cursor one instance made on another with the same secret; one with another secret refuses it', async () => {
    for (const [path, key] of [
      ['/v1/pets?limit=2', staff],
      ['/v1/admin/audit?limit=2', staff],
      ['/v1/account/keys?limit=2', partner.key],
      [`/v1/admin/accounts/${partner.accountId}/keys?limit=2`, staff],
    ] as const) {
      const page = await first.as(key).get(path);
      const url = expectNextPath(page);
      const onFirst = await first.as(key).get(url);
      const onSecond = await second.as(key).get(url);
      expect(onFirst.statusCode, url).toBe(200);
      expect(onSecond.statusCode, url).toBe(200);
      expect(onSecond.json(), url).toEqual(onFirst.json());
      expectRefused(await stranger.as(key).get(url), url);
    }
  });
});
