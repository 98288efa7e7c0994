// Invitations and password resets on both engines: one-time links shown once, used once and in
// time, recorded without their secret, and never logged.
import {
  CurrentSession,
  Invitation,
  INVITATION_TTL_MS,
  LINK_ISSUE,
  PasswordResetLink,
  PROBLEMS,
  RESET_LINK_TTL_MS,
  SESSION_COOKIE,
} from '@pets/contract';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  cookieOf,
  usePeopleApp,
  OWN_ORIGIN,
  PASSWORD,
} from '../../../test/people-app.js';
import { ENGINES } from '../../../test/test-app.js';

describe.each(ENGINES)(
  'invitations and password resets, on %s (docs/staff/sign-in.md)',
  (engine) => {
    const { t, staff, partner } = usePeopleApp(engine);

    const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
    /** Without a mail server, a link is in the answer. */
    const shown = <T extends { delivery: string }>(made: T) => {
      expect(made.delivery).toBe('shown');
      return made as Extract<T, { delivery: 'shown' }>;
    };

    const invite = async (email: string, accountId = partner.accountId) => {
      const response = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${accountId}/invitations`, { email });
      expect(response.statusCode).toBe(201);
      return shown(Invitation.parse(response.json()));
    };
    const audit = (action: string) => auditEvents(t, staff.key, action);

    it('staff invite: a one-time link shown once, good for 7 days, recorded without the link', async () => {
      const invitation = await invite('dee@acme.example');
      expect(invitation).toMatchObject({ accountId: partner.accountId, email: 'dee@acme.example' });
      expect(invitation.link).toMatch(/^http:\/\/localhost\/admin\/welcome#[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(invitation.expiresAt) - t.clock.now()).toBe(INVITATION_TTL_MS);
      const [invited] = await audit('person.invited');
      expect(invited).toMatchObject({
        target: { type: 'account', id: partner.accountId },
        changes: { email: [null, 'dee@acme.example'] },
      });
      expect(JSON.stringify(await audit('person.invited'))).not.toContain(tokenOf(invitation.link));
    });

    it('accepting joins the account, signs in, and works once', async () => {
      const { link } = await invite('eve@acme.example');
      const accepted = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(link),
        name: 'Eve',
        password: PASSWORD,
      });
      expect(accepted.statusCode).toBe(204);
      expect(String(accepted.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
      const current = CurrentSession.parse(
        (await t.as({ cookie: cookieOf(accepted) }).get('/v1/session')).json(),
      );
      expect(current.person).toMatchObject({ email: 'eve@acme.example', name: 'Eve' });
      expect(current.account.id).toBe(partner.accountId);
      const again = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(link),
        name: 'Mallory',
        password: PASSWORD,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'invalid_body', details: [{ field: 'token' }] });
      // She signs in with what she chose; nobody can be invited with her email again.
      const signIn = await t
        .as()
        .post('/v1/session', { email: 'eve@acme.example', password: PASSWORD });
      expect(signIn.statusCode).toBe(204);
      const twice = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${partner.accountId}/invitations`, { email: 'EVE@acme.example' });
      // Answered as for anyone (inviting tells nobody who has a person), and never accepted.
      expect(twice.statusCode).toBe(201);
      const taken = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(shown(Invitation.parse(twice.json())).link),
        name: 'Mallory',
        password: PASSWORD,
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual(again.json());
      const [joined] = await audit('person.joined');
      expect(joined).toMatchObject({
        target: { type: 'person' },
        changes: { name: [null, 'Eve'] },
      });
    });

    it('refuses a common or short password, an unknown token and an expired link', async () => {
      const { link } = await invite('fay@acme.example');
      const common = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(link),
        name: 'Fay',
        password: 'password1234',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({
        details: [
          { field: 'password', issue: 'is one of the most common passwords: choose another' },
        ],
      });
      const short = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(link),
        name: 'Fay',
        password: 'short',
      });
      expect(short.json()).toMatchObject({
        details: [{ field: 'password', issue: 'must be at least 12 characters' }],
      });
      const unknown = await t.as().post('/v1/invitations/accept', {
        token: 'a'.repeat(43),
        name: 'Fay',
        password: PASSWORD,
      });
      expect(unknown.statusCode).toBe(400);
      t.clock.advance(INVITATION_TTL_MS);
      const late = await t.as().post('/v1/invitations/accept', {
        token: tokenOf(link),
        name: 'Fay',
        password: PASSWORD,
      });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ details: [{ field: 'token' }] });
    });

    it('lets one of many concurrent accepts of a link through, and no other', async () => {
      const { link } = await invite('gus@acme.example');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.as().post('/v1/invitations/accept', {
            token: tokenOf(link),
            name: 'Gus',
            password: PASSWORD,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        204, 400, 400, 400, 400, 400,
      ]);
      expect(
        (await audit('person.joined')).filter((e) => e.changes['name']?.[1] === 'Gus'),
      ).toHaveLength(1);
    });

    it('lets a person signed in invite to their own account, and not a key', async () => {
      const { link } = await invite('hal@acme.example');
      const cookie = cookieOf(
        await t.as().post('/v1/invitations/accept', {
          token: tokenOf(link),
          name: 'Hal',
          password: PASSWORD,
        }),
      );
      const byPerson = await t
        .as({ cookie, origin: OWN_ORIGIN })
        .post('/v1/account/invitations', { email: 'ida@acme.example' });
      expect(byPerson.statusCode).toBe(201);
      expect(Invitation.parse(byPerson.json()).accountId).toBe(partner.accountId);
      const byKey = await t
        .as(partner.key)
        .post('/v1/account/invitations', { email: 'ida2@acme.example' });
      expect(byKey.statusCode).toBe(403);
      expect(
        (
          await t
            .as(staff.key)
            .post(`/v1/admin/accounts/999999/invitations`, { email: 'x@acme.example' })
        ).statusCode,
      ).toBe(404);
    });

    it('resets a password with a staff link: every old session ends, the new password signs in', async () => {
      const { link } = await invite('jo@acme.example');
      const old = cookieOf(
        await t.as().post('/v1/invitations/accept', {
          token: tokenOf(link),
          name: 'Jo',
          password: PASSWORD,
        }),
      );
      const session = CurrentSession.parse((await t.as({ cookie: old }).get('/v1/session')).json());
      const made = await t
        .as(staff.key)
        .post(`/v1/admin/people/${session.person.id}/password-reset`, {});
      expect(made.statusCode).toBe(201);
      const reset = shown(PasswordResetLink.parse(made.json()));
      expect(reset.link).toMatch(/^http:\/\/localhost\/admin\/set-password#[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(reset.expiresAt) - t.clock.now()).toBe(RESET_LINK_TTL_MS);
      // Making the link changes nothing: the old session still works.
      expect((await t.as({ cookie: old }).get('/v1/session')).statusCode).toBe(200);
      const newPassword = 'a different long passphrase';
      const used = await t.as().post('/v1/password-resets/accept', {
        token: tokenOf(reset.link),
        password: newPassword,
      });
      expect(used.statusCode).toBe(204);
      expect((await t.as({ cookie: old }).get('/v1/session')).statusCode).toBe(401);
      expect((await t.as({ cookie: cookieOf(used) }).get('/v1/session')).statusCode).toBe(200);
      expect(
        (await t.as().post('/v1/session', { email: 'jo@acme.example', password: PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.as().post('/v1/session', { email: 'jo@acme.example', password: newPassword }))
          .statusCode,
      ).toBe(204);
      expect(
        (
          await t.as().post('/v1/password-resets/accept', {
            token: tokenOf(reset.link),
            password: newPassword,
          })
        ).statusCode,
      ).toBe(400);
      expect(await audit('person.password_reset')).toHaveLength(1);
      expect(
        (await t.as(staff.key).post('/v1/admin/people/999999/password-reset', {})).statusCode,
      ).toBe(404);
      // An hour later, a reset link no longer works.
      const late = shown(
        PasswordResetLink.parse(
          (
            await t.as(staff.key).post(`/v1/admin/people/${session.person.id}/password-reset`, {})
          ).json(),
        ),
      );
      t.clock.advance(RESET_LINK_TTL_MS);
      expect(
        (
          await t.as().post('/v1/password-resets/accept', {
            token: tokenOf(late.link),
            password: newPassword,
          })
        ).statusCode,
      ).toBe(400);
    });

    it('answers an invitation for an email that has a person exactly as any other, and never lets it be accepted', async () => {
      // A partner's person, inviting: they must not learn who has a person in any account.
      await t.createPerson(partner.accountId, { email: 'kai@acme.example', password: PASSWORD });
      await t.createPerson(staff.accountId, { email: 'kim@pets.example', password: PASSWORD });
      const cookie = cookieOf(
        await t.as().post('/v1/session', { email: 'kai@acme.example', password: PASSWORD }),
      );
      const asKai = { cookie, origin: OWN_ORIGIN };
      const taken = await t
        .as(asKai)
        .post('/v1/account/invitations', { email: 'KIM@pets.example' });
      const free = await t.as(asKai).post('/v1/account/invitations', { email: 'KIT@pets.example' });
      for (const response of [taken, free]) expect(response.statusCode).toBe(201);
      // The same headers, and the same body but for the invitation's own id, email and secret.
      // (Only what one more request changes is left out: the date, the request id, what remains.)
      const same = (headers: Record<string, unknown>) =>
        Object.entries(headers)
          .filter(
            ([name]) =>
              !['date', 'content-length'].includes(name) &&
              !name.includes('request-id') &&
              !name.includes('ratelimit-remaining'),
          )
          .map(([name, value]) => [name, String(value).replace(/;r=[0-9]+;/, ';r=…;')]);
      expect(same(taken.headers)).toEqual(same(free.headers));
      expect(taken.body.length).toBe(free.body.length);
      const takenInvitation = shown(Invitation.parse(taken.json()));
      const freeInvitation = shown(Invitation.parse(free.json()));
      const general = ({ id: _, email: __, link, ...rest }: typeof takenInvitation) => ({
        ...rest,
        link: link.replace(/#.*/, '#…'),
      });
      expect(general(takenInvitation)).toEqual(general(freeInvitation));
      expect(takenInvitation.email).toBe('KIM@pets.example');

      // Accepting it is refused as a used link is, in the same words, and nothing changes.
      const accept = (link: string) =>
        t.as().post('/v1/invitations/accept', {
          token: tokenOf(link),
          name: 'Kim',
          password: PASSWORD,
        });
      const refused = await accept(takenInvitation.link);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        ...PROBLEMS.invalidLink,
        status: 400,
        details: [{ field: 'token', issue: LINK_ISSUE }],
      });
      expect((await accept(freeInvitation.link)).statusCode).toBe(204);
      expect((await accept(freeInvitation.link)).json()).toEqual(refused.json());
      // Kim's password and account are as they were.
      const kim = await t
        .as()
        .post('/v1/session', { email: 'kim@pets.example', password: PASSWORD });
      expect(kim.statusCode).toBe(204);
      const who = CurrentSession.parse(
        (await t.as({ cookie: cookieOf(kim) }).get('/v1/session')).json(),
      );
      expect(who.account.id).toBe(staff.accountId);
    });

    it('never logs a link, a password or a session id', () => {
      const logs = t.rawLogs.join('\n');
      expect(logs).not.toContain(PASSWORD);
      expect(logs).not.toMatch(/#[A-Za-z0-9_-]{43}/);
      expect(logs).not.toMatch(new RegExp(`${SESSION_COOKIE}=[A-Za-z0-9_-]{43}`));
    });
  },
);
