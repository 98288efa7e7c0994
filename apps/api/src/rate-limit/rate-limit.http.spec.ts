// Rate limits over HTTP (docs/partners/rate-limits.md): a plan's numbers per account across every operation,
// headers that count down, bans of keys that keep sending, which window a refusal names, callers
// without a key counted by address, routes not limited, and X-Forwarded-For only from a trusted
// proxy.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ engine: 'sqlite', env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

/** Each test starts 43 s into a fresh UTC minute of a fresh UTC day. */
beforeEach(() => {
  const nextDay = Math.floor(t.clock.now() / DAY) * DAY + DAY;
  t.clock.ms = nextDay + 43_000;
});

const list = (key?: string, headers: Record<string, string> = {}) =>
  t.as(key || undefined).get('/v1/pets', headers);

const rateHeaders = (response: LightMyRequestResponse) => ({
  limit: Number(response.headers['x-ratelimit-limit']),
  remaining: Number(response.headers['x-ratelimit-remaining']),
  reset: Number(response.headers['x-ratelimit-reset']),
  policy: response.headers['ratelimit-policy'],
  state: response.headers['ratelimit'],
  retryAfter: response.headers['retry-after'],
});

async function send(
  count: number,
  key?: string,
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse[]> {
  const responses: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await list(key, headers));
  return responses;
}

const minuteEnd = () => (Math.floor(t.clock.now() / MINUTE) + 1) * MINUTE;
const dayEnd = () => (Math.floor(t.clock.now() / DAY) + 1) * DAY;

describe('a Free key', () => {
  it('gets 60 requests a minute with headers that count down, then 429 with Retry-After', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    const allowed = await send(60, key);
    expect(allowed.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    expect(allowed.map((r) => rateHeaders(r).remaining)).toEqual(
      Array.from({ length: 60 }, (_, i) => 59 - i),
    );
    expect(rateHeaders(allowed[0]!)).toEqual({
      limit: 60,
      remaining: 59,
      reset: minuteEnd() / 1000,
      policy: '"minute";q=60;w=60, "day";q=1000;w=86400',
      state: '"minute";r=59;t=17',
      retryAfter: undefined,
    });

    const refused = await list(key);
    expectProblem(refused, {
      code: 'rate_limited',
      message: 'Rate limit of 60 requests per minute exceeded. Retry after 17 seconds.',
      status: 429,
    });
    expect(rateHeaders(refused)).toEqual({
      limit: 60,
      remaining: 0,
      reset: minuteEnd() / 1000,
      policy: '"minute";q=60;w=60, "day";q=1000;w=86400',
      state: '"minute";r=0;t=17',
      retryAfter: '17',
    });
  });

  it('uses no quota for refused requests, and starts again in the next minute', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    await send(60, key);
    expect((await send(10, key)).every((r) => r.statusCode === 429)).toBe(true);
    t.clock.advance(17_000);
    const next = await list(key);
    expect(next.statusCode).toBe(200);
    expect(rateHeaders(next).remaining).toBe(59);
    // The day counted 61, not 71.
    const day = next.headers['ratelimit-policy'];
    expect(day).toBe('"minute";q=60;w=60, "day";q=1000;w=86400');
    expect((await send(59, key)).every((r) => r.statusCode === 200)).toBe(true);
    expect((await list(key)).statusCode).toBe(429);
  });

  it('is counted per account, across every operation and every key of the account', async () => {
    const { key, accountId } = await t.createKey({ plan: 'free' });
    const second = await t.createKey({ plan: 'free' });
    const other = await t.as(key).get('/v1/nothing-here');
    expect(other.statusCode).toBe(404);
    expect(rateHeaders(other).remaining).toBe(59);
    const missing = await t.as(key).get('/v1/pets/999999');
    expect(missing.statusCode).toBe(404);
    expect(rateHeaders(missing).remaining).toBe(58);
    const invalid = await t.as(key).get('/v1/pets?limit=0');
    expect(invalid.statusCode).toBe(400);
    expect(rateHeaders(invalid).remaining).toBe(57);
    expect(rateHeaders(await list(second.key)).remaining).toBe(59);
    expect(second.accountId).not.toBe(accountId);
  });

  it('another account is unaffected', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    const { key: other } = await t.createKey({ plan: 'free' });
    await send(61, key);
    const response = await list(other);
    expect(response.statusCode).toBe(200);
    expect(rateHeaders(response).remaining).toBe(59);
  });
});

describe('bans', () => {
  it('a key that sends more than its per-minute limit while limited is banned for 15 minutes', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    const { key: bystander } = await t.createKey({ plan: 'free' });
    await send(60, key);
    const refused = await send(60, key);
    expect(refused.every((r) => r.json<{ code: string }>().code === 'rate_limited')).toBe(true);

    const banned = await list(key);
    expect(banned.statusCode).toBe(429);
    expect(banned.headers['retry-after']).toBe('900');
    // Every header points at the ban's end, not at the end of the minute.
    const banEnd = t.clock.now() / 1000 + 900;
    expect(Number(banned.headers['x-ratelimit-reset'])).toBe(banEnd);
    expect(banned.headers['x-ratelimit-remaining']).toBe('0');
    expect(banned.headers['ratelimit']).toMatch(/;r=0;t=900$/);
    expect(banned.json()).toEqual({
      code: 'api_key_banned',
      message:
        'This API key is banned for 900 more seconds for sending requests while rate limited. Back off after a 429.',
      status: 429,
    });

    t.clock.advance(5 * MINUTE);
    const still = await list(key);
    expect(still.json()).toMatchObject({ code: 'api_key_banned' });
    expect(still.headers['retry-after']).toBe('600');
    expect(Number(still.headers['x-ratelimit-reset'])).toBe(banEnd);
    // A new minute has begun, but nothing is left while the ban lasts.
    expect(still.headers['x-ratelimit-remaining']).toBe('0');
    expect(still.headers['ratelimit']).toMatch(/;r=0;t=600$/);
    expect((await list(bystander)).statusCode).toBe(200);

    t.clock.advance(10 * MINUTE - 1);
    expect((await list(key)).headers['retry-after']).toBe('1');
    t.clock.advance(1);
    expect((await list(key)).statusCode).toBe(200);
  });

  it('a ban that begins part way through a second gives X-RateLimit-Reset in whole seconds, the same in every answer', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    t.clock.advance(108);
    await send(120, key);
    const banned = await list(key);
    expect(banned.json<{ code: string }>().code).toBe('api_key_banned');
    // The ban's 900 s, counted from 43.108 s into the minute, end at the next whole second.
    const end = Math.ceil(t.clock.now() / 1000) + 900;
    expect(banned.headers['x-ratelimit-reset']).toBe(String(end));
    // 900.892 s to wait: 901, rounded up as Retry-After always is.
    expect(banned.headers['retry-after']).toBe('901');
    t.clock.advance(1_234);
    const later = await list(key);
    expect(later.headers['x-ratelimit-reset']).toBe(String(end));
    // 44.342 s into the minute now: 899.658 s left, 900 rounded up.
    expect(later.headers['retry-after']).toBe('900');
    expect(later.headers['ratelimit']).toMatch(/;r=0;t=900$/);
  });

  it('a key that backs off after a 429 is never banned', async () => {
    const { key } = await t.createKey({ plan: 'free' });
    for (let minute = 0; minute < 3; minute++) {
      await send(60, key);
      const refused = await list(key);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      t.clock.advance(Number(refused.headers['retry-after']) * 1000);
    }
    expect((await list(key)).statusCode).toBe(200);
  });
});

describe('windows', () => {
  it('when the minute and the day fill together, the refusal points at the end of the day, not the minute', async () => {
    const { key } = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 10, perDay: 20 },
    });
    await send(10, key);
    t.clock.advance(MINUTE);
    const last = await send(10, key);
    expect(last.every((r) => r.statusCode === 200)).toBe(true);
    // Both windows are full now: retrying at the minute's end could not succeed.
    const refused = await list(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('20 requests per day') as string,
    });
    const toMidnight = (dayEnd() - t.clock.now()) / 1000;
    expect(toMidnight).toBeGreaterThan(60);
    expect(rateHeaders(refused)).toMatchObject({
      limit: 20,
      remaining: 0,
      reset: dayEnd() / 1000,
      retryAfter: String(toMidnight),
      state: `"day";r=0;t=${toMidnight}`,
    });
  });

  it('the day window bites before the minute window, and then Retry-After runs to the end of the UTC day', async () => {
    const { key } = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 10, perDay: 15 },
    });
    await send(10, key);
    t.clock.advance(MINUTE);
    const last = await send(5, key);
    expect(last.every((r) => r.statusCode === 200)).toBe(true);
    // Day: 0 left; minute: 5 left. The day is reported.
    expect(rateHeaders(last[4]!)).toMatchObject({
      limit: 15,
      remaining: 0,
      reset: dayEnd() / 1000,
    });

    const refused = await list(key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('15 requests per day') as string,
    });
    expect(Number(refused.headers['retry-after'])).toBe((dayEnd() - t.clock.now()) / 1000);
    expect(rateHeaders(refused)).toMatchObject({ limit: 15, remaining: 0, reset: dayEnd() / 1000 });
    expect(refused.headers['ratelimit']).toBe(`"day";r=0;t=${(dayEnd() - t.clock.now()) / 1000}`);
  });

  // In the last minute of the UTC day both windows end together: a refusal by both reports the
  // minute (10 a minute, 20 a day); one by the day alone, the day (10 a minute, 15 a day).
  it.each([
    { window: 'minute', perDay: 20, then: 10, limit: 10 },
    { window: 'day', perDay: 15, then: 5, limit: 15 },
  ])(
    'in the last minute of the UTC day, a refusal by the $window reports the $window',
    async ({ window, perDay, then, limit }) => {
      t.clock.ms = dayEnd() - 2 * MINUTE + 43_000;
      const { key } = await t.createKey({
        plan: 'enterprise',
        limits: { perMinute: 10, perDay },
      });
      await send(10, key);
      t.clock.advance(MINUTE);
      expect(minuteEnd()).toBe(dayEnd());
      expect((await send(then, key)).every((r) => r.statusCode === 200)).toBe(true);
      const refused = await list(key);
      expect(refused.json()).toMatchObject({
        code: 'rate_limited',
        message: `Rate limit of ${limit} requests per ${window} exceeded. Retry after 17 seconds.`,
      });
      expect(rateHeaders(refused)).toMatchObject({
        limit,
        remaining: 0,
        reset: dayEnd() / 1000,
        retryAfter: '17',
        state: `"${window}";r=0;t=17`,
      });
    },
  );

  it('on a tie the shorter window is reported; otherwise the one with fewer left', async () => {
    const { key } = await t.createKey({ plan: 'enterprise', limits: { perMinute: 5, perDay: 5 } });
    const tie = await list(key);
    expect(rateHeaders(tie)).toMatchObject({
      limit: 5,
      remaining: 4,
      reset: minuteEnd() / 1000,
      state: '"minute";r=4;t=17',
    });

    // A day is at least a minute's worth: the day has fewer left after a busy minute.
    const { key: dayHeavy } = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 10, perDay: 15 },
    });
    expect((await send(10, dayHeavy)).every((r) => r.statusCode === 200)).toBe(true);
    t.clock.advance(MINUTE);
    const response = await list(dayHeavy);
    expect(rateHeaders(response)).toMatchObject({
      limit: 15,
      remaining: 4,
      reset: dayEnd() / 1000,
    });
    expect(response.headers['ratelimit-policy']).toBe('"minute";q=10;w=60, "day";q=15;w=86400');
  });

  it('enterprise accounts get their own numbers', async () => {
    const { key } = await t.createKey({
      plan: 'enterprise',
      limits: { perMinute: 3, perDay: 1000 },
    });
    expect((await send(3, key)).every((r) => r.statusCode === 200)).toBe(true);
    expect((await list(key)).statusCode).toBe(429);
  });

  it.each([
    ['pro', 300, 10_000],
    ['business', 1_000, 100_000],
  ])('the %s plan has %d a minute and %d a day', async (plan, perMinute, perDay) => {
    const { key } = await t.createKey({ plan: plan as 'pro' | 'business' });
    const response = await list(key);
    expect(response.headers['ratelimit-policy']).toBe(
      `"minute";q=${perMinute};w=60, "day";q=${perDay};w=86400`,
    );
  });
});

describe('callers without a valid key', () => {
  it('are counted per client address at the Free numbers, 401 until the limit, then 429', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const responses = await send(60, undefined, headers);
    expect(responses.every((r) => r.statusCode === 401)).toBe(true);
    expect(responses.map((r) => rateHeaders(r).remaining)).toEqual(
      Array.from({ length: 60 }, (_, i) => 59 - i),
    );
    const guessing = await list('pets_test_guessguessguessguessguessguessguessgue', headers);
    expect(guessing.statusCode).toBe(429);
    expect(guessing.json()).toMatchObject({ code: 'rate_limited' });
    expect(guessing.headers['retry-after']).toBe('17');

    const elsewhere = await list(undefined, { 'x-forwarded-for': '203.0.113.8' });
    expect(elsewhere.statusCode).toBe(401);
    expect(rateHeaders(elsewhere).remaining).toBe(59);
  });

  it('are counted on IPv6 by their /64: one network shares a count, another has its own', async () => {
    const from = async (address: string) =>
      rateHeaders(await list(undefined, { 'x-forwarded-for': address })).remaining;
    expect(await from('2001:db8:1:2::5')).toBe(59);
    expect(await from('2001:db8:1:2:ffff::1')).toBe(58);
    expect(await from('2001:0DB8:0001:0002:0000:0000:0000:0005')).toBe(57);
    expect(await from('2001:db8:1:3::5')).toBe(59);
    expect(await from('2001:db8::1:2:0:0:5')).toBe(59);
    // An IPv4 client seen through an IPv6 socket is its IPv4 address.
    expect(await from('::ffff:203.0.113.50')).toBe(59);
    expect(await from('203.0.113.50')).toBe(58);
  });
});

describe('routes that are not rate limited', () => {
  it.each(['/healthz', '/readyz', '/v1/openapi.json', '/docs'])(
    '%s has no rate-limit headers',
    async (url) => {
      const response = await t.as().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    },
  );
});

describe('proxies', () => {
  it('X-Forwarded-For is ignored unless TRUST_PROXY says so', async () => {
    const plain = await createTestApp({ engine: 'sqlite' });
    try {
      plain.clock.ms = t.clock.ms;
      for (let i = 0; i < 30; i++) {
        await plain.as({ 'x-forwarded-for': `198.51.100.${i}` }).get('/v1/pets');
      }
      const response = await plain.as({ 'x-forwarded-for': '198.51.100.99' }).get('/v1/pets');
      expect(Number(response.headers['x-ratelimit-remaining'])).toBe(29);
    } finally {
      await plain.close();
    }
  });
});
