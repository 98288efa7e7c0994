// A flood of requests without a key, from more addresses than the limiter keeps, through the real
// app behind a trusted proxy on loopback: it lifts no ban and starts no account's counts again. The
// limiter keeps 2,000 addresses here (RATE_LIMIT_ADDRESSES), so that 2,500 make the flood; the
// storage's own test pushes the default's 200,000 past their limit.
import type { AccountUsage } from '@pets/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const KEPT = 2_000;

beforeAll(async () => {
  t = await createTestApp({
    engine: 'sqlite',
    env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_ADDRESSES: String(KEPT) },
  });
});
afterAll(async () => {
  await t.close();
});

const list = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/v1/pets', headers });

it('a banned Free key stays banned, and its counts stand, after requests from more addresses than are kept', async () => {
  t.clock.ms = Date.UTC(2030, 0, 1, 10, 0, 43);
  const { key: staff } = await t.createKey({
    role: 'staff',
    plan: 'enterprise',
    limits: { perMinute: 100_000, perDay: 1_000_000 },
  });
  const { key, accountId } = await t.createKey({ plan: 'free' });
  const keyed = { authorization: `Bearer ${key}` };
  const usage = async () =>
    (
      await t.app.inject({
        url: `/v1/admin/accounts/${accountId}/usage`,
        headers: { authorization: `Bearer ${staff}` },
      })
    ).json<AccountUsage>();

  for (let i = 0; i < 121; i++) await list(keyed);
  const banned = await list(keyed);
  expect(banned.statusCode).toBe(429);
  expect(banned.json()).toMatchObject({ code: 'api_key_banned' });
  const before = await usage();
  expect(before).toMatchObject({
    minute: { used: 60 },
    day: { used: 60 },
    refusedToday: 62,
    bannedUntil: '2030-01-01T10:15:43.000Z',
  });

  // Each from its own address, as the proxy on loopback says; a few at a time.
  const flood = KEPT + 500;
  const statuses = new Map<number, number>();
  const batch = 64;
  for (let sent = 0; sent < flood; sent += batch) {
    const responses = await Promise.all(
      Array.from({ length: Math.min(batch, flood - sent) }, (_, j) => {
        const i = sent + j;
        return list({ 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 0xff}.${i & 0xff}` });
      }),
    );
    for (const { statusCode } of responses)
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  }
  expect(Object.fromEntries(statuses)).toEqual({ 401: flood });

  expect(await usage()).toEqual(before);
  const still = await list(keyed);
  expect(still.statusCode).toBe(429);
  expect(still.json()).toMatchObject({ code: 'api_key_banned' });
  expect(still.headers['retry-after']).toBe('900');
  expect(still.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2030, 0, 1, 10, 15, 43) / 1000));
});
