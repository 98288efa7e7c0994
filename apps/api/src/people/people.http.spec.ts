// People on both engines: their sessions listed and ended, signing out everywhere, changing a
// password, an account's people, and deactivating a person.
import { People, Person, Sessions } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { auditEvents, usePeopleApp, PASSWORD, session, signedInAs } from '../../test/people-app.js';
import { nextPath } from '../../test/requests.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)(
  'people, their sessions and passwords, on %s (docs/staff/sign-in.md)',
  (engine) => {
    const { t, staff, partner } = usePeopleApp(engine);

    const signIn = (email: string, password = PASSWORD) => signedInAs(t, email, password);
    const status = async (cookie: string) => (await t.as({ cookie }).get('/v1/session')).statusCode;
    const audit = (action: string) => auditEvents(t, staff.key, action);

    it('lists the person own live sessions, this one marked, paged like every list', async () => {
      await t.createPerson(partner.accountId, { email: 'mo@acme.example', password: PASSWORD });
      const first = await signIn('mo@acme.example');
      const second = await signIn('mo@acme.example');
      const page = await t.as({ cookie: second }).get('/v1/sessions?limit=1');
      expect(page.statusCode).toBe(200);
      const [older] = Sessions.parse(page.json());
      expect(older).toMatchObject({ current: false });
      const next = nextPath(page) ?? '';
      expect(next).toMatch(/\/v1\/sessions\?limit=1&cursor=/);
      const rest = Sessions.parse((await t.as({ cookie: second }).get(next)).json());
      expect(rest).toEqual([expect.objectContaining({ current: true })]);
      // Another person's cursor is refused; a key cannot list sessions.
      expect((await t.as(partner.key).get('/v1/sessions')).statusCode).toBe(403);
      // Ending the older one from the newer signs that device out.
      expect((await t.as(session(second)).delete(`/v1/sessions/${older?.id}`)).statusCode).toBe(
        204,
      );
      expect(await status(first)).toBe(401);
      expect(await status(second)).toBe(200);
      expect((await t.as(session(second)).delete(`/v1/sessions/${older?.id}`)).statusCode).toBe(
        404,
      );
    });

    it("signs out everywhere: every session of the person ends, this one too, and nobody else's", async () => {
      await t.createPerson(partner.accountId, { email: 'rae@acme.example', password: PASSWORD });
      await t.createPerson(partner.accountId, { email: 'sid@acme.example', password: PASSWORD });
      const here = await signIn('rae@acme.example');
      const there = await signIn('rae@acme.example');
      const other = await signIn('sid@acme.example');
      const out = await t.as(session(here)).delete('/v1/sessions');
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
      const [olaSession] = Sessions.parse((await t.as({ cookie: ola }).get('/v1/sessions')).json());
      const refused = await t.as(session(ned)).delete(`/v1/sessions/${olaSession?.id}`);
      expect(refused.statusCode).toBe(404);
      expect(await status(ola)).toBe(200);
    });

    it('changes a password with the current one: the other sessions end, this one goes on', async () => {
      await t.createPerson(partner.accountId, { email: 'pia@acme.example', password: PASSWORD });
      const here = await signIn('pia@acme.example');
      const elsewhere = await signIn('pia@acme.example');
      const newPassword = 'another long passphrase 2';
      const wrong = await t.as(session(here)).post('/v1/session/password', {
        currentPassword: 'not it at all',
        newPassword,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        details: [{ field: 'currentPassword', issue: 'is not your password' }],
      });
      const common = await t.as(session(here)).post('/v1/session/password', {
        currentPassword: PASSWORD,
        newPassword: 'password1234',
      });
      expect(common.json()).toMatchObject({ details: [{ field: 'newPassword' }] });
      expect(await status(elsewhere)).toBe(200);
      const changed = await t.as(session(here)).post('/v1/session/password', {
        currentPassword: PASSWORD,
        newPassword,
      });
      expect(changed.statusCode).toBe(204);
      expect(await status(here)).toBe(200);
      expect(await status(elsewhere)).toBe(401);
      const old = await t
        .as({})
        .post('/v1/session', { email: 'pia@acme.example', password: PASSWORD });
      expect(old.statusCode).toBe(401);
      await signIn('pia@acme.example', newPassword);
      expect(await audit('person.password_changed')).toHaveLength(1);
    });

    it('counts a wrong current password as a failed sign-in of the email: 10, then 429 for both', async () => {
      await t.createPerson(partner.accountId, { email: 'gus@acme.example', password: PASSWORD });
      const here = await signIn('gus@acme.example');
      const change = (currentPassword: string) =>
        t.as(session(here)).post('/v1/session/password', {
          currentPassword,
          newPassword: 'another long passphrase 3',
        });
      for (let i = 0; i < 9; i++) expect((await change(`guess number ${i}`)).statusCode).toBe(400);
      const tenth = await t
        .as({})
        .post('/v1/session', { email: 'GUS@acme.example', password: 'a tenth guess' });
      expect(tenth.statusCode).toBe(401);
      const held = await change(PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      const signingIn = await t
        .as({})
        .post('/v1/session', { email: 'gus@acme.example', password: PASSWORD });
      expect(signingIn.statusCode).toBe(429);
      // Nothing changed: the session goes on and the password is the one it was.
      expect(await status(here)).toBe(200);
      t.clock.advance(21 * 60 * 1_000);
      await signIn('gus@acme.example');
    });

    it("lists an account's people for its keys and people, and any account's for staff", async () => {
      const byKey = await t
        .as({
          authorization: `Bearer ${partner.key}`,
        })
        .get('/v1/account/people?limit=100');
      expect(byKey.statusCode).toBe(200);
      const people = People.parse(byKey.json());
      expect(people.length).toBeGreaterThan(0);
      expect(people.every((person) => person.accountId === partner.accountId)).toBe(true);
      const byStaff = await t
        .as(staff.key)
        .get(`/v1/admin/accounts/${partner.accountId}/people?limit=100`);
      expect(People.parse(byStaff.json())).toEqual(people);
      expect((await t.as(staff.key).get('/v1/admin/accounts/999999/people')).statusCode).toBe(404);
      expect(
        (
          await t
            .as({
              authorization: `Bearer ${partner.key}`,
            })
            .get(`/v1/admin/accounts/${partner.accountId}/people`)
        ).statusCode,
      ).toBe(403);
    });

    it('deactivates a person: every session ends, signing in is refused alike, once recorded', async () => {
      const { personId } = await t.createPerson(partner.accountId, {
        email: 'quin@acme.example',
        password: PASSWORD,
      });
      const cookie = await signIn('quin@acme.example');
      const response = await t.as(staff.key).post(`/v1/admin/people/${personId}/deactivate`);
      expect(response.statusCode).toBe(200);
      expect(Person.parse(response.json()).deactivatedAt).not.toBeNull();
      expect(await status(cookie)).toBe(401);
      const refused = await t
        .as({})
        .post('/v1/session', { email: 'quin@acme.example', password: PASSWORD });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_credentials' });
      // Again: nothing changes, nothing more is recorded.
      expect(
        (await t.as(staff.key).post(`/v1/admin/people/${personId}/deactivate`)).statusCode,
      ).toBe(200);
      expect(
        (await audit('person.deactivated')).filter((event) => event.target.id === personId),
      ).toHaveLength(1);
      expect((await t.as(staff.key).post('/v1/admin/people/999999/deactivate')).statusCode).toBe(
        404,
      );
    });
  },
);
