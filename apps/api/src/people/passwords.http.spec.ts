// New passwords tried from outside: white space alone, control characters, and the person's own
// email, the part before @ or name are refused wherever a password is chosen (joining, a reset
// link, a change), with the field and the words of the contract.
import { CurrentSession, Invitation, PasswordResetLink } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { cookieOf, usePeopleApp, OWN_ORIGIN, PASSWORD } from '../../test/people-app.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('choosing a password, on %s (docs/staff/sign-in.md)', (engine) => {
  const { t, staff, partner } = usePeopleApp(engine);

  const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
  /** Without a mail server, a link is in the answer. */
  const linkOf = (made: { delivery: string; link?: string }) => {
    expect(made.delivery).toBe('shown');
    return String(made.link);
  };

  const refusal = (field: string, issue: string) => ({
    code: 'invalid_body',
    status: 400,
    details: [{ field, issue }],
  });

  it('refuses white space alone, NULs and the email on joining, and joins with a good one', async () => {
    const made = await t.as(staff.key).post(`/v1/admin/accounts/${partner.accountId}/invitations`, {
      email: 'Kim.Park@acme.example',
    });
    const link = linkOf(Invitation.parse(made.json()));
    const accept = (password: string, name = 'Kim Park') =>
      t.as().post('/v1/invitations/accept', { token: tokenOf(link), name, password });
    const cases: [string, string][] = [
      [' '.repeat(12), 'must not be only white space'],
      ['\u0000'.repeat(12), 'must not contain control characters'],
      ['kim.park@acme.example', 'must not contain your email address'],
      ['my name: kim.park!', 'must not contain the part of your email before @'],
      ['hello, I am Kim Park', 'must not contain your name'],
    ];
    for (const [password, issue] of cases) {
      const answer = await accept(password);
      expect(answer.statusCode, JSON.stringify(password)).toBe(400);
      expect(answer.json()).toMatchObject(refusal('password', issue));
    }
    // The refusals used nothing: the link still lets Kim join.
    expect((await accept(PASSWORD)).statusCode).toBe(204);
  });

  it('refuses the name or email on a reset link and on a change of password', async () => {
    const { personId } = await t.createPerson(partner.accountId, {
      email: 'lou.tran@acme.example',
      password: PASSWORD,
      name: 'Lou Tran',
    });
    const made = await t.as(staff.key).post(`/v1/admin/people/${personId}/password-reset`, {});
    const link = linkOf(PasswordResetLink.parse(made.json()));
    const reset = await t.as().post('/v1/password-resets/accept', {
      token: tokenOf(link),
      password: 'LOU TRAN forever and ever',
    });
    expect(reset.json()).toMatchObject(refusal('password', 'must not contain your name'));

    const signedIn = await t.as().post('/v1/session', {
      email: 'lou.tran@acme.example',
      password: PASSWORD,
    });
    const cookie = cookieOf(signedIn);
    const me = CurrentSession.parse((await t.as({ cookie }).get('/v1/session')).json());
    expect(me.person.id).toBe(personId);
    const change = await t.as({ cookie, origin: OWN_ORIGIN }).post('/v1/session/password', {
      currentPassword: PASSWORD,
      newPassword: 'lou.tran@acme.example 2026',
    });
    expect(change.json()).toMatchObject(
      refusal('newPassword', 'must not contain your email address'),
    );
  });
});
