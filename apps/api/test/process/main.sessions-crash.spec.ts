// kill -9 of the built server after people's writes were acknowledged (sign-outs, deactivations
// with the keys and invitations they end, reset links ended by newer ones, invitations, password
// changes), then a restart: every one of them holds, recorded once.
import type { AuditEvent } from '@pets/contract';
import { createAccountKey, keysCli } from '@pets/services';
import { describe, expect, it } from 'vitest';
import { PeopleLedger } from '../people-ledger.js';
import { CrashRun, UNLIMITED } from '../processes.js';
import { ENGINES, freshDatabaseUrl } from '../test-app.js';
import { checkLedger, durableAccount, phase, WriteLedger } from '../write-ledger.js';

const PASSWORD = 'correct horse battery staple 9';

/**
 * kill -9 of the built server right after sign-outs and a deactivation were acknowledged, then a
 * restart: every acknowledged end of a session stays ended (docs/staff/sign-in.md, "also after a restart"),
 * the deactivated person cannot sign in, the key and the invitation they made and their reset link
 * stay ended, a reset link ended by a newer one stays ended (the newer one works), and a session
 * nobody ended still works, each recorded once.
 */
describe.each(ENGINES)('sessions ended before a kill -9, on %s', (engine) => {
  it('stay ended after the restart, each recorded once; the others still work', async () => {
    const database = await freshDatabaseUrl(engine);
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url };
    const { key: staffKey } = createAccountKey(env, { name: 'Staff', role: 'staff', ...UNLIMITED });
    const { accountId } = createAccountKey(env, { name: 'Acme', role: 'partner', ...UNLIMITED });
    // The invitations, made with the CLI before the server starts: the CLI runs synchronously, and
    // a test process blocked past the server's 5 s keep-alive then sent its next request on a
    // connection the server had closed ("other side closed"), which a loaded machine did.
    const links = new Map(
      ['out@acme.example', 'gone@acme.example', 'kept@acme.example'].map((email) => {
        const invite = ['people', 'invite', '--account', String(accountId), '--email', email];
        return [email, String(keysCli(env, ...invite)['link'])];
      }),
    );
    const run = new CrashRun(database);
    try {
      const url = (path: string) => `${run.baseUrl}/v1${path}`;
      const origin = new URL((await run.start(env)).baseUrl).origin;
      /** Accepts a person's invitation over HTTP: their session cookie and id. */
      const person = async (email: string) => {
        const link = links.get(email) ?? '';
        const response = await fetch(url('/invitations/accept'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: link.split('#')[1], name: email, password: PASSWORD }),
        });
        expect(response.status).toBe(204);
        const cookie = /^([^;]*);/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
        const me = (await (await fetch(url('/session'), { headers: { cookie } })).json()) as {
          person: { id: number };
        };
        return { cookie, personId: me.person.id };
      };
      const signedOut = await person('out@acme.example');
      const deactivated = await person('gone@acme.example');
      const kept = await person('kept@acme.example');
      /** A POST from the browser of the person about to be deactivated. */
      const postAsGone = (path: string, body: object) =>
        fetch(url(path), {
          method: 'POST',
          headers: { cookie: deactivated.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const staff = { authorization: `Bearer ${staffKey}` };
      // What the person about to be deactivated made: a key and an invitation for another email.
      const made = await postAsGone('/account/keys', { label: 'made by gone' });
      expect(made.status).toBe(201);
      const goneKey = (await made.json()) as { id: number; key: string };
      expect(
        (await fetch(url('/account'), { headers: { authorization: `Bearer ${goneKey.key}` } }))
          .status,
      ).toBe(200);
      const invited = await postAsGone('/account/invitations', {
        email: 'gone.again@elsewhere.example',
      });
      expect(invited.status).toBe(201);
      const goneInvitation = (await invited.json()) as { id: number; link: string };
      /** A reset link staff make for a person: its secret. */
      const resetLink = async (personId: number) => {
        const response = await fetch(url(`/admin/people/${personId}/password-reset`), {
          method: 'POST',
          headers: staff,
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { link: string }).link.split('#')[1] ?? '';
      };
      const goneReset = await resetLink(deactivated.personId);
      // An older reset link, ended by the newer one.
      const olderReset = await resetLink(kept.personId);
      const newerReset = await resetLink(kept.personId);

      // Acknowledged, then the process dies at once.
      const out = await fetch(url('/session'), {
        method: 'DELETE',
        headers: { cookie: signedOut.cookie, origin },
      });
      expect(out.status).toBe(204);
      const gone = await fetch(url(`/admin/people/${deactivated.personId}/deactivate`), {
        method: 'POST',
        headers: { authorization: `Bearer ${staffKey}` },
      });
      expect(gone.status).toBe(200);
      await run.kill();

      await run.restart();
      const statusWith = async (cookie: string) =>
        (await fetch(url('/session'), { headers: { cookie } })).status;
      expect(await statusWith(signedOut.cookie)).toBe(401);
      expect(await statusWith(deactivated.cookie)).toBe(401);
      expect(await statusWith(kept.cookie)).toBe(200);
      const signIn = await fetch(url('/session'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'gone@acme.example', password: PASSWORD }),
      });
      expect(signIn.status).toBe(401);
      // The key the deactivated person made is refused and listed revoked.
      expect(
        (await fetch(url('/account'), { headers: { authorization: `Bearer ${goneKey.key}` } }))
          .status,
      ).toBe(401);
      const keys = (await (
        await fetch(url(`/admin/accounts/${accountId}/keys?limit=100`), { headers: staff })
      ).json()) as { id: number; revokedAt: string | null }[];
      expect(keys.find((key) => key.id === goneKey.id)?.revokedAt).toEqual(expect.any(String));
      // Their invitation is no longer open, and lets nobody in.
      const open = (await (
        await fetch(url(`/admin/accounts/${accountId}/invitations?limit=100`), { headers: staff })
      ).json()) as { id: number }[];
      expect(open.map((invitation) => invitation.id)).not.toContain(goneInvitation.id);
      const events = (await (
        await fetch(url('/admin/audit?limit=100'), { headers: staff })
      ).json()) as AuditEvent[];
      const count = (action: string) => events.filter((event) => event.action === action).length;
      expect(count('session.ended')).toBe(1);
      expect(count('person.deactivated')).toBe(1);
      expect(count('person.joined')).toBe(3);
      expect(count('key.revoked')).toBe(1);
      expect(count('invitation.revoked')).toBe(1);
      // Links last: using one changes what is read above.
      const use = (path: string, body: object) =>
        fetch(url(path), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const joinAgain = await use('/invitations/accept', {
        token: goneInvitation.link.split('#')[1],
        name: 'Gone again',
        password: PASSWORD,
      });
      expect(joinAgain.status).toBe(400);
      const newPassword = 'a password after the restart';
      expect(
        (await use('/password-resets/accept', { token: goneReset, password: newPassword })).status,
      ).toBe(400);
      expect(
        (await use('/password-resets/accept', { token: olderReset, password: newPassword })).status,
      ).toBe(400);
      expect(
        (await use('/password-resets/accept', { token: newerReset, password: newPassword })).status,
      ).toBe(204);
    } finally {
      await run.end();
    }
  }, 180_000);
});

/**
 * kill -9 of the built server while people sign in, are invited and join, change their password and
 * reset it with a link, beside partners and staff writing pets; then a restart. What each answer
 * acknowledged is there exactly once (`PeopleLedger.check`: sessions that work, passwords as
 * answered, links used once, one audit event each), and what got no answer is there whole or not at
 * all; the pets as `checkLedger` asks.
 */
describe.each(ENGINES)("people's writes acknowledged before a kill -9, on %s", (engine) => {
  it('are there once after the restart: sessions, invitations, people joined, passwords changed and reset', async () => {
    const database = await freshDatabaseUrl(engine);
    const account = durableAccount(database.url, 0);
    // Sign-ins and links come from many addresses (X-Forwarded-For), each under its own limits.
    const env = { ...account.env, TRUST_PROXY: '127.0.0.1' };
    const { accountId } = createAccountKey(env, { name: 'Acme', role: 'partner', ...UNLIMITED });
    const run = new CrashRun(database);
    const pets = new WriteLedger(() => run.baseUrl, account, 'Crash');
    const people = new PeopleLedger(() => run.baseUrl, account.key, accountId);
    try {
      await run.start(env);
      const signers = [await people.join('signer-1'), await people.join('signer-2')];
      const inviter = await people.join('inviter');
      const changer = await people.join('changer');
      const resetter = await people.join('resetter');
      const joined = people.counts.signIns;
      const { halt } = run;
      run.load(
        pets.run(2, halt, false, 1),
        ...signers.map((signer) => people.signIns(signer, halt)),
        people.invites(inviter, halt),
        people.passwordChanges(changer, halt),
        people.passwordResets(resetter, halt),
      );
      // Every kind acknowledged a few times, the streams still going: the kill lands on their heels.
      const busy = await phase(() => {
        const counts = people.counts;
        return (
          counts.signIns - joined >= 12 &&
          counts.invitations >= 4 &&
          counts.accepted >= 2 &&
          counts.changes >= 2 &&
          counts.resets >= 2 &&
          pets.acknowledged.size >= 10 &&
          people.inFlight('change') &&
          people.inFlight('reset')
        );
      }, 40_000);
      // A change and a reset are on their way: the kill lands before, during or after their commit.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
      await run.kill();
      expect(busy, `acknowledged before the kill: ${JSON.stringify(people.counts)}`).toBe(true);

      await run.restart();
      await people.check();
      await checkLedger(pets, run.baseUrl, account.spare);
    } finally {
      await run.end();
    }
  }, 180_000);
});
