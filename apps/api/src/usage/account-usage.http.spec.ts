// What staff see of an account's usage (GET /v1/admin/accounts/{accountId}/usage, docs/partners/rate-limits.md,
// for staff): the minute's and the day's counts of all its keys together, refusals and bans as the
// clock moves on, its live keys; reading it counts nothing, and a partner gets 403.
import type { AccountUsage } from '@pets/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ engine: 'sqlite' });
  ({ key: staff } = await t.createKey({
    role: 'staff',
    plan: 'enterprise',
    limits: { perMinute: 100_000, perDay: 1_000_000 },
  }));
});
afterAll(async () => {
  await t.close();
});

/** Each test starts 10 s into a fresh UTC minute of a fresh UTC day. */
beforeEach(() => {
  t.clock.ms = Math.floor(t.clock.now() / DAY) * DAY + DAY + 10_000;
});

const send = async (key: string, count: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(
      (await t.app.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    );
  return statuses;
};

const usageOf = async (accountId: number | string, key = staff) =>
  t.app.inject({
    url: `/v1/admin/accounts/${accountId}/usage`,
    headers: { authorization: `Bearer ${key}` },
  });

const iso = (ms: number) => new Date(ms).toISOString();
const minuteEnd = () => (Math.floor(t.clock.now() / MINUTE) + 1) * MINUTE;
const dayEnd = () => (Math.floor(t.clock.now() / DAY) + 1) * DAY;

describe('GET /v1/admin/accounts/{accountId}/usage', () => {
  it('a Free partner that sent 61 requests has used 60 of 60 this minute and was refused once', async () => {
    const { key, accountId, keyId } = await t.createKey({ name: 'Busy partner', plan: 'free' });
    const statuses = await send(key, 61);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
    // The key's last use is written in the background, with the writes that come in with it: once
    // the event loop has turned (inject's requests alone never turn it).
    await new Promise((resolve) => setImmediate(resolve));

    const response = await usageOf(accountId);
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountUsage>()).toEqual({
      minute: { used: 60, limit: 60, resetsAt: iso(minuteEnd()) },
      day: { used: 60, limit: 1_000, resetsAt: iso(dayEnd()) },
      refusedToday: 1,
      bannedUntil: null,
      keys: [{ id: keyId, label: 'test key', lastUsedAt: iso(t.clock.now()) }],
    });
    // Reading the usage counts nothing: not for the account, not for the staff key asking.
    expect((await usageOf(accountId)).json<AccountUsage>().minute.used).toBe(60);
  });

  it('shows the ban when it comes, and the refusals of the day across minutes', async () => {
    const { key, accountId } = await t.createKey({ plan: 'free' });
    await send(key, 120);
    expect((await usageOf(accountId)).json<AccountUsage>()).toMatchObject({
      refusedToday: 60,
      bannedUntil: null,
    });
    // The 61st refusal in the minute bans the key for 15 minutes.
    expect(await send(key, 1)).toEqual([429]);
    const banned = (await usageOf(accountId)).json<AccountUsage>();
    expect(banned.refusedToday).toBe(61);
    expect(banned.bannedUntil).toBe(iso(t.clock.now() + 15 * MINUTE));

    // A new minute: the minute's count starts again, the day's and the refusals go on, the ban holds.
    t.clock.advance(MINUTE);
    expect(await send(key, 2)).toEqual([429, 429]);
    expect((await usageOf(accountId)).json<AccountUsage>()).toMatchObject({
      minute: { used: 0, limit: 60 },
      day: { used: 60 },
      refusedToday: 63,
      bannedUntil: banned.bannedUntil,
    });

    // The ban ends; the next UTC day starts with nothing counted.
    t.clock.advance(15 * MINUTE);
    expect((await usageOf(accountId)).json<AccountUsage>().bannedUntil).toBeNull();
    t.clock.ms = dayEnd() + 5_000;
    expect((await usageOf(accountId)).json<AccountUsage>()).toMatchObject({
      minute: { used: 0 },
      day: { used: 0 },
      refusedToday: 0,
      bannedUntil: null,
    });
  });

  it('counts every key of the account together, and lists only the live keys, oldest first', async () => {
    const { key, accountId, keyId } = await t.createKey({ plan: 'pro' });
    const second = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/accounts/${accountId}/keys`,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      payload: { label: 'Second' },
    });
    const third = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/accounts/${accountId}/keys`,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      payload: { label: 'Revoked' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/admin/keys/${third.json<{ id: number }>().id}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    await send(key, 3);
    await send(second.json<{ key: string }>().key, 2);
    const usage = (await usageOf(accountId)).json<AccountUsage>();
    expect(usage.minute).toMatchObject({ used: 5, limit: 300 });
    expect(usage.keys.map((k) => [k.id, k.label])).toEqual([
      [keyId, 'test key'],
      [second.json<{ id: number }>().id, 'Second'],
    ]);
  });

  it('an account nobody has used shows nothing counted; an unknown one is 404, a partner 403', async () => {
    const { accountId, key } = await t.createKey({ plan: 'free' });
    expect((await usageOf(accountId)).json<AccountUsage>()).toMatchObject({
      minute: { used: 0, limit: 60 },
      day: { used: 0, limit: 1_000 },
      refusedToday: 0,
      bannedUntil: null,
      keys: [{ lastUsedAt: null }],
    });
    expect((await usageOf(999_999)).statusCode).toBe(404);
    expect((await usageOf('abc')).statusCode).toBe(404);
    expect((await usageOf(accountId, key)).json()).toMatchObject({ code: 'forbidden' });
  });
});
