// Single sign-on through a real OpenID Connect provider (oidc-provider on a loopback port), on both
// engines: signing in as an existing, an invited and a new person of an allowed domain, and each
// refusal (state, cookie, a replayed code, an unverified email, a domain not allowed, a deactivated
// person, the provider's access_denied, the provider down), with nothing written and no session.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CurrentSession,
  PROBLEMS,
  SESSION_COOKIE,
  SINGLE_SIGN_ON_LINK,
  singleSignOnEmailIssue,
  SignInMethods,
  SINGLE_SIGN_ON_COOKIE,
  SINGLE_SIGN_ON_TTL_MS,
} from '@pets/contract';
import { freePort, type OidcProviderServer, startOidcProvider } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME_ACCOUNT,
  auditEvents,
  OWN_ORIGIN,
  PASSWORD,
  STAFF_ACCOUNT,
} from '../../../test/people-app.js';
import {
  createTestApp,
  ENGINES,
  type Engine,
  FakeClock,
  freshDatabaseUrl,
  type TestApp,
} from '../../../test/test-app.js';
import { Database } from '../../database/database.js';
import { Writer } from '../../database/writer.js';
import { LinksRepository } from '../links/links.repository.js';
import { hashToken } from '../links/links.service.js';

/** `app.inject` is served as http://localhost: the callback the provider knows. */
const PUBLIC_URL = 'http://localhost';
const CALLBACK = `${PUBLIC_URL}/v1/session/oidc/callback`;
const SIGN_IN_PAGE = `${PUBLIC_URL}/admin/sign-in?sso_error=`;

interface Started {
  location: string;
  /** The `__Host-pets_sso` cookie's value. */
  sso: string;
  setCookie: string;
}

/** Every cookie an answer sets, by name: value and the whole line. */
const cookiesOf = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers['set-cookie'] as string | string[] | undefined;
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(
    lines.map((line: string) => {
      const [pair = ''] = line.split(';');
      return [pair.slice(0, pair.indexOf('=')), { value: pair.slice(pair.indexOf('=') + 1), line }];
    }),
  );
};

/**
 * The app on a database made beforehand with its accounts (OIDC_ACCOUNT_ID must name one at start):
 * staff (1), Acme (2, partner: where new people of acme.example join) and Other (3, partner).
 */
async function createSsoApp(engine: Engine, env: Record<string, string>, clock: FakeClock) {
  const database = await freshDatabaseUrl(engine);
  const setup = await createTestApp({ engine, databaseUrl: database.url, clock });
  const staff = await setup.createKey(STAFF_ACCOUNT);
  const acme = await setup.createKey(ACME_ACCOUNT);
  const other = await setup.createKey({ name: 'Other', plan: 'pro', role: 'partner' });
  await setup.app.close();
  const t = await createTestApp({
    engine,
    databaseUrl: database.url,
    clock,
    env: { PUBLIC_URL, OIDC_ACCOUNT_ID: String(acme.accountId), ...env },
  });
  return {
    t,
    staff,
    acme,
    other,
    databaseUrl: database.url,
    async close() {
      await t.close();
      if (database.dir) rmSync(dirname(database.url.slice('sqlite:'.length)), { recursive: true });
    },
  };
}

describe.each(ENGINES)(
  'single sign-on through a real provider, on %s (docs/staff/sign-in.md)',
  (engine) => {
    let provider: OidcProviderServer;
    let t: TestApp;
    let staff: { key: string; accountId: number };
    let acme: { key: string; accountId: number };
    let other: { key: string; accountId: number };
    let close: () => Promise<void>;
    const clock = new FakeClock();

    beforeAll(async () => {
      provider = await startOidcProvider({ redirectUris: [CALLBACK] });
      ({ t, staff, acme, other, close } = await createSsoApp(
        engine,
        {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_ALLOWED_DOMAINS: 'acme.example',
          OIDC_PROVIDER_NAME: 'Acme SSO',
        },
        clock,
      ));
      provider.users.set('ann', { email: 'Ann@Acme.example', email_verified: true, name: 'Ann' });
      provider.users.set('new', {
        email: 'nia@ACME.example',
        email_verified: true,
        name: 'Nia New',
      });
      provider.users.set('nameless', { email: 'noor@acme.example', email_verified: true });
      provider.users.set('invited', { email: 'ivy@elsewhere.example', email_verified: true });
      provider.users.set('unverified', { email: 'uma@acme.example', email_verified: false });
      provider.users.set('stranger', { email: 'sam@elsewhere.example', email_verified: true });
      provider.users.set('gone', { email: 'gus@acme.example', email_verified: true });
      provider.users.set('sub.domain', { email: 'sub@eu.acme.example', email_verified: true });
    });
    afterAll(async () => {
      await close();
      await provider.stop();
    });

    const start = async (): Promise<Started> => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/session/oidc',
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(303);
      const sso = cookiesOf(response).get(SINGLE_SIGN_ON_COOKIE);
      expect(sso).toBeDefined();
      return {
        location: String(response.headers['location']),
        sso: sso?.value ?? '',
        setCookie: sso?.line ?? '',
      };
    };
    /** The browser coming back to the callback, with the cookie it was given (or another). */
    const callback = (url: string, sso: string | undefined) => {
      const { pathname, search } = new URL(url);
      return t.app.inject({
        method: 'GET',
        url: `${pathname}${search}`,
        remoteAddress: address,
        headers: sso === undefined ? {} : { cookie: `${SINGLE_SIGN_ON_COOKIE}=${sso}` },
      });
    };
    const signInVia = async (login: string) => {
      const started = await start();
      return callback(await provider.authorize(started.location, login), started.sso);
    };
    /**
     * The client address requests come from: a test may take one of its own, for a limit of its
     * own (60 requests a minute without a key, counted in the latest minute the clock has seen).
     */
    let address = '127.0.0.1';
    let addresses = 0;
    const ownAddress = () => {
      address = `192.0.2.${String(++addresses)}`;
    };
    const sessionOf = (response: { headers: Record<string, unknown> }) =>
      cookiesOf(response).get(SESSION_COOKIE)?.value;
    const whoIs = (session: string | undefined) =>
      t.as({ cookie: `${SESSION_COOKIE}=${session ?? ''}` }).get('/v1/session');
    const counts = async () => {
      const database = t.app.get(Database);
      const count = (table: 'people' | 'sessions' | 'person_links') =>
        database
          .first(
            database.statement((db) =>
              db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')),
            ),
            {},
          )
          .then((row) => Number(row?.n));
      return { people: await count('people'), sessions: await count('sessions') };
    };
    /** A failure: the sign-in page with the reason, the sign-in cookie cleared, no session, nothing written. */
    const expectRefused = async (
      attempt: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
      reason: string,
    ) => {
      const before = await counts();
      const response = await attempt();
      expect(response.statusCode).toBe(303);
      expect(response.headers['location']).toBe(`${SIGN_IN_PAGE}${reason}`);
      expect(sessionOf(response)).toBeUndefined();
      expect(cookiesOf(response).get(SINGLE_SIGN_ON_COOKIE)?.line).toMatch(
        /^__Host-pets_sso=; Max-Age=0;/,
      );
      expect(await counts()).toEqual(before);
      return response;
    };

    it('names the provider among the ways to sign in, for anyone, with the limit headers', async () => {
      const response = await t.as().get('/v1/session/methods');
      expect(response.statusCode).toBe(200);
      expect(SignInMethods.parse(response.json())).toEqual({
        singleSignOn: { name: 'Acme SSO', start: '/v1/session/oidc' },
        passkeys: true,
      });
      expect(response.headers['ratelimit-policy']).toBeDefined();
    });

    it('starts with a 303 to the provider: PKCE (S256), state and nonce tied to a __Host- cookie for 10 minutes', async () => {
      const response = await t.as().get('/v1/session/oidc');
      expect(response.statusCode).toBe(303);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['ratelimit-policy']).toBeDefined();
      const location = new URL(String(response.headers['location']));
      expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
      const query = Object.fromEntries(location.searchParams);
      expect(query).toEqual({
        client_id: provider.clientId,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email profile',
        state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
        code_challenge_method: 'S256',
      });
      expect(new Set([query['state'], query['nonce'], query['code_challenge']]).size).toBe(3);
      const sso = cookiesOf(response).get(SINGLE_SIGN_ON_COOKIE);
      expect(sso?.line).toMatch(
        new RegExp(
          `^__Host-pets_sso=[A-Za-z0-9_-]{43}\\.${clock.now()}; Max-Age=${SINGLE_SIGN_ON_TTL_MS / 1000}; Path=/; HttpOnly; Secure; SameSite=Lax$`,
        ),
      );
      // Nothing of it in the state or the challenge: those are hashes of the cookie.
      expect(location.href).not.toContain(sso?.value.split('.')[0]);
    });

    it('signs in an existing active person: the session cookie, to the admin app, a normal session', async () => {
      await t.createPerson(acme.accountId, {
        email: 'ann@acme.example',
        password: PASSWORD,
        name: 'Ann',
      });
      const before = await counts();
      const response = await signInVia('ann');
      expect(response.statusCode).toBe(303);
      expect(response.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      expect(response.headers['ratelimit-policy']).toBeDefined();
      const cookies = cookiesOf(response);
      expect(cookies.get(SINGLE_SIGN_ON_COOKIE)?.line).toMatch(/^__Host-pets_sso=; Max-Age=0;/);
      expect(cookies.get(SESSION_COOKIE)?.line).toMatch(
        /^__Host-pets_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(await counts()).toEqual({ people: before.people, sessions: before.sessions + 1 });
      const who = await whoIs(sessionOf(response));
      expect(who.statusCode).toBe(200);
      expect(CurrentSession.parse(who.json())).toMatchObject({
        person: { email: 'ann@acme.example', name: 'Ann', accountId: acme.accountId },
        hasPassword: true,
      });
      const [signedIn] = await auditEvents(t, staff.key, 'person.signed_in');
      expect(signedIn?.target.type).toBe('session');

      // Ended like any session: refused at once here (and within 5 s elsewhere, as every session).
      const signOut = await t
        .as({ cookie: `${SESSION_COOKIE}=${sessionOf(response) ?? ''}`, origin: OWN_ORIGIN })
        .delete('/v1/session');
      expect(signOut.statusCode).toBe(204);
      expect((await whoIs(sessionOf(response))).statusCode).toBe(401);
    });

    it('lets a person invited to OIDC_ACCOUNT_ID join it, with no password, the invitation used', async () => {
      const invitation = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${acme.accountId}/invitations`, {
          email: 'IVY@elsewhere.example',
        });
      expect(invitation.statusCode).toBe(201);
      // With a parameter more, as Keycloak sends (session_state): taken as it is.
      const started = await start();
      const back = await provider.authorize(started.location, 'invited');
      const response = await callback(`${back}&session_state=abc`, started.sso);
      expect(response.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      const who = CurrentSession.parse((await whoIs(sessionOf(response))).json());
      expect(who).toMatchObject({
        person: { email: 'IVY@elsewhere.example', name: 'ivy', accountId: acme.accountId },
        account: { id: acme.accountId, role: 'partner' },
        hasPassword: false,
      });
      const joined = (await auditEvents(t, staff.key, 'person.joined')).find(
        (event) => event.target.id === who.person.id,
      );
      expect(joined?.changes).toEqual({
        accountId: [null, acme.accountId],
        email: [null, 'IVY@elsewhere.example'],
        name: [null, 'ivy'],
      });
      // The link is used: accepting it now is refused.
      const link = invitation.json<{ link: string }>().link.split('#')[1] ?? '';
      const accept = await t
        .as()
        .post('/v1/invitations/accept', { token: link, name: 'Ivy', password: PASSWORD });
      expect(accept.statusCode).toBe(400);
    });

    it('takes only an open invitation to OIDC_ACCOUNT_ID, and never an expired one', async () => {
      provider.users.set('twice', { email: 'tia@elsewhere.example', email_verified: true });
      const invite = async (accountId: number) => {
        const response = await t
          .as(staff.key)
          .post(`/v1/admin/accounts/${accountId}/invitations`, { email: 'tia@elsewhere.example' });
        expect(response.statusCode).toBe(201);
      };
      // Another account's invitation is its person's to accept with a password, never single sign-on's.
      await invite(other.accountId);
      await expectRefused(() => signInVia('twice'), 'other_account');
      await invite(acme.accountId);
      await invite(other.accountId);
      const newest = await signInVia('twice');
      expect(CurrentSession.parse((await whoIs(sessionOf(newest))).json()).person.accountId).toBe(
        acme.accountId,
      );

      provider.users.set('late', { email: 'lou@elsewhere.example', email_verified: true });
      const response = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${acme.accountId}/invitations`, {
          email: 'lou@elsewhere.example',
        });
      expect(response.statusCode).toBe(201);
      clock.advance(7 * 24 * 60 * 60 * 1000);
      try {
        await expectRefused(() => signInVia('late'), 'domain_not_allowed');
      } finally {
        clock.advance(-7 * 24 * 60 * 60 * 1000);
      }
    });

    it('makes a new person of an allowed domain a partner of OIDC_ACCOUNT_ID, named by the provider', async () => {
      const before = await counts();
      const response = await signInVia('new');
      expect(response.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      expect(await counts()).toEqual({ people: before.people + 1, sessions: before.sessions + 1 });
      expect(CurrentSession.parse((await whoIs(sessionOf(response))).json())).toMatchObject({
        person: { email: 'nia@ACME.example', name: 'Nia New', accountId: acme.accountId },
        account: { role: 'partner' },
        hasPassword: false,
      });
      // Again: the same person, signed in.
      const again = await signInVia('new');
      expect(CurrentSession.parse((await whoIs(sessionOf(again))).json()).person.email).toBe(
        'nia@ACME.example',
      );
      expect((await counts()).people).toBe(before.people + 1);
      // With no name from the provider, the email's part before @.
      const nameless = await signInVia('nameless');
      expect(CurrentSession.parse((await whoIs(sessionOf(nameless))).json()).person.name).toBe(
        'noor',
      );
      // A name no person could choose here (a control character) is not taken; a long one is cut.
      provider.users.set('odd', {
        email: 'odd@acme.example',
        email_verified: true,
        name: 'Od\u0007d',
      });
      const odd = await signInVia('odd');
      expect(CurrentSession.parse((await whoIs(sessionOf(odd))).json()).person.name).toBe('odd');
      provider.users.set('long', {
        email: 'lena@acme.example',
        email_verified: true,
        name: `  ${'Lena '.repeat(30)}`,
      });
      const long = await signInVia('long');
      expect(CurrentSession.parse((await whoIs(sessionOf(long))).json()).person.name).toBe(
        'Lena '.repeat(20).trim(),
      );
    });

    it('makes one person of two sign-ins of a new email at once, both signed in as them', async () => {
      provider.users.set('twin', {
        email: 'tess@acme.example',
        email_verified: true,
        name: 'Tess',
      });
      const before = await counts();
      const flows = await Promise.all([start(), start()]);
      const urls = await Promise.all(
        flows.map((flow) => provider.authorize(flow.location, 'twin')),
      );
      const responses = await Promise.all(urls.map((url, i) => callback(url, flows[i]?.sso)));
      const people = await Promise.all(
        responses.map(async (response) => {
          expect(response.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
          return CurrentSession.parse((await whoIs(sessionOf(response))).json()).person.id;
        }),
      );
      expect(people[0]).toBe(people[1]);
      expect(await counts()).toEqual({ people: before.people + 1, sessions: before.sessions + 2 });
    });

    it('refuses a callback without the cookie, with another browser’s, with a wrong state, or late: expired', async () => {
      const started = await start();
      const url = await provider.authorize(started.location, 'ann');
      const other = await start();
      await expectRefused(() => callback(url, undefined), 'expired');
      await expectRefused(() => callback(url, other.sso), 'expired');
      await expectRefused(() => callback(url, 'not-a-cookie'), 'expired');
      const wrongState = new URL(url);
      wrongState.searchParams.set('state', 'x'.repeat(43));
      await expectRefused(() => callback(wrongState.href, started.sso), 'expired');
      // As long in characters, longer in bytes.
      wrongState.searchParams.set('state', `é${'x'.repeat(42)}`);
      await expectRefused(() => callback(wrongState.href, started.sso), 'expired');
      const noState = new URL(url);
      noState.searchParams.delete('state');
      await expectRefused(() => callback(noState.href, started.sso), 'expired');
      // The time is in the cookie and in its state: 10 minutes, then expired.
      clock.advance(SINGLE_SIGN_ON_TTL_MS);
      await expectRefused(() => callback(url, started.sso), 'expired');
      clock.advance(-SINGLE_SIGN_ON_TTL_MS);
      const [value] = started.sso.split('.');
      // A cookie from further in the future than clocks of instances disagree (a minute) is altered.
      await expectRefused(() => callback(url, `${value ?? ''}.${clock.now() + 60_001}`), 'expired');
      // One made a little ahead (another instance's clock) is its own, but its state is not.
      await expectRefused(() => callback(url, `${value ?? ''}.${clock.now() + 1}`), 'expired');
      // Still good for its own browser in time (nothing above used the code).
      const response = await callback(url, started.sso);
      expect(response.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
    });

    it('finishes a sign-in another instance started with its clock up to a minute ahead', async () => {
      const started = await start();
      const url = await provider.authorize(started.location, 'ann');
      clock.advance(-30_000);
      try {
        expect((await callback(url, started.sso)).headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      } finally {
        clock.advance(30_000);
      }
    });

    it('refuses a replayed code: provider_refused, no second session', async () => {
      const started = await start();
      const url = await provider.authorize(started.location, 'ann');
      const first = await callback(url, started.sso);
      expect(first.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      await expectRefused(() => callback(url, started.sso), 'provider_refused');
    });

    it('refuses an email the provider has not verified', async () => {
      await expectRefused(() => signInVia('unverified'), 'email_not_verified');
      provider.users.set('no-claim', { email: 'nc@acme.example' });
      await expectRefused(() => signInVia('no-claim'), 'email_not_verified');
      provider.users.set('no-email', { name: 'No Email' });
      await expectRefused(() => signInVia('no-email'), 'email_not_verified');
      // Verified, but not an address a person here could have.
      provider.users.set('not-an-email', { email: 'nobody', email_verified: true });
      await expectRefused(() => signInVia('not-an-email'), 'email_not_verified');
    });

    it('refuses an email outside the allowed domains (exactly: not a subdomain) with no person or invitation', async () => {
      await expectRefused(() => signInVia('stranger'), 'domain_not_allowed');
      await expectRefused(() => signInVia('sub.domain'), 'domain_not_allowed');
    });

    it('refuses a deactivated person', async () => {
      const { personId } = await t.createPerson(acme.accountId, {
        email: 'gus@acme.example',
        password: PASSWORD,
      });
      const deactivate = await t.as(staff.key).post(`/v1/admin/people/${personId}/deactivate`);
      expect(deactivate.statusCode).toBe(200);
      await expectRefused(() => signInVia('gone'), 'deactivated');
    });

    it('sends the person back when they refuse at the provider (access_denied)', async () => {
      const started = await start();
      const url = await provider.authorize(started.location, 'ann', { deny: true });
      expect(new URL(url).searchParams.get('error')).toBe('access_denied');
      await expectRefused(() => callback(url, started.sso), 'provider_refused');
    });

    it('never logs the code, the state, the cookie or a token', async () => {
      const started = await start();
      const url = await provider.authorize(started.location, 'ann');
      const response = await callback(url, started.sso);
      await callback(url, started.sso);
      const secrets = [
        new URL(url).searchParams.get('code') ?? '',
        new URL(url).searchParams.get('state') ?? '',
        started.sso.split('.')[0] ?? '',
        sessionOf(response) ?? '',
      ];
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(20);
        expect(t.rawLogs.join('\n')).not.toContain(secret);
      }
    });

    it('lets no partner invite an email of the single sign-on domain, nor accept one with a password', async () => {
      ownAddress();
      // A person of another partner, signed in with a password, inviting the CFO to their account.
      await t.createPerson(other.accountId, { email: 'otto@other.example', password: PASSWORD });
      const otto = cookiesOf(
        await t.app.inject({
          method: 'POST',
          url: '/v1/session',
          headers: { 'content-type': 'application/json' },
          remoteAddress: address,
          payload: JSON.stringify({ email: 'otto@other.example', password: PASSWORD }),
        }),
      ).get(SESSION_COOKIE)?.value;
      const invite = (url: string, email: string, headers: Record<string, string>) =>
        t.as({ ...headers }).post(url, { email });
      const refusal = {
        code: 'invalid_body',
        details: [{ field: 'email', issue: singleSignOnEmailIssue('acme.example') }],
      };
      const byPartner = await invite('/v1/account/invitations', 'CFO@Acme.example', {
        cookie: `${SESSION_COOKIE}=${otto ?? ''}`,
        origin: OWN_ORIGIN,
      });
      expect(byPartner.statusCode).toBe(400);
      expect(byPartner.json()).toMatchObject(refusal);
      const asStaff = { authorization: `Bearer ${staff.key}` };
      const toOther = await invite(
        `/v1/admin/accounts/${other.accountId}/invitations`,
        'cfo@acme.example',
        asStaff,
      );
      expect(toOther.statusCode).toBe(400);
      expect(toOther.json()).toMatchObject(refusal);

      // To single sign-on's account: made, but accepted only by signing in with the provider.
      const toAcme = await invite(
        `/v1/admin/accounts/${acme.accountId}/invitations`,
        'cfo@acme.example',
        asStaff,
      );
      expect(toAcme.statusCode).toBe(201);
      const token = toAcme.json<{ link: string }>().link.split('#')[1] ?? '';
      const before = await counts();
      const withPassword = await t.app.inject({
        method: 'POST',
        url: '/v1/invitations/accept',
        headers: { 'content-type': 'application/json' },
        remoteAddress: address,
        payload: JSON.stringify({ token, name: 'Not the CFO', password: PASSWORD }),
      });
      expect(withPassword.statusCode).toBe(400);
      expect(withPassword.json()).toMatchObject({
        ...PROBLEMS.singleSignOnInvitation,
        details: [{ field: 'token', issue: SINGLE_SIGN_ON_LINK }],
      });
      expect(await counts()).toEqual(before);
      provider.users.set('cfo', { email: 'cfo@acme.example', email_verified: true, name: 'Cleo' });
      const cfo = await signInVia('cfo');
      expect(CurrentSession.parse((await whoIs(sessionOf(cfo))).json())).toMatchObject({
        person: { email: 'cfo@acme.example', name: 'Cleo', accountId: acme.accountId },
        hasPassword: false,
      });
    });

    it('signs in only people of OIDC_ACCOUNT_ID: never a person or an invitation of another account', async () => {
      ownAddress();
      // Made before these rules: a partner's person with a company email, and a partner's open
      // invitation for a new hire of the company.
      await t.createPerson(other.accountId, { email: 'sly@acme.example', password: PASSWORD });
      await t.createPerson(other.accountId, { email: 'pat@elsewhere.example', password: PASSWORD });
      provider.users.set('sly', { email: 'sly@acme.example', email_verified: true });
      provider.users.set('pat', { email: 'pat@elsewhere.example', email_verified: true });
      await expectRefused(() => signInVia('sly'), 'other_account');
      await expectRefused(() => signInVia('pat'), 'other_account');

      await t.app.get(Writer).transaction((tx) =>
        t.app.get(LinksRepository).insert(tx, {
          kind: 'invitation',
          hash: hashToken('a'.repeat(43)),
          accountId: other.accountId,
          email: 'newhire@acme.example',
          personId: null,
          createdAt: clock.now(),
          expiresAt: clock.now() + 60_000,
          createdByAccountId: other.accountId,
          createdByPersonId: null,
        }),
      );
      provider.users.set('newhire', { email: 'newhire@acme.example', email_verified: true });
      const newHire = await signInVia('newhire');
      expect(CurrentSession.parse((await whoIs(sessionOf(newHire))).json()).person.accountId).toBe(
        acme.accountId,
      );
    });

    it('refuses a password sign-in of an email of the single sign-on domain as a wrong password', async () => {
      ownAddress();
      await t.createPerson(acme.accountId, { email: 'pia@acme.example', password: PASSWORD });
      const signIn = (email: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/session',
          headers: { 'content-type': 'application/json' },
          remoteAddress: address,
          payload: JSON.stringify({ email, password }),
        });
      // Her own password, refused in the words of a wrong one elsewhere.
      const refused = await signIn('pia@acme.example', PASSWORD);
      const wrong = await signIn('pat@elsewhere.example', 'not the password at all');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(wrong.json());
      expect(Object.keys(refused.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
      expect(sessionOf(refused)).toBeUndefined();
    });
  },
);

describe('single sign-on with the provider down or misconfigured (docs/staff/sign-in.md)', () => {
  it('starts without the provider, answers unavailable while it is down, and discovers it once it is up', async () => {
    const clock = new FakeClock();
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const { t, close } = await createSsoApp(
      'sqlite',
      { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'pets-admin', OIDC_CLIENT_SECRET: 'secret' },
      clock,
    );
    try {
      const down = await t.as().get('/v1/session/oidc');
      expect(down.statusCode).toBe(303);
      expect(down.headers['location']).toBe(`${SIGN_IN_PAGE}unavailable`);
      expect(down.headers['set-cookie']).toBeUndefined();
      // Without OIDC_PROVIDER_NAME, the button names the issuer's host.
      expect(
        (await t.as().get('/v1/session/methods')).json<SignInMethods>().singleSignOn?.name,
      ).toBe(`127.0.0.1:${port}`);
      // Once the provider is up, the next start discovers it.
      const provider = await startOidcProvider({ redirectUris: [CALLBACK], port });
      try {
        const up = await t.as().get('/v1/session/oidc');
        expect(up.statusCode).toBe(303);
        expect(String(up.headers['location'])).toMatch(new RegExp(`^${issuer}/auth\\?`));
      } finally {
        await provider.stop();
      }
    } finally {
      await close();
    }
  });

  it('answers unavailable when the provider goes down between the start and the callback', async () => {
    const clock = new FakeClock();
    const provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    provider.users.set('ann', { email: 'ann@acme.example', email_verified: true });
    const { t, acme, close } = await createSsoApp(
      'sqlite',
      {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
      },
      clock,
    );
    try {
      await t.createPerson(acme.accountId, { email: 'ann@acme.example', password: PASSWORD });
      const response = await t.as().get('/v1/session/oidc');
      const sso = cookiesOf(response).get(SINGLE_SIGN_ON_COOKIE)?.value ?? '';
      const url = new URL(await provider.authorize(String(response.headers['location']), 'ann'));
      await provider.stop();
      const back = await t
        .as({ cookie: `${SINGLE_SIGN_ON_COOKIE}=${sso}` })
        .get(`${url.pathname}${url.search}`);
      expect(back.statusCode).toBe(303);
      expect(back.headers['location']).toBe(`${SIGN_IN_PAGE}unavailable`);
      expect(cookiesOf(back).get(SESSION_COOKIE)).toBeUndefined();
    } finally {
      await close();
    }
  });

  it('is 404 when not configured, and refuses to start when OIDC_ACCOUNT_ID names no account', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/v1/session/oidc', '/v1/session/oidc/callback?code=x&state=y']) {
        const response = await t.as().get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          code: 'not_found',
          message: 'Single sign-on is not configured here.',
        });
      }
      expect((await t.as().get('/v1/session/methods')).json()).toEqual({
        singleSignOn: null,
        passkeys: true,
      });
    } finally {
      await t.close();
    }
    await expect(
      createTestApp({
        env: {
          PUBLIC_URL,
          OIDC_ISSUER: 'https://sso.example.com',
          OIDC_CLIENT_ID: 'pets-admin',
          OIDC_CLIENT_SECRET: 'secret',
          OIDC_ALLOWED_DOMAINS: 'acme.example',
          OIDC_ACCOUNT_ID: '42',
        },
      }),
    ).rejects.toThrow('OIDC_ACCOUNT_ID is 42, but no account has this id');
  });
});

describe('single sign-on on two instances of PostgreSQL (docs/staff/sign-in.md)', () => {
  it('finishes on one instance what another started: nothing of it is kept on the server', async () => {
    const clock = new FakeClock();
    const provider = await startOidcProvider({ redirectUris: [CALLBACK] });
    provider.users.set('ann', { email: 'ann@acme.example', email_verified: true, name: 'Ann' });
    const env = {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'acme.example',
    };
    const first = await createSsoApp('postgres', env, clock);
    const second = await createTestApp({
      engine: 'postgres',
      databaseUrl: first.databaseUrl,
      clock,
      env: { PUBLIC_URL, OIDC_ACCOUNT_ID: String(first.acme.accountId), ...env },
    });
    try {
      const started = await first.t.as().get('/v1/session/oidc');
      const sso = cookiesOf(started).get(SINGLE_SIGN_ON_COOKIE)?.value ?? '';
      const url = new URL(await provider.authorize(String(started.headers['location']), 'ann'));
      const back = await second
        .as({ cookie: `${SINGLE_SIGN_ON_COOKIE}=${sso}` })
        .get(`${url.pathname}${url.search}`);
      expect(back.headers['location']).toBe(`${PUBLIC_URL}/admin/`);
      const session = cookiesOf(back).get(SESSION_COOKIE)?.value ?? '';
      // The session works on both.
      for (const instance of [first.t, second]) {
        const who = await instance
          .as({ cookie: `${SESSION_COOKIE}=${session}` })
          .get('/v1/session');
        expect(CurrentSession.parse(who.json()).person.email).toBe('ann@acme.example');
      }
    } finally {
      await second.close();
      await first.close();
      await provider.stop();
    }
  });
});
