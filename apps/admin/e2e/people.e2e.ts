/**
 * Browser tests of people signing in (docs/staff/sign-in.md): the sign-in page, the session cookie that
 * no script can read, signing out and a session that ends, joining with an invitation and choosing
 * a new password with a reset link, each page checked with axe-core.
 */
import { keysCli } from '@pets/services';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import {
  callApi,
  newPerson,
  refusedWithin5s,
  SESSION_COOKIE,
  sessionCookieOf,
  sessionStatus,
} from './api.js';
import {
  expectAccessible,
  forwardedFor,
  it,
  screenshot,
  sidewaysScroll,
  signIn,
} from './browser.js';
import { tokenOf } from './global-setup.js';

const { baseUrl, env, staffKey, people } = inject('e2e');

describe('signing in', () => {
  let page: Page;

  it.beforeAll(async ({ pages }) => {
    page = await pages.desktop();
  });

  it('asks for Email and Password only, and is accessible', async () => {
    await page.goto('/admin/pets');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe(
      'password',
    );
    expect(await page.getByLabel(/API key/).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'sign-in');
    await expectAccessible(page, 'the sign-in page');
  });

  it("refuses a wrong password with the API's sentence, and sets no cookie", async () => {
    await page.getByLabel('Email', { exact: true }).fill(people.partner.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The email or the password is not right.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    await screenshot(page, 'sign-in-refused');
    await expectAccessible(page, 'the sign-in page with its refusal');
  });

  it('signs in with the right one, to a cookie no script can read', async () => {
    await page.getByLabel('Password', { exact: true }).fill(people.partner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
    await page.getByRole('heading', { level: 1, name: 'Pets' }).waitFor();
    const cookie = await sessionCookieOf(page.context());
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.getByText('Zoe Zoo').locator('..').textContent()).toBe(
      'Signed in as Zoe Zoo (zoe@zoo.example) · Zoo Shop, partner',
    );
    // A partner: no staff pages in the navigation.
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
  });

  it('signs out to the sign-in page, and the API refuses the old cookie', async () => {
    const before = (await sessionCookieOf(page.context()))?.value ?? '';
    expect(await sessionStatus(before)).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    await page.getByRole('alert').filter({ hasText: 'You have signed out.' }).waitFor();
    expect(await sessionCookieOf(page.context())).toBeUndefined();
    expect(await refusedWithin5s(before)).toBe(401);
    // The old page's address is no way back in.
    await page.goto('/admin/keys');
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
  });
});

describe('a session id the browser brought', () => {
  it('is never the one it is signed in with, and the new one stays across a reload', async ({
    desktop: page,
  }) => {
    const person = await newPerson('brought@zoo.example');
    // As a page of the same site could plant it: an id of the right shape, chosen by someone else.
    const planted = 'Planted0session0id0of0the0right0shape000000';
    // 127.0.0.1 is a secure context: a script of the site may set a Secure cookie of this name.
    await page.goto('/admin/sign-in');
    await page.evaluate((cookie) => {
      document.cookie = cookie;
    }, `${SESSION_COOKIE}=${planted}; Secure; Path=/; SameSite=Lax`);
    expect((await sessionCookieOf(page.context()))?.value).toBe(planted);
    await signIn(page, person);
    const signedIn = (await sessionCookieOf(page.context()))?.value ?? '';
    expect(signedIn).not.toBe(planted);
    expect(signedIn).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionStatus(planted)).toBe(401);
    expect(await sessionStatus(signedIn)).toBe(200);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Pets' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/pets');
    expect((await sessionCookieOf(page.context()))?.value).toBe(signedIn);
  });
});

describe('a session that ends while the app is open', () => {
  it('goes back to sign in at the next call, saying the session ended, then back to the page', async ({
    pages,
  }) => {
    const person = await newPerson('eve@zoo.example');
    const page = await pages.desktop({ as: person });
    const cookie = (await sessionCookieOf(page.context()))?.value ?? '';
    // The page's own first reads (the list, the counts) finish first: one of them refused would
    // take the page to sign in before the click below, and the link would be gone.
    await page.waitForLoadState('networkidle');
    // Signed out elsewhere: the same session ended from outside this tab.
    const ended = await fetch(`${baseUrl}/v1/session`, {
      method: 'DELETE',
      headers: { ...forwardedFor(), cookie: `${SESSION_COOKIE}=${cookie}`, origin: baseUrl },
    });
    expect(ended.status).toBe(204);
    expect(await refusedWithin5s(cookie)).toBe(401);

    // The next call is the click's, or one of the page's own reads that a busy machine left until
    // now: either is refused, and the page goes back to sign in, then back to where it was.
    const clicked = page
      .getByRole('link', { name: 'API keys' })
      .click({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    const returnTo = (await clicked) ? '/admin/keys' : '/admin/pets';
    const said = page.getByRole('alert');
    await said.waitFor();
    expect(await said.textContent()).toMatch(/^The session has ended/);
    await screenshot(page, 'sign-in-session-ended');
    await expectAccessible(page, 'the sign-in page after the session ended');

    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === returnTo);
    await page.context().close();
  });
});

describe('an invitation', () => {
  it('opens the welcome page, takes the secret out of the address, and signs the person in', async ({
    pages,
  }) => {
    const invited = await callApi(
      staffKey,
      `/admin/accounts/${people.partner.accountId}/invitations`,
      { method: 'POST', body: { email: 'ivy@zoo.example' } },
    );
    const { link } = (await invited.json()) as { link: string };
    const page = await pages.desktop();
    const sent: string[] = [];
    page.on('request', (request) => sent.push(request.url()));
    await page.goto(`/admin/welcome#${tokenOf(link)}`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/welcome`);
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await screenshot(page, 'welcome');
    await expectAccessible(page, 'the welcome page');

    await page.getByLabel('Name', { exact: true }).fill('Ivy Green');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await page.getByText('Password must be at least 12 characters.').waitFor();
    await expectAccessible(page, 'the welcome page with a refusal');

    await page.getByLabel('Password', { exact: true }).fill('ivy grows on old walls');
    await page.getByRole('button', { name: 'Join and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
    await page.getByText('Ivy Green').waitFor();
    expect(await sessionCookieOf(page.context())).toMatchObject({ httpOnly: true });
    // The secret went to the API in the body of one POST, never in an address.
    expect(sent.filter((url) => url.includes(tokenOf(link)))).toEqual([]);

    // Used once: the same link now says so.
    const again = await pages.desktop();
    await again.goto(`/admin/welcome#${tokenOf(link)}`);
    await again.getByLabel('Name', { exact: true }).fill('Ivy Again');
    await again.getByLabel('Password', { exact: true }).fill('ivy grows on old walls');
    await again.getByRole('button', { name: 'Join and sign in' }).click();
    await again.getByText(/^This invitation link can no longer be used/).waitFor();
    await screenshot(again, 'welcome-link-used');
    await expectAccessible(again, 'the welcome page with a used link');
    await again.context().close();
    await page.context().close();
  });

  it('is made by any person signed in, for a colleague, on Your account', async ({ pages }) => {
    const page = await pages.desktop({ as: people.partner });
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    const invite = page.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email').fill('kim@zoo.example');
    await invite.getByRole('button', { name: 'Create invitation link' }).click();
    const link = await invite.getByLabel('Invitation link for kim@zoo.example').inputValue();
    expect(new URL(link).pathname).toBe('/admin/welcome');
    await screenshot(page, 'your-account-invitation');
    await expectAccessible(page, 'Your account with an invitation');
    await page.context().close();
  });
});

describe('a password-reset link', () => {
  it('sets a new password on the set-password page, and the old one stops working', async ({
    desktop: page,
  }) => {
    const person = await newPerson('rae@zoo.example', 'the old pass phrase');
    const { link } = keysCli(env, 'people', 'reset', '--email', person.email) as { link: string };
    expect(new URL(link).pathname).toBe('/admin/set-password');

    await page.goto(`/admin/set-password#${tokenOf(link)}`);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/set-password`);
    await screenshot(page, 'set-password');
    await expectAccessible(page, 'the set-password page');
    await page.getByLabel('New password').fill('the new pass phrase');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');

    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('the old pass phrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('The email or the password is not right.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('the new pass phrase');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/pets');
  });

  it('says to open the whole link when the address holds none', async ({ phone: page }) => {
    await page.goto('/admin/set-password');
    await page.getByText(/^This page opens from a one-time link/).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await expectAccessible(page, 'the set-password page without a link, on a phone');
  });
});
