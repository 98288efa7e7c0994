// Deactivating a person on both engines, from outside: what they made (keys, invitations) and their
// reset links end with them; reset links end each other and with a password change; the last
// active staff person stays; staff list and revoke invitations and reactivate people.
import { ApiKeys, OpenInvitations, Person } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import {
  aPartnerPerson,
  auditEvents,
  cookieOf,
  usePeopleApp,
  useTwoInstances,
  OWN_ORIGIN,
  PASSWORD,
  session,
  signedInAs,
  signInAs,
} from '../../test/people-app.js';
import { ENGINES } from '../../test/test-app.js';
import { expectNextPath, type Sender } from '../../test/requests.js';

const tokenOf = (link: string): string => new URL(link).hash.slice(1);

describe.each(ENGINES)(
  'deactivating people, reset links and invitations, on %s (docs/staff/sign-in.md)',
  (engine) => {
    const { t, staff, partner } = usePeopleApp(engine);

    const signIn = (email: string, password = PASSWORD) => signedInAs(t, email, password);
    const deactivate = (personId: number, sender: Sender = staff.key) =>
      t.as(sender).post(`/v1/admin/people/${personId}/deactivate`);
    const resetLink = async (personId: number) => {
      const made = await t.as(staff.key).post(`/v1/admin/people/${personId}/password-reset`);
      expect(made.statusCode).toBe(201);
      return tokenOf(made.json<{ link: string }>().link);
    };
    const useReset = (token: string, password = 'a brand new passphrase 1') =>
      t.as({ origin: OWN_ORIGIN }).post('/v1/password-resets/accept', { token, password });
    const accept = (token: string, name = 'Someone') =>
      t.as({ origin: OWN_ORIGIN }).post('/v1/invitations/accept', {
        token,
        name,
        password: PASSWORD,
      });
    const openInvitations = async (accountId: number) => {
      const listed = await t.as(staff.key).get(`/v1/admin/accounts/${accountId}/invitations`);
      expect(listed.statusCode).toBe(200);
      return OpenInvitations.parse(listed.json());
    };

    it('ends the keys and invitations a person made, with them, and records why', async () => {
      const { personId } = await t.createPerson(partner.accountId, {
        email: 'kai@acme.example',
        password: PASSWORD,
        name: 'Kai',
      });
      const kai = await signIn('kai@acme.example');
      const made = await t.as(session(kai)).post('/v1/account/keys', { label: "Kai's script" });
      expect(made.statusCode).toBe(201);
      const key = made.json<{ id: number; key: string; createdBy: unknown }>();
      expect(key.createdBy).toEqual({ type: 'person', personId, name: 'Kai' });
      const byKey = { authorization: `Bearer ${key.key}` };
      expect((await t.as(byKey).get('/v1/account')).statusCode).toBe(200);
      const invited = await t.as(session(kai)).post('/v1/account/invitations', {
        email: 'kai.other@example.com',
      });
      expect(invited.statusCode).toBe(201);
      const invitation = invited.json<{ id: number; link: string }>();
      expect(await openInvitations(partner.accountId)).toContainEqual(
        expect.objectContaining({
          id: invitation.id,
          email: 'kai.other@example.com',
          createdByPersonId: personId,
        }),
      );

      const off = await deactivate(personId);
      expect(off.statusCode).toBe(200);
      expect(Person.parse(off.json()).deactivatedAt).not.toBeNull();

      // The key is refused at once on this instance, and listed as revoked.
      expect((await t.as(byKey).get('/v1/account')).statusCode).toBe(401);
      const keys = ApiKeys.parse(
        (await t.as(staff.key).get(`/v1/admin/accounts/${partner.accountId}/keys`)).json(),
      );
      const listedKey = keys.find((listed) => listed.id === key.id);
      expect(listedKey?.revokedAt).toMatch(/^\d{4}-/);
      expect(listedKey?.createdBy).toEqual({ type: 'person', personId, name: 'Kai' });
      // The fixture's key, made by the command-line tool, is untouched.
      expect(keys.find((listed) => listed.id !== key.id)).toMatchObject({
        revokedAt: null,
        createdBy: { type: 'cli' },
      });
      // The invitation no longer lets anyone in, and is no longer open.
      const accepted = await accept(tokenOf(invitation.link));
      expect(accepted.statusCode).toBe(400);
      expect(accepted.json()).toMatchObject({
        code: 'invalid_body',
        details: [{ field: 'token' }],
      });
      expect((await openInvitations(partner.accountId)).map((open) => open.id)).not.toContain(
        invitation.id,
      );
      // What ended is recorded, with the deactivation as its cause; never a secret.
      const revoked = await auditEvents(t, staff.key, 'key.revoked');
      expect(revoked.find((event) => event.target.id === key.id)?.changes['cause']).toEqual([
        null,
        'person.deactivated',
      ]);
      const [ended] = await auditEvents(t, staff.key, 'invitation.revoked');
      expect(ended).toMatchObject({
        target: { type: 'account', id: partner.accountId },
        changes: {
          invitationId: [invitation.id, null],
          email: ['kai.other@example.com', null],
          cause: [null, 'person.deactivated'],
        },
      });
      expect(JSON.stringify(await auditEvents(t, staff.key, 'invitation.revoked'))).not.toContain(
        tokenOf(invitation.link),
      );

      // Reactivated, Kai signs in again, but what ended stays ended.
      const back = await t.as(staff.key).post(`/v1/admin/people/${personId}/reactivate`);
      expect(back.statusCode).toBe(200);
      expect(Person.parse(back.json()).deactivatedAt).toBeNull();
      await signIn('kai@acme.example');
      expect((await t.as(byKey).get('/v1/account')).statusCode).toBe(401);
      expect((await t.as({ cookie: kai }).get('/v1/session')).statusCode).toBe(401);
      expect((await accept(tokenOf(invitation.link))).statusCode).toBe(400);
      expect(await auditEvents(t, staff.key, 'person.reactivated')).toContainEqual(
        expect.objectContaining({
          target: { type: 'person', id: personId },
          changes: { deactivatedAt: [expect.any(String), null] },
        }),
      );
      // Reactivating an active person changes nothing; an unknown one is 404.
      expect(
        (await t.as(staff.key).post(`/v1/admin/people/${personId}/reactivate`)).statusCode,
      ).toBe(200);
      expect((await t.as(staff.key).post('/v1/admin/people/999999/reactivate')).statusCode).toBe(
        404,
      );
    });

    it('staff list an account’s open invitations in pages and revoke one', async () => {
      const { accountId } = await t.createKey({ name: 'Invited Co', plan: 'pro', role: 'partner' });
      const ids: number[] = [];
      for (const email of ['a@invited.example', 'b@invited.example', 'c@invited.example']) {
        const made = await t.as(staff.key).post(`/v1/admin/accounts/${accountId}/invitations`, {
          email,
        });
        expect(made.statusCode).toBe(201);
        ids.push(made.json<{ id: number; link: string }>().id);
      }
      const first = await t
        .as(staff.key)
        .get(`/v1/admin/accounts/${accountId}/invitations?limit=2`);
      expect(OpenInvitations.parse(first.json()).map((open) => open.id)).toEqual(ids.slice(0, 2));
      const next = expectNextPath(first);
      expect(next).toContain(`/v1/admin/accounts/${accountId}/invitations?limit=2&cursor=`);
      const rest = await t.as(staff.key).get(next);
      expect(OpenInvitations.parse(rest.json()).map((open) => open.id)).toEqual(ids.slice(2));
      expect(JSON.stringify(first.json())).not.toContain('link');

      const revoked = await t.as(staff.key).delete(`/v1/admin/invitations/${ids[1]}`);
      expect(revoked.statusCode).toBe(204);
      expect((await openInvitations(accountId)).map((open) => open.id)).toEqual([ids[0], ids[2]]);
      expect((await t.as(staff.key).delete(`/v1/admin/invitations/${ids[1]}`)).statusCode).toBe(
        404,
      );
      // A partner cannot.
      const byPartner = { authorization: `Bearer ${partner.key}` };
      expect((await t.as(byPartner).delete(`/v1/admin/invitations/${ids[0]}`)).statusCode).toBe(
        403,
      );
      expect(
        (await t.as(byPartner).get(`/v1/admin/accounts/${accountId}/invitations`)).statusCode,
      ).toBe(403);
      expect((await t.as(staff.key).get('/v1/admin/accounts/999999/invitations')).statusCode).toBe(
        404,
      );
    });

    it("an account's people list and revoke their own account's open invitations, no other's", async () => {
      await t.createPerson(partner.accountId, { email: 'ola@acme.example', password: PASSWORD });
      const ola = await signIn('ola@acme.example');
      const made = await t.as(session(ola)).post('/v1/account/invitations', {
        email: 'own.invite@example.com',
      });
      expect(made.statusCode).toBe(201);
      const own = made.json<{ id: number; link: string }>();
      const { accountId: otherId } = await t.createKey({ name: 'Other Co', role: 'partner' });
      const other = await t.as(staff.key).post(`/v1/admin/accounts/${otherId}/invitations`, {
        email: 'other.invite@example.com',
      });
      const otherInvitation = other.json<{ id: number }>();
      // A key of the account lists them too; the other account's is not among them.
      const listed = await t
        .as({
          authorization: `Bearer ${partner.key}`,
        })
        .get('/v1/account/invitations?limit=100');
      expect(listed.statusCode).toBe(200);
      const ids = OpenInvitations.parse(listed.json()).map((open) => open.id);
      expect(ids).toContain(own.id);
      expect(ids).not.toContain(otherInvitation.id);
      // Revoking is a person's: a key is 403, another account's invitation 404.
      expect(
        (
          await t
            .as({
              authorization: `Bearer ${partner.key}`,
            })
            .delete(`/v1/account/invitations/${own.id}`)
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.as(session(ola)).delete(`/v1/account/invitations/${otherInvitation.id}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.as(session(ola)).delete(`/v1/account/invitations/${own.id}`)).statusCode,
      ).toBe(204);
      expect((await accept(tokenOf(own.link))).statusCode).toBe(400);
      expect((await openInvitations(otherId)).map((open) => open.id)).toEqual([otherInvitation.id]);
    });

    it('a newer reset link, a reset and a password change end every earlier reset link', async () => {
      const { personId } = await t.createPerson(partner.accountId, {
        email: 'rio@acme.example',
        password: PASSWORD,
      });
      const older = await resetLink(personId);
      const newer = await resetLink(personId);
      expect((await useReset(older)).statusCode).toBe(400);
      // Made before the newer one was used, ended when it was.
      const third = await resetLink(personId);
      const fourth = await resetLink(personId);
      expect((await useReset(fourth, 'the fourth passphrase 4')).statusCode).toBe(204);
      expect((await useReset(third)).statusCode).toBe(400);
      expect((await useReset(newer)).statusCode).toBe(400);
      // A link made before a password change is ended by it.
      const beforeChange = await resetLink(personId);
      const rio = await signIn('rio@acme.example', 'the fourth passphrase 4');
      const changed = await t.as(session(rio)).post('/v1/session/password', {
        currentPassword: 'the fourth passphrase 4',
        newPassword: 'the fifth passphrase 55',
      });
      expect(changed.statusCode).toBe(204);
      const refused = await useReset(beforeChange);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ details: [{ field: 'token' }] });
      // Deactivation ends the open one too.
      const open = await resetLink(personId);
      expect((await deactivate(personId)).statusCode).toBe(200);
      await t.as(staff.key).post(`/v1/admin/people/${personId}/reactivate`);
      expect((await useReset(open)).statusCode).toBe(400);
      // A link made after all that works.
      expect((await useReset(await resetLink(personId))).statusCode).toBe(204);
    });

    it('keeps the last active staff person, also when two staff deactivate each other at once', async () => {
      const { personId: ann } = await t.createPerson(staff.accountId, {
        email: 'ann@staff.example',
        password: PASSWORD,
        name: 'Ann',
      });
      const refused = await deactivate(ann);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'last_staff_person',
        message:
          'Ann is the last active person of the staff accounts: invite or reactivate another staff person first.',
      });
      const { personId: bo } = await t.createPerson(staff.accountId, {
        email: 'bo@staff.example',
        password: PASSWORD,
        name: 'Bo',
      });
      // A partner's people do not count as staff.
      await t.createPerson(partner.accountId, { email: 'pat@acme.example', password: PASSWORD });
      const annSession = await signIn('ann@staff.example');
      const boSession = await signIn('bo@staff.example');
      const both = await Promise.all([
        deactivate(bo, session(annSession)),
        deactivate(ann, session(boSession)),
      ]);
      const statuses = both.map((answer) => answer.statusCode).sort();
      // Exactly one succeeds; the other is refused as the last (or, signed out by then, as 401).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const people = Person.array()
        .parse((await t.as(staff.key).get(`/v1/admin/accounts/${staff.accountId}/people`)).json())
        .filter((person) => person.id === ann || person.id === bo);
      expect(people.filter((person) => person.deactivatedAt === null)).toHaveLength(1);
      // With both sent by a key, one is refused as the last.
      const [gone] = people.filter((person) => person.deactivatedAt !== null);
      const [left] = people.filter((person) => person.deactivatedAt === null);
      expect(
        (await t.as(staff.key).post(`/v1/admin/people/${gone?.id}/reactivate`)).statusCode,
      ).toBe(200);
      const again = await Promise.all([deactivate(gone?.id ?? 0), deactivate(left?.id ?? 0)]);
      expect(again.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(again.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
        code: 'last_staff_person',
      });
    });
  },
);

describe('two instances on one PostgreSQL and one Redis', () => {
  const { a, b, clock } = useTwoInstances(6);

  it('the other refuses, within 5 seconds, a key whose maker was deactivated, and took it before', async () => {
    const { personId } = await aPartnerPerson(a, 'Acme', 'lou@acme.example');
    const { key: staffKey } = await a.createKey({ name: 'Staff', plan: 'pro', role: 'staff' });
    const cookie = cookieOf(await signInAs(a, 'lou@acme.example'));
    const made = await a
      .as(session(cookie))
      .post('/v1/account/keys', { label: 'cached elsewhere' });
    expect(made.statusCode).toBe(201);
    const onB = () => b.as(made.json<{ key: string }>().key).get('/v1/account');
    // The other instance knows the key (and now holds its lookup).
    expect((await onB()).statusCode).toBe(200);
    const deactivated = await a.as(staffKey).post(`/v1/admin/people/${personId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    clock.advance(5_000);
    expect((await onB()).statusCode).toBe(401);
  });
});
