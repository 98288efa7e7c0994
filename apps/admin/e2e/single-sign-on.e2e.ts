/**
 * Single sign-on in Chromium against real parts: a real OpenID Connect provider (oidc-provider on a
 * loopback port) and an API of this file's own, started with the OIDC settings. A person of an
 * allowed domain clicks "Sign in with Acme SSO", signs in at the provider and lands signed in; an
 * unverified email and a domain not allowed come back to the sign-in page with the sentence.
 */
import { SINGLE_SIGN_ON_FAILURES } from '@pets/contract';
import { createAccountKey, type OidcProviderServer, startOidcProvider } from '@pets/services';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { collectErrors, expectAccessible, it, screenshot } from './browser.js';
import { OwnApi } from './own-api.js';

describe('single sign-on in Chromium (docs/staff/sign-in.md)', () => {
  const api = new OwnApi('pets-sso-e2e-', '127.0.0.1');
  let baseUrl: string;
  let provider: OidcProviderServer;
  let acmeAccountId: number;

  beforeAll(async () => {
    await api.prepare();
    baseUrl = api.baseUrl;
    provider = await startOidcProvider({ redirectUris: [`${baseUrl}/v1/session/oidc/callback`] });
    api.onStop(() => provider.stop());
    provider.users.set('nia', { email: 'nia@acme.example', email_verified: true, name: 'Nia New' });
    provider.users.set('uma', { email: 'uma@acme.example', email_verified: false, name: 'Uma' });
    provider.users.set('sam', { email: 'sam@elsewhere.example', email_verified: true });
    acmeAccountId = createAccountKey(api.env, { name: 'Acme', plan: 'pro' }).accountId;
    await api.start({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'acme.example',
      OIDC_ACCOUNT_ID: String(acmeAccountId),
      OIDC_PROVIDER_NAME: 'Acme SSO',
    });
  });
  afterAll(() => api.stop());

  /** A fresh browser (no cookie of ours or the provider's), on the sign-in page. */
  const openSignIn = async (page: Page): Promise<Page> => {
    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    return page;
  };
  /**
   * The API's cookies the browser keeps. Cookies go by host, not port: the provider's own
   * (`_session`, on 127.0.0.1 too) are left out.
   */
  const ourCookies = async (page: Page) =>
    (await page.context().cookies(baseUrl))
      .map((cookie) => cookie.name)
      .filter((name) => name.startsWith('__Host-pets'))
      .sort();
  /** Clicks the provider's button and signs in on its page as `login`. */
  const signInAtProvider = async (page: Page, login: string) => {
    await page.getByRole('link', { name: 'Sign in with Acme SSO' }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  };

  it('a new person of an allowed domain signs in with the provider and lands signed in, a partner of Acme', async ({
    pages,
  }) => {
    const page = await openSignIn(await pages.desktop({ baseUrl }));
    const errors = collectErrors(page);
    const button = page.getByRole('link', { name: 'Sign in with Acme SSO' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('/v1/session/oidc');
    await expectAccessible(page, 'the sign-in page with single sign-on');
    await screenshot(page, 'single-sign-on-sign-in-page');

    await signInAtProvider(page, 'nia');
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/admin/pets');
    await page.getByText('Nia New').first().waitFor();
    await expect.poll(() => page.getByText('Acme').first().isVisible()).toBe(true);
    // The session cookie is the API's, HttpOnly: the page cannot read it; the sign-in cookie is gone.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await ourCookies(page)).toEqual(['__Host-pets_session']);
    const session = await page.evaluate(async () => {
      const response = await fetch('/v1/session');
      return (await response.json()) as {
        person: { email: string; accountId: number };
        account: { role: string };
        hasPassword: boolean;
      };
    });
    expect(session).toMatchObject({
      person: { email: 'nia@acme.example', accountId: acmeAccountId },
      account: { role: 'partner' },
      hasPassword: false,
    });
    await expectAccessible(page, 'the pets page after single sign-on');
    await screenshot(page, 'single-sign-on-signed-in');

    // A session like any: signing out ends it, and its cookie is refused.
    const cookie = (await page.context().cookies(baseUrl)).find(
      (each) => each.name === '__Host-pets_session',
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    const refused = await fetch(`${baseUrl}/v1/session`, {
      headers: { cookie: `__Host-pets_session=${cookie?.value ?? ''}` },
    });
    expect(refused.status).toBe(401);
    // The provider's development page asks for a web font and a favicon it does not have: its own.
    expect(
      errors.filter(
        (error) => !error.includes(provider.issuer) && !error.includes('fonts.googleapis.com'),
      ),
    ).toEqual([]);
    await page.context().close();
  });

  it('an email the provider has not verified comes back to the sign-in page with the sentence', async ({
    pages,
  }) => {
    const page = await openSignIn(await pages.desktop({ baseUrl }));
    await signInAtProvider(page, 'uma');
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/admin/sign-in');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(SINGLE_SIGN_ON_FAILURES.email_not_verified);
    // The reason is said once: the address loses it.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await ourCookies(page)).toEqual([]);
    await expectAccessible(page, 'the sign-in page saying why single sign-on failed');
    await screenshot(page, 'single-sign-on-email-not-verified');
    await page.context().close();
  });

  it('an email outside the allowed domains comes back with the sentence, on a phone too', async ({
    pages,
  }) => {
    const page = await openSignIn(await pages.phone({ baseUrl }));
    await signInAtProvider(page, 'sam');
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/admin/sign-in');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(SINGLE_SIGN_ON_FAILURES.domain_not_allowed);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await ourCookies(page)).toEqual([]);
    await expectAccessible(page, 'the sign-in page on a phone, saying why');
    await screenshot(page, 'single-sign-on-domain-not-allowed-phone');
    await page.context().close();
  });
});
