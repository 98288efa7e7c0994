// People on both engines: their sessions listed and ended, signing out everywhere, changing a
// password, an account's people, and deactivating a person.
import { People, Person, Sessions } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountKey,
  auditEvents,
  cookieOf,
  createPeopleTestApp,
  OWN_ORIGIN,
  PASSWORD,
  signInAs,
} from '../../test/people-app.js';
import { ENGINES, type TestApp } from '../../test/test-app.js';

describe.each(ENGINES)(
  'people, their sessions and passwords, on %s (docs/staff/sign-in.md)',
  (engine) => {
    let t: TestApp;
    let staff: AccountKey;
    let partner: AccountKey;

    beforeAll(async () => {
      ({ t, staff, partner } = await createPeopleTestApp(engine));
    });
    afterAll(async () => {
      await t.close();
    });

    const send = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      body?: unknown,
    ) =>
      t.app.inject({
        method,
        url,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const staffKey = () => ({ authorization: `Bearer ${staff.key}` });
    /** A session's headers for reading and for changes (with the API's own Origin). */
    const as = (cookie: string) => ({ cookie, origin: OWN_ORIGIN });
    const signIn = async (email: string, password = PASSWORD) => {
      const response = await signInAs(t, email, password);
      expect(response.statusCode).toBe(204);
      return cookieOf(response);
    };
    const status = async (cookie: string) =>
      (await send('GET', '/v1/session', { cookie })).statusCode;
    const audit = (action: string) => auditEvents(t, staff.key, action);

    it('lists the person own live sessions, this one marked, paged like every list', async () => {
      await t.createPerson(partner.accountId, { email: 'mo@acme.example', password: PASSWORD });
      const first = await signIn('mo@acme.example');
      const second = await signIn('mo@acme.example');
      const page = await send('GET', '/v1/sessions?limit=1', { cookie: second });
      expect(page.statusCode).toBe(200);
      const [older] = Sessions.parse(page.json());
      expect(older).toMatchObject({ current: false });
      const next = /^<([^>]+)>; rel="next"$/.exec(String(page.headers['link']))?.[1] ?? '';
      expect(next).toMatch(/\/v1\/sessions\?limit=1&cursor=/);
      const rest = Sessions.parse(
        (
          await send('GET', new URL(next).pathname + new URL(next).search, { cookie: second })
        ).json(),
      );
      expect(rest).toEqual([expect.objectContaining({ current: true })]);
      // Another person's cursor is refused; a key cannot list sessions.
      expect(
        (await send('GET', '/v1/sessions', { authorization: `Bearer ${partner.key}` })).statusCode,
      ).toBe(403);
      // Ending the older one from the newer signs that device out.
      expect((await send('DELETE', `/v1/sessions/${older?.id}`, as(second))).statusCode).toBe(204);
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(200);
      expect((await send('DELETE', `/v1/sessions/${older?.id}`, as(second))).statusCode).toBe(404);
    });

    it("signs out everywhere: every session of the person ends, this one too, and nobody else's", async () => {
      await t.createPerson(partner.accountId, { email: 'rae@acme.example', password: PASSWORD });
      await t.createPerson(partner.accountId, { email: 'sid@acme.example', password: PASSWORD });
      const here = await signIn('rae@acme.example');
      const there = await signIn('rae@acme.example');
      const other = await signIn('sid@acme.example');
      const out = await send('DELETE', '/v1/sessions', as(here));
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
      expect(await status(here)).toBe(401);
      expect(await status(there)).toBe(401);
      expect(await status(other)).toBe(200);
    });

    it("will not end another person's session", async () => {
      await t.createPerson(partner.accountId, { email: 'ned@acme.example', password: PASSWORD });
      await t.createPerson(partner.accountId, { email: 'ola@acme.example', password: PASSWORD });
      const ned = await signIn('ned@acme.example');
      const ola = await signIn('ola@acme.example');
      const [olaSession] = Sessions.parse(
        (await send('GET', '/v1/sessions', { cookie: ola })).json(),
      );
      const refused = await send('DELETE', `/v1/sessions/${olaSession?.id}`, as(ned));
      expect(refused.statusCode).toBe(404);
      expect(await status(ola)).toBe(200);
    });

    it('changes a password with the current one: the other sessions end, this one goes on', async () => {
      await t.createPerson(partner.accountId, { email: 'pia@acme.example', password: PASSWORD });
      const here = await signIn('pia@acme.example');
      const elsewhere = await signIn('pia@acme.example');
      const newPassword = 'another long passphrase 2';
      const wrong = await send('POST', '/v1/session/password', as(here), {
        currentPassword: 'not it at all',
        newPassword,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        details: [{ field: 'currentPassword', issue: 'is not your password' }],
      });
      const common = await send('POST', '/v1/session/password', as(here), {
        currentPassword: PASSWORD,
        newPassword: 'password1234',
      });
      expect(common.json()).toMatchObject({ details: [{ field: 'newPassword' }] });
      expect(await status(elsewhere)).toBe(200);
      const changed = await send('POST', '/v1/session/password', as(here), {
        currentPassword: PASSWORD,
        newPassword,
      });
      expect(changed.statusCode).toBe(204);
      expect(await status(here)).toBe(200);
      expect(await status(elsewhere)).toBe(401);
      const old = await send(
        'POST',
        '/v1/session',
        {},
        { email: 'pia@acme.example', password: PASSWORD },
      );
      expect(old.statusCode).toBe(401);
      await signIn('pia@acme.example', newPassword);
      expect(await audit('person.password_changed')).toHaveLength(1);
    });

    it('counts a wrong current password as a failed sign-in of the email: 10, then 429 for both', async () => {
      await t.createPerson(partner.accountId, { email: 'gus@acme.example', password: PASSWORD });
      const here = await signIn('gus@acme.example');
      const change = (currentPassword: string) =>
        send('POST', '/v1/session/password', as(here), {
          currentPassword,
          newPassword: 'another long passphrase 3',
        });
      for (let i = 0; i < 9; i++) expect((await change(`guess number ${i}`)).statusCode).toBe(400);
      const tenth = await send(
        'POST',
        '/v1/session',
        {},
        { email: 'GUS@acme.example', password: 'a tenth guess' },
      );
      expect(tenth.statusCode).toBe(401);
      const held = await change(PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      const signingIn = await send(
        'POST',
        '/v1/session',
        {},
        { email: 'gus@acme.example', password: PASSWORD },
      );
      expect(signingIn.statusCode).toBe(429);
      // Nothing changed: the session goes on and the password is the one it was.
      expect(await status(here)).toBe(200);
      t.clock.advance(21 * 60 * 1_000);
      await signIn('gus@acme.example');
    });

    it("lists an account's people for its keys and people, and any account's for staff", async () => {
      const byKey = await send('GET', '/v1/account/people?limit=100', {
        authorization: `Bearer ${partner.key}`,
      });
      expect(byKey.statusCode).toBe(200);
      const people = People.parse(byKey.json());
      expect(people.length).toBeGreaterThan(0);
      expect(people.every((person) => person.accountId === partner.accountId)).toBe(true);
      const byStaff = await send(
        'GET',
        `/v1/admin/accounts/${partner.accountId}/people?limit=100`,
        staffKey(),
      );
      expect(People.parse(byStaff.json())).toEqual(people);
      expect((await send('GET', '/v1/admin/accounts/999999/people', staffKey())).statusCode).toBe(
        404,
      );
      expect(
        (
          await send('GET', `/v1/admin/accounts/${partner.accountId}/people`, {
            authorization: `Bearer ${partner.key}`,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('deactivates a person: every session ends, signing in is refused alike, once recorded', async () => {
      const { personId } = await t.createPerson(partner.accountId, {
        email: 'quin@acme.example',
        password: PASSWORD,
      });
      const cookie = await signIn('quin@acme.example');
      const response = await send('POST', `/v1/admin/people/${personId}/deactivate`, staffKey());
      expect(response.statusCode).toBe(200);
      expect(Person.parse(response.json()).deactivatedAt).not.toBeNull();
      expect(await status(cookie)).toBe(401);
      const refused = await send(
        'POST',
        '/v1/session',
        {},
        { email: 'quin@acme.example', password: PASSWORD },
      );
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_credentials' });
      // Again: nothing changes, nothing more is recorded.
      expect(
        (await send('POST', `/v1/admin/people/${personId}/deactivate`, staffKey())).statusCode,
      ).toBe(200);
      expect(
        (await audit('person.deactivated')).filter((event) => event.target.id === personId),
      ).toHaveLength(1);
      expect(
        (await send('POST', '/v1/admin/people/999999/deactivate', staffKey())).statusCode,
      ).toBe(404);
    });
  },
);
