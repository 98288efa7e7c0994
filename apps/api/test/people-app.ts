/**
 * What the tests of people, sessions and invitations set up alike: the app with a staff account and
 * a partner account (one key each), the password people sign in with, the session cookie of an
 * answer, and the audit trail as staff read it.
 */
import type { AuditEvent } from '@pets/contract';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import {
  createTestApp,
  type Engine,
  FakeClock,
  freshDatabaseUrl,
  type TestApp,
} from './test-app.js';
import { standIn } from './instances.js';

/** The password the tests' people choose. */
export const PASSWORD = 'correct horse battery staple 9';

/** `app.inject` sends `Host: localhost:80`; a browser's Origin leaves out the default port. */
export const OWN_ORIGIN = 'http://localhost';

/** An account's id and its key. */
export interface AccountKey {
  key: string;
  accountId: number;
}

/** The staff account of these tests, with limits no test meets. */
export const STAFF_ACCOUNT = {
  name: 'Staff',
  plan: 'enterprise',
  role: 'staff',
  limits: { perMinute: 10_000, perDay: 100_000 },
} as const;

/** The partner account whose people the tests sign in. */
export const ACME_ACCOUNT = { name: 'Acme', plan: 'pro', role: 'partner' } as const;

/**
 * The app on `engine`, with a staff account (limits no test meets) and a partner account on the
 * Pro plan, each with one key; `env` adds to the environment.
 */
export async function createPeopleTestApp(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<{ t: TestApp; staff: AccountKey; partner: AccountKey }> {
  const t = await createTestApp({ engine, env });
  const staff = await t.createKey(STAFF_ACCOUNT);
  const partner = await t.createKey(ACME_ACCOUNT);
  return { t, staff, partner };
}

/** The app of `createPeopleTestApp` as a suite sees it: ready in its tests, closed after them. */
export interface PeopleApp {
  t: TestApp;
  staff: AccountKey;
  partner: AccountKey;
}

/**
 * `createPeopleTestApp(engine, env())` before the suite's tests and closed after them, as
 * `const { t, staff, partner } = usePeopleApp(engine)` in a `describe`: `t` stands for the app
 * (it may not be used before the tests run), `staff` and `partner` are filled in before them.
 * `env` is read when the app starts, so it may name what an earlier `beforeAll` started.
 */
export function usePeopleApp(
  engine: Engine,
  env: () => Record<string, string> = () => ({}),
): PeopleApp {
  const t = standIn<TestApp>();
  const staff = {} as AccountKey;
  const partner = {} as AccountKey;
  beforeAll(async () => {
    const made = await createPeopleTestApp(engine, env());
    t.set(made.t);
    Object.assign(staff, made.staff);
    Object.assign(partner, made.partner);
  });
  afterAll(async () => {
    await t.made()?.close();
  });
  return { t: t.value, staff, partner };
}

/**
 * Two instances of the app on one fresh PostgreSQL database, started before the suite's tests and
 * closed after them, sharing one clock and Redis database `redisDatabase` (one of the suite's own,
 * so no other test's counters meet these): `const { a, b, clock } = useTwoInstances(5)`.
 */
export function useTwoInstances(redisDatabase: number): {
  a: TestApp;
  b: TestApp;
  clock: FakeClock;
} {
  const clock = new FakeClock();
  const a = standIn<TestApp>();
  const b = standIn<TestApp>();
  beforeAll(async () => {
    const { url } = await freshDatabaseUrl('postgres');
    const env = { REDIS_URL: `${inject('redisUrl')}/${redisDatabase}` };
    a.set(await createTestApp({ engine: 'postgres', databaseUrl: url, clock, env }));
    b.set(await createTestApp({ engine: 'postgres', databaseUrl: url, clock, env }));
  });
  afterAll(async () => {
    await a.made()?.close();
    await b.made()?.close();
  });
  return { a: a.value, b: b.value, clock };
}

/** The `name=value` of the cookie an answer sets (the session's), or `''` when it sets none. */
export const cookieOf = (response: { headers: Record<string, unknown> }): string =>
  /^([^;]*);/.exec(String(response.headers['set-cookie']))?.[1] ?? '';

/**
 * A session's headers, as a browser sends them: its cookie (none when `''`) and the API's own
 * Origin (or `origin`; none when null), for `t.as(session(cookie))`.
 */
export const session = (
  cookie: string,
  origin: string | null = OWN_ORIGIN,
): Record<string, string> => ({
  ...(cookie === '' ? {} : { cookie }),
  ...(origin === null ? {} : { origin }),
});

/** The audit trail's latest 100 events of `action`, read with a staff key. */
export async function auditEvents(
  t: TestApp,
  staffKey: string,
  action: string,
): Promise<AuditEvent[]> {
  const response = await t.as(staffKey).get('/v1/admin/audit?limit=100');
  return response.json<AuditEvent[]>().filter((event) => event.action === action);
}

/** A partner account `account` on the Pro plan and its person `email`, who signs in with PASSWORD. */
export async function aPartnerPerson(
  t: TestApp,
  account: string,
  email: string,
): Promise<{ accountId: number; personId: number }> {
  const { accountId } = await t.createKey({ name: account, plan: 'pro', role: 'partner' });
  const { personId } = await t.createPerson(accountId, { email, password: PASSWORD });
  return { accountId, personId };
}

/** Signs in as `email` (from the address every `app.inject` comes from); the answer. */
export const signInAs = (t: TestApp, email: string, password = PASSWORD) =>
  t.as().post('/v1/session', { email, password });

/** Signs in as `email`, which must succeed; the session's cookie. */
export async function signedInAs(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await signInAs(t, email, password);
  expect(response.statusCode).toBe(204);
  return cookieOf(response);
}
