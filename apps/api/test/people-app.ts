/**
 * What the tests of people, sessions and invitations set up alike: the app with a staff account and
 * a partner account (one key each), the password people sign in with, the session cookie of an
 * answer, and the audit trail as staff read it.
 */
import type { AuditEvent } from '@pets/contract';
import { createTestApp, type Engine, type TestApp } from './test-app.js';

/** The password the tests' people choose. */
export const PASSWORD = 'correct horse battery staple 9';

/** `app.inject` sends `Host: localhost:80`; a browser's Origin leaves out the default port. */
export const OWN_ORIGIN = 'http://localhost';

/** An account's id and its key. */
export interface AccountKey {
  key: string;
  accountId: number;
}

/**
 * The app on `engine`, with a staff account (limits no test meets) and a partner account on the
 * Pro plan, each with one key; `env` adds to the environment.
 */
export async function createPeopleTestApp(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; staff: AccountKey; partner: AccountKey }> {
  const t = await createTestApp({ engine, env });
  const staff = await t.createKey({
    name: 'Staff',
    plan: 'enterprise',
    role: 'staff',
    limits: { perMinute: 10_000, perDay: 100_000 },
  });
  const partner = await t.createKey({ name: 'Acme', plan: 'pro', role: 'partner' });
  return { t, staff, partner };
}

/** The `name=value` of the cookie an answer sets (the session's), or `''` when it sets none. */
export const cookieOf = (response: { headers: Record<string, unknown> }): string =>
  /^([^;]*);/.exec(String(response.headers['set-cookie']))?.[1] ?? '';

/** The audit trail's latest 100 events of `action`, read with a staff key. */
export async function auditEvents(
  t: TestApp,
  staffKey: string,
  action: string,
): Promise<AuditEvent[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/admin/audit?limit=100',
    headers: { authorization: `Bearer ${staffKey}` },
  });
  return response.json<AuditEvent[]>().filter((event) => event.action === action);
}

/** Signs in as `email` (from the address every `app.inject` comes from); the answer. */
export const signInAs = (t: TestApp, email: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/session',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
