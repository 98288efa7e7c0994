import { rmSync } from 'node:fs';
import type { AuditEvent } from '@pets/contract';
import { createAccountKey, keysCli, type ServerProcess, startServer } from '@pets/services';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshDatabaseUrl } from '../test/test-app.js';

const PASSWORD = 'correct horse battery staple 9';

/**
 * kill -9 of the built server right after sign-outs and a deactivation were acknowledged, then a
 * restart: every acknowledged end of a session stays ended (decisions §15: "also after a restart"),
 * the deactivated person cannot sign in, and a session nobody ended still works, recorded once.
 */
describe.each(ENGINES)('sessions ended before a kill -9, on %s', (engine) => {
  it('stay ended after the restart, each recorded once; the others still work', async () => {
    const database = await freshDatabaseUrl(engine);
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url };
    const limits = { plan: 'enterprise', perMinute: 10_000_000, perDay: 100_000_000 };
    const { key: staffKey } = createAccountKey(env, { name: 'Staff', role: 'staff', ...limits });
    const { accountId } = createAccountKey(env, { name: 'Acme', role: 'partner', ...limits });
    let server: ServerProcess = await startServer(env);
    try {
      const url = (path: string) => `${server.baseUrl}/v1${path}`;
      const origin = new URL(server.baseUrl).origin;
      /** Invites a person with the CLI and accepts over HTTP: their session cookie and id. */
      const person = async (email: string) => {
        const { link } = keysCli(
          env,
          'people',
          'invite',
          '--account',
          String(accountId),
          '--email',
          email,
        ) as { link: string };
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
      server.child.kill('SIGKILL');
      await server.exited;

      server = await startServer(env);
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
      const events = (await (
        await fetch(url('/admin/audit?limit=100'), {
          headers: { authorization: `Bearer ${staffKey}` },
        })
      ).json()) as AuditEvent[];
      const count = (action: string) => events.filter((event) => event.action === action).length;
      expect(count('session.ended')).toBe(1);
      expect(count('person.deactivated')).toBe(1);
      expect(count('person.joined')).toBe(3);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    }
  }, 60_000);
});
