// Passkeys on both engines (docs/staff/sign-in.md), with a software authenticator: adding, listing,
// signing in with one, every refusal in the same words, removing a passkey and the password, the
// Origin rule, and the audit trail without key material.
import {
  type CurrentSession,
  type Passkey,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_NOT_MADE,
  PASSKEYS_MAX,
  PROBLEMS,
} from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  cookieOf,
  usePeopleApp,
  OWN_ORIGIN,
  PASSWORD,
  session,
  signInAs,
} from '../../../test/people-app.js';
import { SoftAuthenticator, type Twist } from '@pets/services';
import { ENGINES } from '../../../test/test-app.js';

const OTHER_SITE = 'https://pets.example.net';

const REFUSED = {
  code: 'invalid_credentials',
  message: PROBLEMS.passkeyRefused.message,
  status: 401,
};

describe.each(ENGINES)('passkeys, on %s (docs/staff/sign-in.md)', (engine) => {
  const { t, staff, partner } = usePeopleApp(engine);
  let person = 0;

  /** A new person of the partner account, signed in: their email, id and cookie. */
  const newPerson = async (name = 'Ann Example') => {
    person += 1;
    const email = `person${person}@acme.example`;
    const { personId } = await t.createPerson(partner.accountId, {
      email,
      password: PASSWORD,
      name,
    });
    const signedIn = await signInAs(t, email);
    expect(signedIn.statusCode).toBe(204);
    return { email, personId, cookie: cookieOf(signedIn) };
  };

  type Options = { challenge: string; rp?: { id?: string }; user?: { id: string } };

  const registrationOptions = async (cookie: string) => {
    const response = await t.as(session(cookie)).post('/v1/session/passkeys/options');
    expect(response.statusCode).toBe(200);
    return response.json<Options & Record<string, unknown>>();
  };

  /** Adds a passkey made by `authenticator` for this person: the answer. */
  const addPasskey = async (
    cookie: string,
    authenticator: SoftAuthenticator,
    name = 'Laptop',
    twist: Twist = {},
  ) => {
    const options = await registrationOptions(cookie);
    const credential = authenticator.create(options, twist);
    return t.as(session(cookie)).post('/v1/session/passkeys', { name, credential });
  };

  const signInOptions = async () => {
    const response = await t.as().post('/v1/session/passkey/options');
    expect(response.statusCode).toBe(200);
    return response.json<Options & Record<string, unknown>>();
  };

  const signInWith = (credential: unknown, origin: string | null = OWN_ORIGIN) =>
    t.as(session('', origin)).post('/v1/session/passkey', { credential });

  const signInWithPasskey = async (
    authenticator: SoftAuthenticator,
    twist: Twist & { credentialId?: string } = {},
  ) => signInWith(authenticator.get(await signInOptions(), twist));

  const listed = async (cookie: string) => {
    const response = await t.as(session(cookie)).get('/v1/session/passkeys');
    expect(response.statusCode).toBe(200);
    return response.json<Passkey[]>();
  };

  const audit = (action: string) => auditEvents(t, staff.key, action);

  it('gives the options to make a passkey: this API as the relying party, the person by an opaque id, user verification and a resident key required', async () => {
    const { cookie, email } = await newPerson('Opal Options');
    const options = await registrationOptions(cookie);
    expect(options).toMatchObject({
      rp: { name: 'Pet store', id: 'localhost' },
      user: { name: email, displayName: 'Opal Options' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.user?.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.user?.id).not.toContain(Buffer.from(email).toString('base64url'));
    // Stable: the same id the next time, and the passkey added is excluded.
    expect(await addPasskey(cookie, new SoftAuthenticator(OWN_ORIGIN))).toHaveProperty(
      'statusCode',
      201,
    );
    const again = await registrationOptions(cookie);
    expect(again.user?.id).toBe(options.user?.id);
    expect(again.challenge).not.toBe(options.challenge);
    expect(again['excludeCredentials']).toHaveLength(1);

    const signIn = await signInOptions();
    expect(signIn).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(signIn).not.toHaveProperty('allowCredentials');
  });

  it('adds a passkey, lists it, signs out and signs in with it: 204 and a session like any', async () => {
    const { cookie, personId } = await newPerson();
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    const added = await addPasskey(cookie, authenticator, 'Work laptop');
    expect(added.statusCode).toBe(201);
    const passkey = added.json<Passkey>();
    expect(passkey).toEqual({
      id: expect.any(Number) as number,
      name: 'Work laptop',
      createdAt: new Date(t.clock.now()).toISOString(),
      lastUsedAt: null,
    });
    expect(await listed(cookie)).toEqual([passkey]);

    const event = (await audit('passkey.added')).find((e) => e.target.id === passkey.id);
    expect(event).toMatchObject({
      actor: { accountId: partner.accountId, personId },
      target: { type: 'passkey', id: passkey.id },
      changes: { name: [null, 'Work laptop'] },
    });
    expect(JSON.stringify(event)).not.toContain(authenticator.ids[0]);

    expect((await t.as(session(cookie)).delete('/v1/session')).statusCode).toBe(204);
    expect((await t.as(session(cookie)).get('/v1/session')).statusCode).toBe(401);

    const signedIn = await signInWithPasskey(authenticator);
    expect(signedIn.statusCode).toBe(204);
    expect(signedIn.body).toBe('');
    expect(String(signedIn.headers['set-cookie'])).toMatch(
      /^__Host-pets_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const viaPasskey = cookieOf(signedIn);
    const current = await t.as(session(viaPasskey)).get('/v1/session');
    expect(current.statusCode).toBe(200);
    expect(current.json<CurrentSession>()).toMatchObject({
      person: { id: personId },
      hasPassword: true,
    });
    expect((await listed(viaPasskey))[0]?.lastUsedAt).toBe(new Date(t.clock.now()).toISOString());
    const signedInEvents = (await audit('person.signed_in')).filter(
      (e) => typeof e.actor === 'object' && 'personId' in e.actor && e.actor.personId === personId,
    );
    expect(signedInEvents).toHaveLength(2);

    // It ends like any session.
    expect((await t.as(session(viaPasskey)).delete('/v1/session')).statusCode).toBe(204);
    expect((await t.as(session(viaPasskey)).get('/v1/session')).statusCode).toBe(401);
  });

  it('takes fractions in the free-form members of a credential, as the document allows', async () => {
    const { cookie } = await newPerson('Fran Fraction');
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    expect((await addPasskey(cookie, authenticator)).statusCode).toBe(201);
    const answer = authenticator.get(await signInOptions()) as Record<string, unknown>;
    const credential = {
      ...answer,
      response: { ...(answer['response'] as object), ratio: '<ratio>' },
      clientExtensionResults: { score: 0.25 },
    };
    // `1.0` as written: JSON.stringify would write 1.
    const payload = JSON.stringify({ credential }).replace('"<ratio>"', '1.0');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/session/passkey',
      headers: { origin: OWN_ORIGIN, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(204);
  });

  describe('refuses, in the same words, a sign-in', () => {
    let authenticator: SoftAuthenticator;
    let cookie: string;

    beforeAll(async () => {
      ({ cookie } = await newPerson('Rita Refused'));
      authenticator = new SoftAuthenticator(OWN_ORIGIN);
      expect((await addPasskey(cookie, authenticator)).statusCode).toBe(201);
    });

    const refusedWith = async (twist: Twist & { credentialId?: string }) => {
      const response = await signInWithPasskey(authenticator, twist);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(REFUSED);
      expect(response.headers['set-cookie']).toBeUndefined();
    };

    it('answering a challenge already answered, or one never given, or past its time', async () => {
      const options = await signInOptions();
      const answer = authenticator.get(options);
      expect((await signInWith(answer)).statusCode).toBe(204);
      const again = await signInWith(answer);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual(REFUSED);
      // A new answer to the used challenge (a later counter).
      expect((await signInWith(authenticator.get(options))).json()).toEqual(REFUSED);
      await refusedWith({ challenge: 'bm90LWEtY2hhbGxlbmdlLWdpdmVuLWJ5LXRoaXMtYXBp' });

      const old = await signInOptions();
      t.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
      expect((await signInWith(authenticator.get(old))).json()).toEqual(REFUSED);
      // A registration challenge does not sign in.
      const made = await registrationOptions(cookie);
      expect((await signInWith(authenticator.get(made))).json()).toEqual(REFUSED);
    });

    it('from another origin, for another RP ID, with a bad signature or without user verification', async () => {
      await refusedWith({ origin: 'https://evil.example' });
      await refusedWith({ origin: 'http://localhost:8080' });
      await refusedWith({ rpId: 'evil.example' });
      await refusedWith({ badSignature: true });
      await refusedWith({ noUserVerification: true });
      // Each refused answer took its challenge; the passkey still signs in.
      expect((await signInWithPasskey(authenticator)).statusCode).toBe(204);
    });

    it('whose counter does not go past the last one: a cloned authenticator', async () => {
      expect((await signInWithPasskey(authenticator, { counter: 50 })).statusCode).toBe(204);
      await refusedWith({ counter: 50 });
      await refusedWith({ counter: 7 });
      expect((await signInWithPasskey(authenticator, { counter: 51 })).statusCode).toBe(204);
    });

    it('with a passkey this API does not know', async () => {
      const stranger = new SoftAuthenticator(OWN_ORIGIN);
      stranger.create(await registrationOptions(cookie));
      await expect(signInWithPasskey(stranger)).resolves.toHaveProperty('statusCode', 401);
      expect((await signInWithPasskey(stranger)).json()).toEqual(REFUSED);
    });

    it('from another site’s page (403), as signing in with a password is', async () => {
      const response = await signInWith(authenticator.get(await signInOptions()), OTHER_SITE);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  it('refuses a removed passkey and a deactivated person’s', async () => {
    const { cookie, personId } = await newPerson();
    const kept = new SoftAuthenticator(OWN_ORIGIN);
    const removed = new SoftAuthenticator(OWN_ORIGIN);
    expect((await addPasskey(cookie, kept, 'Phone')).statusCode).toBe(201);
    const gone = (await addPasskey(cookie, removed, 'Old key')).json<Passkey>();
    expect((await t.as(session(cookie)).delete(`/v1/session/passkeys/${gone.id}`)).statusCode).toBe(
      204,
    );
    expect((await listed(cookie)).map((p) => p.name)).toEqual(['Phone']);
    expect((await signInWithPasskey(removed)).json()).toEqual(REFUSED);
    expect((await audit('passkey.removed')).find((e) => e.target.id === gone.id)).toMatchObject({
      actor: { personId },
      target: { type: 'passkey', id: gone.id },
      changes: { name: ['Old key', null] },
    });

    expect((await signInWithPasskey(kept)).statusCode).toBe(204);
    const deactivated = await t.as(staff.key).post(`/v1/admin/people/${personId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    const response = await signInWithPasskey(kept);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(REFUSED);
  });

  it('adds only a passkey made for a challenge of this person, on this origin, user verified', async () => {
    const { cookie } = await newPerson();
    const other = await newPerson();
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    const notMade = {
      code: 'invalid_body',
      message: PROBLEMS.passkeyNotMade.message,
      status: 400,
      details: [{ field: 'credential', issue: PASSKEY_NOT_MADE }],
    };
    for (const twist of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { noUserVerification: true },
      { challenge: 'bm90LWEtY2hhbGxlbmdlLWdpdmVuLWJ5LXRoaXMtYXBp' },
    ]) {
      const response = await addPasskey(cookie, authenticator, 'Laptop', twist);
      expect(response.statusCode, JSON.stringify(twist)).toBe(400);
      expect(response.json()).toEqual(notMade);
    }
    // Another person's challenge, and a challenge answered twice.
    const theirs = await registrationOptions(other.cookie);
    const response = await t.as(session(cookie)).post('/v1/session/passkeys', {
      name: 'Laptop',
      credential: authenticator.create(theirs),
    });
    expect(response.json()).toEqual(notMade);
    const options = await registrationOptions(cookie);
    const credential = authenticator.create(options);
    const body = { name: 'Laptop', credential };
    expect((await t.as(session(cookie)).post('/v1/session/passkeys', body)).statusCode).toBe(201);
    expect((await t.as(session(cookie)).post('/v1/session/passkeys', body)).json()).toEqual(
      notMade,
    );
    expect(await listed(cookie)).toHaveLength(1);
    expect(await listed(other.cookie)).toEqual([]);
  });

  it(`keeps a person to ${PASSKEYS_MAX} passkeys, in pages like sessions`, async () => {
    const { cookie } = await newPerson();
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    for (let n = 1; n <= PASSKEYS_MAX; n++)
      expect((await addPasskey(cookie, authenticator, `Key ${n}`)).statusCode).toBe(201);
    const options = await t.as(session(cookie)).post('/v1/session/passkeys/options');
    expect(options.statusCode).toBe(409);
    expect(options.json()).toEqual({ ...PROBLEMS.tooManyPasskeys, status: 409 });

    const first = await t.as(session(cookie)).get('/v1/session/passkeys?limit=15');
    expect(first.json<Passkey[]>()).toHaveLength(15);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers['link']))?.[1];
    expect(next).toMatch(/^http:\/\/localhost:80\/v1\/session\/passkeys\?limit=15&cursor=/);
    const path = String(next).replace('http://localhost:80', '');
    const second = await t.as(session(cookie)).get(path);
    expect(second.json<Passkey[]>().map((p) => p.name)).toEqual(
      ['16', '17', '18', '19', '20'].map((n) => `Key ${n}`),
    );
    // Another person's cursor is refused.
    const other = await newPerson();
    const theirs = await t.as(session(other.cookie)).get(path);
    expect(theirs.statusCode).toBe(400);
  });

  it('removes the password once a passkey is there: password sign-in refused, sessions go on, and the last passkey stays', async () => {
    const { cookie, email, personId } = await newPerson();
    const second = cookieOf(await signInAs(t, email));
    const removal = { currentPassword: PASSWORD };
    const refusedRemoval = await t.as(session(cookie)).post('/v1/session/password/remove', removal);
    expect(refusedRemoval.statusCode).toBe(409);
    expect(refusedRemoval.json()).toEqual({ ...PROBLEMS.passwordStillNeeded, status: 409 });

    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    const passkey = (await addPasskey(cookie, authenticator)).json<Passkey>();
    // A session alone cannot take its owner's password away: the password is required.
    const withoutPassword = await t.as(session(cookie)).post('/v1/session/password/remove', {});
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json()).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'currentPassword' }],
    });
    const wrong = await t.as(session(cookie)).post('/v1/session/password/remove', {
      currentPassword: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      details: [{ field: 'currentPassword', issue: 'is not your password' }],
    });
    expect(
      (await t.as(session(cookie)).post('/v1/session/password/remove', removal)).statusCode,
    ).toBe(204);
    expect((await t.as(session(cookie)).get('/v1/session')).json()).toMatchObject({
      hasPassword: false,
    });
    expect((await t.as(session(second)).get('/v1/session')).statusCode).toBe(200);
    const byPassword = await signInAs(t, email);
    expect(byPassword.statusCode).toBe(401);
    expect(byPassword.json()).toMatchObject({ code: 'invalid_credentials' });
    const event = (await audit('person.password_removed')).find((e) => e.target.id === personId);
    expect(event).toMatchObject({ target: { type: 'person', id: personId }, changes: {} });
    expect(JSON.stringify(event)).not.toMatch(/argon2|hash/);

    // The last way in stays; another passkey lets the first go.
    const last = await t.as(session(cookie)).delete(`/v1/session/passkeys/${passkey.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ ...PROBLEMS.passwordStillNeeded, status: 409 });
    expect((await addPasskey(cookie, authenticator, 'Spare')).statusCode).toBe(201);
    expect(
      (await t.as(session(cookie)).delete(`/v1/session/passkeys/${passkey.id}`)).statusCode,
    ).toBe(204);
    expect((await signInWithPasskey(authenticator)).statusCode).toBe(204);
    // Again: there is no password left to give.
    expect(
      (await t.as(session(cookie)).post('/v1/session/password/remove', removal)).statusCode,
    ).toBe(400);
  });

  it('checks at most 10 current passwords of a burst of removals', async () => {
    const { cookie } = await newPerson();
    expect((await addPasskey(cookie, new SoftAuthenticator(OWN_ORIGIN))).statusCode).toBe(201);
    const codes = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.as(session(cookie)).post('/v1/session/password/remove', {
            currentPassword: `guess ${i} guess`,
          }),
        ),
      )
    ).map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(20);
  });

  it('removes only the person’s own passkeys: 404 for another’s or none', async () => {
    const { cookie } = await newPerson();
    const other = await newPerson();
    const theirs = (
      await addPasskey(other.cookie, new SoftAuthenticator(OWN_ORIGIN))
    ).json<Passkey>();
    for (const id of [String(theirs.id), '999999', 'abc']) {
      const response = await t.as(session(cookie)).delete(`/v1/session/passkeys/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ...PROBLEMS.passkeyNotFound, status: 404 });
    }
    expect(await listed(other.cookie)).toHaveLength(1);
  });

  it('refuses changes made with the cookie from another site or with no Origin (403), changing nothing', async () => {
    const { cookie } = await newPerson();
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    const passkey = (await addPasskey(cookie, authenticator)).json<Passkey>();
    const options = await registrationOptions(cookie);
    const credential = authenticator.create(options);
    for (const origin of [OTHER_SITE, null]) {
      for (const [method, url, body] of [
        ['POST', '/v1/session/passkeys/options', undefined],
        ['POST', '/v1/session/passkeys', { name: 'Evil', credential }],
        ['DELETE', `/v1/session/passkeys/${passkey.id}`, undefined],
        ['POST', '/v1/session/password/remove', { currentPassword: PASSWORD }],
      ] as const) {
        const response = await t.as(session(cookie, origin)).send(method, url, body);
        expect(response.statusCode, `${method} ${url} from ${origin}`).toBe(403);
        expect(response.json()).toEqual({ ...PROBLEMS.crossOriginChange, status: 403 });
      }
    }
    expect(await listed(cookie)).toEqual([passkey]);
    expect((await t.as(session(cookie)).get('/v1/session')).json()).toMatchObject({
      hasPassword: true,
    });
  });

  it('is for people: a key is refused', async () => {
    for (const [method, url] of [
      ['GET', '/v1/session/passkeys'],
      ['POST', '/v1/session/passkeys/options'],
      ['POST', '/v1/session/password/remove'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${partner.key}` },
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
