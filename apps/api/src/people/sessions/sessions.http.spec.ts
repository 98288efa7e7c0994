// Signing in on both engines: the session cookie, what a session may do, the Origin rule for
// changes, signing out, sessions ending by time, the limit on failures, and two instances sharing
// sessions.
import {
  CurrentSession,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
} from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/requests.js';
import {
  aPartnerPerson,
  auditEvents,
  cookieOf,
  usePeopleApp,
  useTwoInstances,
  OWN_ORIGIN,
  PASSWORD,
  signInAs,
} from '../../../test/people-app.js';
import { ENGINES, type TestApp } from '../../../test/test-app.js';

describe.each(ENGINES)('people signing in, on %s (docs/staff/sign-in.md)', (engine) => {
  const { t, staff, partner } = usePeopleApp(engine);

  beforeAll(async () => {
    await t.createPerson(partner.accountId, { email: 'Ann@Acme.example', password: PASSWORD });
  });

  /** Signs in from this address (each test its own, so the address limit never bites). */
  const signIn = (body: unknown, headers: Record<string, string> = {}, address = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/session',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  /** The cookie's value from a sign-in's Set-Cookie. */
  const sessionCookie = (response: { headers: Record<string, unknown> }) => {
    const header = String(response.headers['set-cookie']);
    const value = new RegExp(`^${SESSION_COOKIE}=([^;]*);`).exec(header)?.[1];
    if (value === undefined) throw new Error(`no session cookie in ${header}`);
    return `${SESSION_COOKIE}=${value}`;
  };

  const signedIn = async (email = 'ann@acme.example') =>
    sessionCookie(await signIn({ email, password: PASSWORD }));

  const audit = (action: string) => auditEvents(t, staff.key, action);

  it('signs in with the email in any case: 204, a new HttpOnly __Host- cookie, the limit headers', async () => {
    const response = await signIn({ email: 'ANN@acme.EXAMPLE', password: PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=/; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-ratelimit-limit']).toBe('60');
    // A new id at every sign-in.
    expect(await signedIn()).not.toBe(sessionCookie(response));
  });

  it('answers an unknown email, a wrong password and a bad body as the contract says', async () => {
    const wrong = await signIn(
      { email: 'ann@acme.example', password: 'not the password' },
      {},
      '203.0.113.2',
    );
    const unknown = await signIn(
      { email: 'nobody@acme.example', password: PASSWORD },
      {},
      '203.0.113.2',
    );
    for (const response of [wrong, unknown]) {
      expectProblem(response, {
        code: 'invalid_credentials',
        message: 'The email or the password is not right.',
        status: 401,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const bad = await signIn({ email: 'not an email', password: '' }, {}, '203.0.113.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_body',
      details: [
        { field: 'email', issue: 'must be an email address' },
        { field: 'password', issue: 'is required' },
      ],
    });
  });

  it('lets a session do what its account may, with its limits, and says who is signed in', async () => {
    const cookie = await signedIn();
    const current = await t.as({ cookie }).get('/v1/session');
    expect(current.statusCode).toBe(200);
    const session = CurrentSession.parse(current.json());
    expect(session.person).toMatchObject({
      email: 'Ann@Acme.example',
      accountId: partner.accountId,
    });
    expect(session.account).toMatchObject({ id: partner.accountId, role: 'partner', plan: 'pro' });
    expect(Date.parse(session.expiresAt) - Date.parse(session.startedAt)).toBe(SESSION_MAX_AGE_MS);
    const pets = await t.as({ cookie }).get('/v1/pets');
    expect(pets.statusCode).toBe(200);
    expect(pets.headers['x-ratelimit-limit']).toBe('300');
    expect(pets.headers['cache-control']).toBe('no-store');
    // A partner's person is refused what a partner's key is refused.
    expect((await t.as({ cookie }).get('/v1/admin/accounts')).statusCode).toBe(403);
  });

  it('refuses a change made with the cookie unless its Origin is the API own (or CORS_ORIGINS)', async () => {
    const cookie = await signedIn();
    const pet = { name: 'Cookie', categoryId: 1 };
    const noOrigin = await t.as({ cookie }).post('/v1/pets', pet);
    const otherSite = await t.as({ cookie, origin: 'https://evil.example' }).post('/v1/pets', pet);
    for (const response of [noOrigin, otherSite]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
      expect(response.json<{ message: string }>().message).toContain('Origin');
      expect(response.headers['x-ratelimit-limit']).toBe('300');
    }
    const own = await t.as({ cookie, origin: OWN_ORIGIN }).post('/v1/pets', pet);
    expect(own.statusCode).toBe(201);
    // Reading needs no Origin; a key never does.
    expect((await t.as({ cookie }).get('/v1/pets')).statusCode).toBe(200);
    const byKey = await t.as(partner.key).post('/v1/pets', pet, { origin: 'https://evil.example' });
    expect(byKey.statusCode).toBe(201);
  });

  it('refuses signing in from another site (a page may not sign its visitor in)', async () => {
    const response = await signIn(
      { email: 'ann@acme.example', password: PASSWORD },
      { origin: 'https://evil.example' },
      '203.0.113.3',
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(
      (
        await signIn(
          { email: 'ann@acme.example', password: PASSWORD },
          { origin: OWN_ORIGIN },
          '203.0.113.3',
        )
      ).statusCode,
    ).toBe(204);
  });

  it('keeps what is the person own for sessions: a key gets 403, no credentials 401', async () => {
    const byKey = await t.as(partner.key).get('/v1/session');
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json<{ message: string }>().message).toContain('API keys are for programs');
    const nobody = await t.as().get('/v1/session');
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toMatchObject({ code: 'missing_api_key' });
  });

  it('lets an explicit key win over an ambient cookie', async () => {
    const cookie = await signedIn();
    const response = await t.as(partner.key).get('/v1/session', { cookie });
    // As the key: the route is for people.
    expect(response.statusCode).toBe(403);
    const badKey = await t.as({ cookie, authorization: 'Bearer pets_test_nope' }).get('/v1/pets');
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json()).toMatchObject({ code: 'invalid_api_key' });
  });

  it('never keeps a session id the browser brought to sign-in (no fixation)', async () => {
    const planted = `${SESSION_COOKIE}=${'P'.repeat(43)}`;
    const existing = await signedIn();
    for (const cookie of [planted, existing]) {
      const response = await signIn(
        { email: 'ann@acme.example', password: PASSWORD },
        { cookie },
        '203.0.113.9',
      );
      expect(response.statusCode).toBe(204);
      expect(sessionCookie(response)).not.toBe(cookie);
    }
    expect((await t.as({ cookie: planted }).get('/v1/session')).statusCode).toBe(401);
  });

  it('refuses a cookie that names no session, and two session cookies', async () => {
    for (const cookie of [`${SESSION_COOKIE}=x`, `${SESSION_COOKIE}=${'a'.repeat(43)}`]) {
      const response = await t.as({ cookie }).get('/v1/pets');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    const cookie = await signedIn();
    const twice = await t.as({ cookie: `${cookie}; other=1; ${cookie}` }).get('/v1/pets');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('signs out: the cookie is cleared and the session refused at once, and recorded', async () => {
    const cookie = await signedIn();
    const out = await t.as({ cookie, origin: OWN_ORIGIN }).delete('/v1/session');
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    const after = await t.as({ cookie }).get('/v1/session');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'invalid_credentials' });
    const [ended] = await audit('session.ended');
    expect(ended?.actor).toMatchObject({ accountId: partner.accountId });
    // Signing out is a change: from another site it is refused, and the session lives on.
    const other = await signedIn();
    expect(
      (await t.as({ cookie: other, origin: 'https://evil.example' }).delete('/v1/session'))
        .statusCode,
    ).toBe(403);
    expect((await t.as({ cookie: other }).get('/v1/session')).statusCode).toBe(200);
  });

  it('ends a session after 30 minutes without use, and 12 hours after sign-in however used', async () => {
    const idle = await signedIn();
    const busy = await signedIn();
    // Used every 20 minutes: alive, until 12 hours after sign-in.
    for (let spent = 0; spent + 20 * 60_000 < SESSION_MAX_AGE_MS; spent += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await t.as({ cookie: busy }).get('/v1/pets')).statusCode).toBe(200);
    }
    expect((await t.as({ cookie: idle }).get('/v1/pets')).statusCode).toBe(401);
    t.clock.advance(20 * 60_000);
    expect((await t.as({ cookie: busy }).get('/v1/pets')).statusCode).toBe(401);
    // Idle, measured: alive just under 30 minutes after its last use, ended past 31.
    const fresh = await signedIn();
    t.clock.advance(SESSION_IDLE_MS - 1_000);
    expect((await t.as({ cookie: fresh }).get('/v1/pets')).statusCode).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + 61_000);
    expect((await t.as({ cookie: fresh }).get('/v1/pets')).statusCode).toBe(401);
  });

  it('allows 10 failed sign-ins per email in 15 minutes, then 429 even with the right password', async () => {
    await t.createPerson(partner.accountId, { email: 'bob@acme.example', password: PASSWORD });
    // Each from its own address: the email's limit, not the address's.
    const attempt = (password: string, i: number) =>
      signIn({ email: 'bob@acme.example', password }, {}, `198.51.100.${i}`);
    for (let i = 1; i <= 10; i++)
      expect((await attempt('wrong password!', i)).statusCode).toBe(401);
    const limited = await attempt(PASSWORD, 11);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown email is limited the same way (its answers tell nothing).
    for (let i = 1; i <= 10; i++)
      expect(
        (await signIn({ email: 'ghost@acme.example', password: 'x' }, {}, `198.51.101.${i}`))
          .statusCode,
      ).toBe(401);
    expect(
      (await signIn({ email: 'ghost@acme.example', password: 'x' }, {}, '198.51.101.11'))
        .statusCode,
    ).toBe(429);
    // Once the failures have left the window, the right password signs in.
    t.clock.advance(Number(limited.headers['retry-after']) * 1_000);
    expect((await attempt(PASSWORD, 12)).statusCode).toBe(204);
  });

  it('checks at most 10 passwords of a burst for one email, however concurrent', async () => {
    await t.createPerson(partner.accountId, { email: 'cat@acme.example', password: PASSWORD });
    const statuses = async (answers: Promise<{ statusCode: number }>[]) =>
      (await Promise.all(answers)).map((answer) => answer.statusCode);
    const checked = (codes: number[]) => codes.filter((code) => code !== 429).length;
    // Forty wrong passwords and the right one at the same moment, each from an address of its own.
    const burst = await statuses([
      ...Array.from({ length: 40 }, (_, i) =>
        signIn({ email: 'cat@acme.example', password: `wrong guess ${i}` }, {}, `192.0.2.${i + 1}`),
      ),
      signIn({ email: 'cat@acme.example', password: PASSWORD }, {}, '192.0.2.200'),
    ]);
    expect(checked(burst)).toBeLessThanOrEqual(10);
    expect(burst.filter((code) => code === 429).length).toBeGreaterThanOrEqual(31);
    expect(burst.every((code) => [204, 401, 429].includes(code))).toBe(true);
    // Fifty from one address, for an email no one has: the same 10.
    const fromOne = await statuses(
      Array.from({ length: 50 }, (_, i) =>
        signIn({ email: 'nobody@acme.example', password: `guess ${i}` }, {}, '192.0.2.250'),
      ),
    );
    expect(checked(fromOne)).toBe(10);
    expect(fromOne.filter((code) => code === 401)).toHaveLength(10);
  });

  it('gives back the place of a right password: it is no failure', async () => {
    await t.createPerson(partner.accountId, { email: 'dan@acme.example', password: PASSWORD });
    const attempt = (password: string, i: number) =>
      signIn({ email: 'dan@acme.example', password }, {}, `198.51.102.${i}`);
    for (let i = 1; i <= 9; i++) expect((await attempt('wrong password!', i)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 10)).statusCode).toBe(204);
    expect((await attempt('wrong password!', 11)).statusCode).toBe(401);
    expect((await attempt(PASSWORD, 12)).statusCode).toBe(429);
  });

  it('checks at most 10 current passwords of a burst of changes', async () => {
    await t.createPerson(partner.accountId, { email: 'eli@acme.example', password: PASSWORD });
    const cookie = await signedIn('eli@acme.example');
    const codes = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.as({ cookie, origin: OWN_ORIGIN }).post('/v1/session/password', {
            currentPassword: `not my password ${i}`,
            newPassword: 'a brand new passphrase 42',
          }),
        ),
      )
    ).map((answer) => answer.statusCode);
    expect(codes.filter((code) => code !== 429)).toHaveLength(10);
    expect(codes.filter((code) => code === 400)).toHaveLength(10);
  });

  it('records sign-ins and failures by person, never a password or a session id', async () => {
    const signedInEvents = await audit('person.signed_in');
    expect(signedInEvents.length).toBeGreaterThan(0);
    expect(signedInEvents[0]).toMatchObject({ target: { type: 'session' }, changes: {} });
    const failures = await audit('person.sign_in_failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({
      actor: 'anonymous',
      target: { type: 'person' },
      changes: { email: [null, expect.stringMatching(/@acme\.example$/i) as string] },
    });
    const everything = JSON.stringify(await audit('person.sign_in_failed')) + t.rawLogs.join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain('not the password');
    expect(everything).not.toMatch(new RegExp(`${SESSION_COOKIE}=[A-Za-z0-9_-]{43}`));
  });
});

describe('two instances on one PostgreSQL and one Redis', () => {
  const { a, b, clock } = useTwoInstances(5);

  it('a session ended on one is refused by the other within 5 seconds, and was not before', async () => {
    await aPartnerPerson(a, 'Acme', 'cy@acme.example');
    const cookie = cookieOf(await signInAs(a, 'cy@acme.example'));
    const onB = () => b.as({ cookie }).get('/v1/session');
    // The other instance knows the session (and now holds its lookup).
    expect((await onB()).statusCode).toBe(200);
    const out = await a.as({ cookie, origin: 'http://localhost' }).delete('/v1/session');
    expect(out.statusCode).toBe(204);
    clock.advance(5_000);
    expect((await onB()).statusCode).toBe(401);
  });

  it("refuses a deactivated person's sessions on the other within 5 seconds", async () => {
    const { personId } = await aPartnerPerson(a, 'Beta', 'dot@beta.example');
    const { key: staffKey } = await a.createKey({ name: 'Staff', plan: 'pro', role: 'staff' });
    const cookie = cookieOf(await signInAs(b, 'dot@beta.example'));
    const onB = () => b.as({ cookie }).get('/v1/pets');
    expect((await onB()).statusCode).toBe(200);
    const deactivated = await a.as(staffKey).post(`/v1/admin/people/${personId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    clock.advance(5_000);
    expect((await onB()).statusCode).toBe(401);
  });

  it('checks at most 10 passwords of a burst spread over both instances', async () => {
    await aPartnerPerson(a, 'Delta', 'fay@delta.example');
    const codes = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signInAs(i % 2 === 0 ? a : b, 'fay@delta.example', `wrong guess ${i}`),
        ),
      )
    ).map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(30);
  });

  it("count one email's failed sign-ins together: ten spread over both, then 429 on either", async () => {
    await aPartnerPerson(a, 'Gamma', 'eve@gamma.example');
    const signIn = (app: TestApp, password: string) => signInAs(app, 'eve@gamma.example', password);
    for (let i = 0; i < 10; i++)
      expect((await signIn(i % 2 === 0 ? a : b, `wrong guess ${i}`)).statusCode).toBe(401);
    for (const app of [a, b]) {
      const held = await signIn(app, PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'rate_limited' });
    }
  });
});
