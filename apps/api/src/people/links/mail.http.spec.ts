// Invitations and password resets e-mailed through a real SMTP server (smtp-server on a loopback
// port), on both engines: the answer says where the link went and never holds it; the person reads
// it in the mail and uses it; an email that has a person gets a note, not a link, and the same
// answer; a mail server that refuses is 503 with Retry-After; the CLI sends too.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Invitation, PasswordResetLink, PROBLEMS } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServer, type ReceivedMail, startMailServer } from '../../../test/mail-server.js';
import {
  auditEvents,
  cookieOf,
  usePeopleApp,
  PASSWORD,
  signInAs,
} from '../../../test/people-app.js';
import { createTestApp, ENGINES, freshDatabaseUrl } from '../../../test/test-app.js';

/** Where links in mail point, whatever Host a request came with. */
const PUBLIC_URL = 'https://pets.example.com';
const MAIL_FROM = 'Pet Store <pets@pets.example.com>';
/** A link's secret, wherever it appears. */
const SECRET = /#[A-Za-z0-9_-]{43}/;

/** The one link in a mail's text, which must be the same in its HTML. */
const linkIn = (mail: ReceivedMail): string => {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const [link = ''] = links;
  expect(mail.html).toContain(`<a href="${link}">`);
  return link;
};
const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

describe.each(ENGINES)('links e-mailed with SMTP_URL, on %s (docs/staff/sign-in.md)', (engine) => {
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
  });
  // Closed before the mail server (the last hook registered runs first after the tests).
  const { t, staff, partner } = usePeopleApp(engine, () => ({
    SMTP_URL: mail.url,
    MAIL_FROM,
    PUBLIC_URL,
  }));

  /** Nothing of a link in an answer: not in its body, not in a header. */
  const expectNoLink = (response: { body: string; headers: Record<string, unknown> }) => {
    expect(response.body).not.toMatch(SECRET);
    expect(response.body).not.toContain('/admin/welcome');
    expect(response.body).not.toContain('/admin/set-password');
    expect(JSON.stringify(response.headers)).not.toMatch(SECRET);
  };

  it('e-mails an invitation: the answer says where, the person opens the link and joins', async () => {
    // The link's address is PUBLIC_URL's, never the Host a request names.
    const response = await t
      .as(staff.key)
      .post(
        `/v1/admin/accounts/${partner.accountId}/invitations`,
        { email: 'Ann@Acme.example' },
        { host: 'evil.example' },
      );
    expect(response.statusCode).toBe(201);
    expectNoLink(response);
    const invitation = Invitation.parse(response.json());
    expect(invitation).toEqual({
      id: expect.any(Number) as number,
      accountId: partner.accountId,
      email: 'Ann@Acme.example',
      expiresAt: '2026-11-28T12:00:00.000Z',
      delivery: 'email',
      sentTo: 'Ann@Acme.example',
    });

    const sent = await mail.next();
    expect(sent.from).toBe('pets@pets.example.com');
    // The mail server's envelope has the domain in lower case.
    expect(sent.to).toEqual(['Ann@acme.example']);
    expect(sent.subject).toBe('Staff invited you to Acme on Pet Store');
    expect(sent.text).toContain('Staff invited you to join Acme on Pet Store.');
    expect(sent.text).toContain('It works once, until 28 November 2026, 12:00 UTC');
    const link = linkIn(sent);
    expect(link).toMatch(/^https:\/\/pets\.example\.com\/admin\/welcome#[A-Za-z0-9_-]{43}$/);

    const accepted = await t.as().post('/v1/invitations/accept', {
      token: tokenOf(link),
      name: 'Ann',
      password: PASSWORD,
    });
    expect(accepted.statusCode).toBe(204);
    expect((await signInAs(t, 'ann@acme.example')).statusCode).toBe(204);
    // The audit trail names whom, never the link.
    expect(JSON.stringify(await auditEvents(t, staff.key, 'person.invited'))).not.toContain(
      tokenOf(link),
    );
  });

  it('names the person who invited, and answers the same for an email that already has a person', async () => {
    await t.createPerson(partner.accountId, {
      email: 'bob@acme.example',
      password: PASSWORD,
      name: 'Bob Builder',
    });
    const cookie = cookieOf(await signInAs(t, 'bob@acme.example'));
    const invite = (email: string) =>
      // With PUBLIC_URL, the admin app's origin is its.
      t.as({ cookie, origin: PUBLIC_URL }).post('/v1/account/invitations', { email });

    const fresh = await invite('cy@acme.example');
    expect(fresh.json()).toMatchObject({ delivery: 'email' });
    const freshMail = await mail.next();
    // ann@ has a person (the test before): the same answer, and a note instead of a link.
    const taken = await invite('ann@acme.example');
    const takenMail = await mail.next();
    for (const response of [fresh, taken]) {
      expect(response.statusCode).toBe(201);
      expectNoLink(response);
    }
    expect(Object.keys(taken.json<object>()).sort()).toEqual(
      Object.keys(fresh.json<object>()).sort(),
    );
    expect(taken.json()).toMatchObject({ delivery: 'email', sentTo: 'ann@acme.example' });
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    expect(freshMail.subject).toBe('Bob Builder invited you to Acme on Pet Store');
    expect(linkIn(freshMail)).toMatch(/\/admin\/welcome#/);
    expect(takenMail.to).toEqual(['ann@acme.example']);
    expect(takenMail.subject).toBe('Bob Builder invited you to Acme on Pet Store');
    expect(takenMail.text).toContain('there is nothing to accept');
    expect(takenMail.text).not.toMatch(/https?:\/\//);
  });

  it('e-mails a reset link to the person, who chooses a new password with it', async () => {
    const { personId } = await t.createPerson(partner.accountId, {
      email: 'dee@acme.example',
      password: PASSWORD,
    });
    const made = await t.as(staff.key).post(`/v1/admin/people/${personId}/password-reset`, {});
    expect(made.statusCode).toBe(201);
    expectNoLink(made);
    expect(PasswordResetLink.parse(made.json())).toEqual({
      personId,
      expiresAt: '2026-11-21T13:00:00.000Z',
      delivery: 'email',
      sentTo: 'dee@acme.example',
    });
    const sent = await mail.next();
    expect(sent.to).toEqual(['dee@acme.example']);
    expect(sent.subject).toBe('Choose a new password for Pet Store');
    expect(sent.text).toContain('until 21 November 2026, 13:00 UTC');
    const link = linkIn(sent);
    expect(link).toMatch(/^https:\/\/pets\.example\.com\/admin\/set-password#[A-Za-z0-9_-]{43}$/);
    const newPassword = 'a brand new long passphrase';
    const used = await t.as().post('/v1/password-resets/accept', {
      token: tokenOf(link),
      password: newPassword,
    });
    expect(used.statusCode).toBe(204);
    expect((await signInAs(t, 'dee@acme.example', newPassword)).statusCode).toBe(204);
  });

  it('answers 503 with Retry-After when the mail server refuses: nothing shown, retrying works', async () => {
    mail.refuse = true;
    let refused;
    try {
      refused = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${partner.accountId}/invitations`, { email: 'eve@acme.example' });
    } finally {
      mail.refuse = false;
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject(PROBLEMS.mailUnavailable);
    expectNoLink(refused);

    const again = await t
      .as(staff.key)
      .post(`/v1/admin/accounts/${partner.accountId}/invitations`, { email: 'eve@acme.example' });
    expect(again.statusCode).toBe(201);
    const sent = await mail.next();
    expect(sent.to).toEqual(['eve@acme.example']);
    const accepted = await t.as().post('/v1/invitations/accept', {
      token: tokenOf(linkIn(sent)),
      name: 'Eve',
      password: PASSWORD,
    });
    expect(accepted.statusCode).toBe(204);
  });

  it('never logs a link or its secret', () => {
    expect(mail.messages.length).toBeGreaterThan(3);
    const logs = t.rawLogs.join('\n');
    expect(logs).not.toMatch(SECRET);
    for (const message of mail.messages)
      for (const link of message.text.match(/https?:\/\/\S+/g) ?? [])
        expect(logs).not.toContain(tokenOf(link));
  });
});

describe('an invitation of single sign-on e-mailed (docs/staff/sign-in.md)', () => {
  it('sends the sign-in page, not a secret: such a person joins by signing in with the provider', async () => {
    const mail = await startMailServer();
    const database = await freshDatabaseUrl('sqlite');
    // OIDC_ACCOUNT_ID must name an account at start: made first, then the app started with it.
    const setup = await createTestApp({ databaseUrl: database.url });
    const staff = await setup.createKey({ name: 'Staff', role: 'staff', plan: 'pro' });
    const acme = await setup.createKey({ name: 'Acme', plan: 'pro' });
    await setup.app.close();
    const t = await createTestApp({
      databaseUrl: database.url,
      env: {
        SMTP_URL: mail.url,
        MAIL_FROM,
        PUBLIC_URL,
        // Never reached: inviting does not ask the provider anything.
        OIDC_ISSUER: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'pets',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_ALLOWED_DOMAINS: 'acme.example',
        OIDC_ACCOUNT_ID: String(acme.accountId),
        OIDC_PROVIDER_NAME: 'Acme SSO',
      },
    });
    try {
      const response = await t
        .as(staff.key)
        .post(`/v1/admin/accounts/${acme.accountId}/invitations`, { email: 'cfo@acme.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ delivery: 'email', sentTo: 'cfo@acme.example' });
      const sent = await mail.next();
      expect(sent.text).toContain('choose "Sign in with Acme SSO" to join');
      expect(linkIn(sent)).toBe(`${PUBLIC_URL}/admin/sign-in`);
      expect(sent.raw).not.toMatch(SECRET);
    } finally {
      await t.close();
      await mail.close();
      if (database.dir) rmSync(database.dir, { recursive: true, force: true });
    }
  });
});

describe('npm run keys with SMTP_URL (docs/staff/sign-in.md)', () => {
  const CLI = fileURLToPath(new URL('../../../dist/bundle/keys.js', import.meta.url));
  let mail: MailServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    mail = await startMailServer();
    const database = await freshDatabaseUrl('sqlite');
    env = {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      SMTP_URL: mail.url,
      MAIL_FROM,
      PUBLIC_URL,
    };
  });
  afterAll(async () => {
    await mail.close();
  });

  /** The CLI as a process, not blocking this one: the mail server here answers it meanwhile. */
  const keys = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => {
        resolve({ code, stdout, stderr });
      });
    });

  it('sends the invitation and says where, never printing the link', async () => {
    const account = await keys(
      'accounts',
      'create',
      '--name',
      'Acme',
      '--plan',
      'pro',
      '--json',
      '--create-database',
    );
    expect(account.code).toBe(0);
    const accountId = String((JSON.parse(account.stdout) as { id: number }).id);
    const invited = await keys(
      'people',
      'invite',
      '--account',
      accountId,
      '--email',
      'fay@a.example',
    );
    expect(invited.stderr).toBe('');
    expect(invited.code).toBe(0);
    expect(invited.stdout).toMatch(
      new RegExp(
        `^Invited fay@a\\.example to account ${accountId}: the link was sent to fay@a\\.example;`,
      ),
    );
    expect(invited.stdout).not.toMatch(SECRET);
    const sent = await mail.next();
    expect(sent.to).toEqual(['fay@a.example']);
    expect(sent.subject).toBe('The Pet Store staff invited you to Acme on Pet Store');
    expect(linkIn(sent)).toMatch(/^https:\/\/pets\.example\.com\/admin\/welcome#/);
  }, 60_000);
});
