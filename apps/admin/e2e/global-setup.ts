/**
 * Starts the browser tests' world once: the built API (serving the built admin app) on a fresh
 * database, with staff, partner and limited partner accounts, their keys and people who sign in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, createAccountKey, inviteWithCli, startServer } from '@pets/services';
import type { TestProject } from 'vitest/node';
import { DOCS_SCREENSHOTS_ENV, settleDocsScreenshots } from './docs-screenshots.js';

/** What the people made here sign in with (12 characters or more, not a common password). */
export const E2E_PASSWORD = 'pets e2e pass phrase';

/** The secret of a one-time link: what follows `#`. */
export const tokenOf = (link: string): string => new URL(link).hash.slice(1);

/**
 * Joins with an invitation's link through `POST /v1/invitations/accept`, as the welcome page does
 * (`headers`: a client address of its own, say); the API's answer (204 when joined).
 */
export const acceptInvitation = (
  baseUrl: string,
  link: string,
  joining: { name: string; password: string },
  headers: Record<string, string> = {},
): Promise<Response> =>
  fetch(`${baseUrl}/v1/invitations/accept`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ token: tokenOf(link), ...joining }),
  });

/**
 * The real API (built, serving the built admin app) on a fresh database, with a staff account, a
 * partner and a tightly limited partner, each with a key (to seed data through the API) and a
 * person who signs in to the admin: invited with the CLI (`people invite`), joined through
 * `POST /v1/invitations/accept`, as a person would. Debian's Chromium is checked to be there.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  chromiumPath();
  const dir = mkdtempSync(join(tmpdir(), 'pets-admin-e2e-'));
  const env = {
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
    NODE_ENV: 'test',
    // Behind a proxy on the same host, as the API is deployed: each browser context and test
    // call forwards a client address of its own (browser.ts), so no file runs into another's
    // 60 requests a minute without a key.
    TRUST_PROXY: '127.0.0.1',
    // Webhooks go to a receiver the test runs on loopback (webhooks.e2e.ts), over plain http.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_SECRETS_KEY: 'admin-e2e-webhook-secrets-key-of-this-run-only',
  };
  const staff = createAccountKey(env, {
    name: 'Staff',
    plan: 'enterprise',
    role: 'staff',
    perMinute: 100_000,
    perDay: 1_000_000,
  });
  const limited = createAccountKey(env, {
    name: 'Tiny Pets',
    plan: 'enterprise',
    perMinute: 4,
    perDay: 1_000,
  });
  const partner = createAccountKey(env, {
    name: 'Zoo Shop',
    plan: 'enterprise',
    perMinute: 100_000,
    perDay: 1_000_000,
  });
  const people = {
    staff: { accountId: staff.accountId, email: 'sam@staff.example', name: 'Sam Staff' },
    partner: { accountId: partner.accountId, email: 'zoe@zoo.example', name: 'Zoe Zoo' },
    limited: { accountId: limited.accountId, email: 'tim@tiny.example', name: 'Tim Tiny' },
  };
  const links = Object.fromEntries(
    Object.entries(people).map(([who, { accountId, email }]) => [
      who,
      inviteWithCli(env, accountId, email),
    ]),
  );

  const server = await startServer(env);
  // Plain HTTP on 127.0.0.1: Chromium keeps the API's `Secure` `__Host-` cookie there, as on
  // localhost, both being potentially trustworthy origins (checked: it does, Chromium 156).
  const { baseUrl } = server;
  for (const [who, person] of Object.entries(people)) {
    const accepted = await acceptInvitation(baseUrl, links[who] ?? '', {
      name: person.name,
      password: E2E_PASSWORD,
    });
    if (accepted.status !== 204)
      throw new Error(
        `${person.email} could not join: ${accepted.status} ${await accepted.text()}`,
      );
  }

  project.provide('e2e', {
    baseUrl,
    env,
    staffKey: staff.key,
    partnerKey: partner.key,
    limitedKey: limited.key,
    people: {
      staff: { ...people.staff, password: E2E_PASSWORD },
      partner: { ...people.partner, password: E2E_PASSWORD },
      limited: { ...people.limited, password: E2E_PASSWORD },
    },
  });
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
    if (process.env[DOCS_SCREENSHOTS_ENV]) {
      const missing = settleDocsScreenshots(started);
      if (missing.length > 0) {
        // Thrown here, the error would be logged and the run would still exit 0.
        console.error(`The guides' screenshots not taken by this run: ${missing.join(', ')}`);
        process.exitCode = 1;
      }
    }
  };
}

/** A person who signs in to the admin. */
export interface E2ePerson {
  accountId: number;
  email: string;
  name: string;
  password: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      /** The API and the admin, at `http://127.0.0.1:<port>`. */
      baseUrl: string;
      /** The API's environment, for the CLI (`people invite`, `people reset`). */
      env: Record<string, string>;
      staffKey: string;
      partnerKey: string;
      limitedKey: string;
      people: { staff: E2ePerson; partner: E2ePerson; limited: E2ePerson };
    };
  }
}
