/**
 * Passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn domain:
 * CTAP2, internal, resident keys, user verification), against an API of this file's own. WebAuthn
 * wants a domain, not an IP address, as the RP ID: the API runs with PUBLIC_URL on localhost and
 * the browser opens the admin there (a potentially trustworthy origin, so the `__Host-` cookie is
 * kept). A person adds a passkey, signs out and signs in with it, typing no password; a removed
 * passkey is refused with the API's sentence; a person removes their password and then signs in
 * with a passkey only.
 */
import { PROBLEMS } from '@pets/contract';
import { createAccountKey, inviteWithCli } from '@pets/services';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { collectErrors, expectAccessible, it, type Pages, screenshot } from './browser.js';
import { acceptInvitation, E2E_PASSWORD } from './global-setup.js';
import { OwnApi } from './own-api.js';

describe('passkeys in Chromium with a virtual authenticator (docs/staff/sign-in.md)', () => {
  const api = new OwnApi('pets-passkeys-e2e-', 'localhost');
  let baseUrl: string;
  let accountId: number;

  beforeAll(async () => {
    await api.prepare();
    baseUrl = api.baseUrl;
    accountId = createAccountKey(api.env, {
      name: 'Zoo Shop',
      plan: 'enterprise',
      perMinute: 100_000,
      perDay: 1_000_000,
    }).accountId;
    await api.start();
  });
  afterAll(() => api.stop());

  /** A person of the account, joined through an invitation link with the e2e password. */
  const newPerson = async (email: string, name: string) => {
    const link = inviteWithCli(api.env, accountId, email);
    const joined = await acceptInvitation(baseUrl, link, { name, password: E2E_PASSWORD });
    expect(joined.status).toBe(204);
    return { email, name };
  };

  /** A fresh browser on localhost with a virtual platform authenticator that verifies its user. */
  const openWithAuthenticator = async (
    pages: Pages,
  ): Promise<{
    page: Page;
    cdp: CDPSession;
    authenticatorId: string;
  }> => {
    const page = await pages.desktop({ baseUrl });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { page, cdp, authenticatorId };
  };

  const credentialsOf = async (cdp: CDPSession, authenticatorId: string) =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

  const signInWithPassword = async (page: Page, email: string) => {
    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
  };

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
  };

  const addPasskey = async (page: Page, name: string) => {
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByLabel(/^Passkey name/).fill(name);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText(`Added the passkey ${name}.`).waitFor();
    await section.getByRole('rowheader', { name }).waitFor();
  };

  const session = (page: Page) =>
    page.evaluate(async () => {
      const response = await fetch('/v1/session');
      return response.status === 200
        ? ((await response.json()) as { person: { email: string }; hasPassword: boolean })
        : null;
    });

  it('adds a passkey, signs out, signs in with it and no password; a removed passkey is refused with the sentence', async ({
    pages,
  }) => {
    const person = await newPerson('pat@zoo.example', 'Pat Passkey');
    const { page, cdp, authenticatorId } = await openWithAuthenticator(pages);
    const errors = collectErrors(page);
    await signInWithPassword(page, person.email);
    await addPasskey(page, 'Chromium');
    const made = await credentialsOf(cdp, authenticatorId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await expectAccessible(page, 'the account page with a passkey');
    await screenshot(page, 'passkeys-account');

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Signed in, back on the page the person signed out from.
    await page.waitForURL((url) => url.pathname === '/admin/account');
    // No password was typed: the password field stayed empty.
    expect(await session(page)).toMatchObject({ person: { email: person.email } });
    expect((await credentialsOf(cdp, authenticatorId))[0]?.signCount).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect
      .poll(async () => section.locator('tbody time').count(), { timeout: 5_000 })
      .toBe(2);
    await screenshot(page, 'passkeys-account-used');

    await section.getByRole('button', { name: 'Remove the passkey Chromium' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the passkey Chromium?' });
    await expectAccessible(page, 'the dialog removing a passkey');
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await section.getByText('Removed the passkey Chromium.').waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();

    await signOut(page);
    // The authenticator still holds it; the API no longer knows it.
    expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText(PROBLEMS.passkeyRefused.message).waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/sign-in`);
    expect(await session(page)).toBeNull();
    await expectAccessible(page, 'the sign-in page with a refused passkey');
    await screenshot(page, 'passkeys-refused');
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it('removes the password after a dialog: then only the passkey signs in', async ({ pages }) => {
    const person = await newPerson('nora@zoo.example', 'Nora No Password');
    const { page } = await openWithAuthenticator(pages);
    await signInWithPassword(page, person.email);
    await addPasskey(page, 'Laptop');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(page.getByRole('heading', { name: 'Change your password' }).count()).resolves.toBe(
      1,
    );
    await section.getByRole('button', { name: 'Remove your password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your password?' });
    await expectAccessible(page, 'the dialog removing the password');
    await screenshot(page, 'passkeys-remove-password-dialog');
    await dialog.getByLabel('Current password').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Remove password' }).click();
    await section.getByText(/You have no password/).waitFor();
    expect(await page.getByRole('heading', { name: 'Change your password' }).count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Remove your password' }).count()).toBe(0);
    expect(await session(page)).toMatchObject({ hasPassword: false });
    await expectAccessible(page, 'the account page without a password');
    await screenshot(page, 'passkeys-no-password');

    await signOut(page);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(PROBLEMS.invalidCredentials.message).waitFor();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // Signed in, back on the page the person signed out from.
    await page.waitForURL((url) => url.pathname === '/admin/account');
    expect(await session(page)).toMatchObject({
      person: { email: person.email },
      hasPassword: false,
    });
  });
});
