/**
 * Browser tests of a person's own password and sessions and of staff managing an account's people
 * (docs/staff/sign-in.md), each in Chromium against the built API and app: changing the password ends the
 * other sessions; one device signed out, or every one; staff deactivate a person and make a reset
 * link; a page of another origin cannot change anything with the session cookie; ten failed
 * sign-ins hold back the eleventh; an unknown email and a wrong password read the same. Every new
 * page and dialog is checked with axe-core and photographed at 1280 and 390 px wide.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { LIST_LIMIT_MAX } from '@pets/contract';
import { afterAll, describe, expect, inject } from 'vitest';
import {
  addressOf,
  collectErrors,
  expectAccessible,
  forwardedFor,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';
import { acceptInvitation, tokenOf } from './global-setup.js';
import {
  callApi,
  newPerson,
  personOf,
  refusedWithin5s,
  SESSION_COOKIE,
  sessionCookieOf,
  sessionStatus,
} from './api.js';

const { baseUrl, staffKey, people } = inject('e2e');
const WRONG = 'The email or the password is not right.';
const SESSION_ENDED = /^The session has ended/;

/** The session cookie a browser context holds ('' for none). */
const cookieOf = async (context: BrowserContext) => (await sessionCookieOf(context))?.value ?? '';

/** Your account, through the navigation, once its sessions have loaded. */
async function openYourAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  await page.getByRole('table', { name: 'Where you are signed in' }).waitFor();
}

/** A page that was signed in goes back to sign-in at its next call, saying the session ended. */
async function expectSentToSignIn(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/sign-in');
  expect(await page.getByRole('alert').textContent()).toMatch(SESSION_ENDED);
}

/** Tries to sign in on the sign-in page; the API's status. */
async function trySignIn(page: Page, email: string, password: string): Promise<number> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/v1/session' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return (await answered).status();
}

/** The sign-in page's sentence under its form, once it says one. */
const signInSentence = async (page: Page) => {
  const said = page.locator('form .error');
  await said.waitFor();
  return said.textContent();
};

describe('your own password', () => {
  it('changes with the current one; the old one and the other sessions are refused after', async ({
    pages,
  }) => {
    const person = await newPerson('cara@zoo.example', 'her old pass phrase, Cee');
    const page = await pages.desktop({ as: person });
    const other = await pages.desktop({ as: person });
    const errors = collectErrors(page);
    const otherCookie = await cookieOf(other.context());
    await openYourAccount(page);
    await screenshot(page, 'your-account-1280');
    await expectAccessible(page, 'Your account');

    const form = page.getByRole('region', { name: 'Change your password' });
    await form.getByLabel('Current password').fill('not my password at all');
    await form.getByLabel('New password').fill('her new pass phrase, Cee');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is not your password.').waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'your-account-wrong-password');
    await expectAccessible(page, 'Your account with a wrong current password');
    // Refused, nothing changed: the other session goes on.
    expect(await sessionStatus(otherCookie)).toBe(200);

    await form.getByLabel('Current password').fill(person.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText(/^Your password is changed\./).waitFor();
    expect(await form.getByLabel('Current password').inputValue()).toBe('');

    // The other session ends; this one goes on, and its list now holds it alone.
    expect(await refusedWithin5s(otherCookie)).toBe(401);
    await expectSentToSignIn(other);
    await page
      .getByRole('table', { name: 'Where you are signed in' })
      .getByRole('row')
      .nth(2)
      .waitFor({ state: 'detached' });
    expect(await sessionStatus(await cookieOf(page.context()))).toBe(200);

    // The old password no longer signs in; the new one does.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(await trySignIn(page, person.email, person.password)).toBe(401);
    expect(await signInSentence(page)).toBe(WRONG);
    expect(await trySignIn(page, person.email, 'her new pass phrase, Cee')).toBe(204);
    // Back to the page that was open when signing out.
    await page.waitForURL((url) => url.pathname === '/admin/account');
    // Chromium logs each refusal; the wrong current password's 400 was the one wanted.
    expect(
      errors.filter((error) => !/status of 400 .*\/v1\/session\/password\)$/.test(error)),
    ).toEqual([]);
    expect(errors).toHaveLength(1);
    await other.context().close();
    await page.context().close();
  });
});

describe('your sessions', () => {
  it('lists each device, and signs one out, which goes back to sign in', async ({ pages }) => {
    const person = await newPerson('dan@zoo.example');
    const page = await pages.desktop({ as: person });
    const other = await pages.desktop({ as: person });
    const otherCookie = await cookieOf(other.context());
    await openYourAccount(page);
    const table = page.getByRole('table', { name: 'Where you are signed in' });
    const rows = table.locator('tbody tr');
    // Both browsers, and the session joining with the invitation started (from Node, here).
    expect(await rows.count()).toBe(3);
    const here = rows.filter({ hasText: 'This device' });
    expect(await here.count()).toBe(1);
    expect(await here.getByRole('rowheader').textContent()).toBe(
      'Headless Chrome on Linux This device',
    );
    expect(await here.locator('td[data-label="Address"]').textContent()).toBe(addressOf(page));
    expect(await here.locator('time').count()).toBe(2);

    const there = rows.filter({ hasText: 'Headless Chrome', hasNotText: 'This device' });
    await there
      .getByRole('button', { name: /^Sign out Headless Chrome on Linux, signed in / })
      .click();
    await page.getByText(/^Signed out Headless Chrome on Linux, signed in /).waitFor();
    await there.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(2);
    expect(await refusedWithin5s(otherCookie)).toBe(401);
    await expectSentToSignIn(other);

    // This device's own Sign out in the list signs this browser out.
    const cookie = await cookieOf(page.context());
    await here.getByRole('button', { name: 'Sign out this device' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(await page.getByRole('alert').textContent()).toBe('You have signed out.');
    expect(await refusedWithin5s(cookie)).toBe(401);
    await other.context().close();
    await page.context().close();
  });

  it('signs out everywhere after a dialog, this browser too', async ({ pages }) => {
    const person = await newPerson('eli@zoo.example');
    const page = await pages.desktop({ as: person });
    const other = await pages.desktop({ as: person });
    const cookies = [await cookieOf(page.context()), await cookieOf(other.context())];
    await openYourAccount(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.waitFor();
    await screenshot(page, 'your-account-sign-out-everywhere');
    await expectAccessible(page, 'the Sign out everywhere dialog');
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(await page.getByRole('alert').textContent()).toBe(
      'You have signed out everywhere: every session of yours has ended.',
    );
    await screenshot(page, 'sign-in-signed-out-everywhere');
    await expectAccessible(page, 'the sign-in page after signing out everywhere');
    expect(await cookieOf(page.context())).toBe('');
    for (const cookie of cookies) expect(await refusedWithin5s(cookie)).toBe(401);
    await expectSentToSignIn(other);
    await other.context().close();
    await page.context().close();
  });

  it('fits a phone 390 px wide, every action in reach', async ({ pages }) => {
    const person = await newPerson('fin@zoo.example');
    const other = await pages.desktop({ as: person });
    const page = await pages.phone({ as: person });
    await openYourAccount(page);
    await page.getByRole('table', { name: 'People of your account' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    for (const button of await page.locator('main button:visible').all()) {
      const box = await button.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    await screenshot(page, 'your-account-390');
    await expectAccessible(page, 'Your account on a phone');
    await other.context().close();
    await page.context().close();
  });
});

describe("staff and an account's people", () => {
  let staff: Page;
  let errors: string[];
  const peopleRegion = () => staff.getByRole('region', { name: 'People of Zoo Shop' });
  const rowOf = (name: string) =>
    peopleRegion()
      .getByRole('row')
      .filter({ has: staff.getByRole('rowheader', { name }) });

  it.beforeAll(async ({ pages }) => {
    staff = await pages.desktop({ as: people.staff });
    errors = collectErrors(staff);
  });

  const openZooShop = async () => {
    await staff.goto(`/admin/accounts/${people.partner.accountId}`);
    await staff.getByRole('table', { name: 'People of Zoo Shop' }).waitFor();
  };

  it('deactivates a person after a dialog, whose session, key and invitation are then refused', async ({
    pages,
  }) => {
    const person = await newPerson('fay@zoo.example');
    const theirs = await pages.desktop({ as: person });
    const cookie = await cookieOf(theirs.context());
    // Fay makes a key and invites someone at another address, with her session.
    const asFay = {
      ...forwardedFor(),
      cookie: `${SESSION_COOKIE}=${cookie}`,
      origin: new URL(baseUrl).origin,
      'content-type': 'application/json',
    };
    const made = await fetch(`${baseUrl}/v1/account/keys`, {
      method: 'POST',
      headers: asFay,
      body: JSON.stringify({ label: 'fay script' }),
    });
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const invited = await fetch(`${baseUrl}/v1/account/invitations`, {
      method: 'POST',
      headers: asFay,
      body: JSON.stringify({ email: 'fay.again@elsewhere.example' }),
    });
    expect(invited.status).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    await openZooShop();
    const keyRow = staff
      .getByRole('table', { name: 'Keys of Zoo Shop' })
      .getByRole('row')
      .filter({ has: staff.getByRole('rowheader', { name: 'fay script' }) });
    expect(await keyRow.locator('td[data-label="Made by"]').textContent()).toBe('fay');
    const invitations = staff.getByRole('table', { name: 'Open invitations to Zoo Shop' });
    await invitations.getByRole('rowheader', { name: 'fay.again@elsewhere.example' }).waitFor();
    await screenshot(staff, 'account-people-1280');
    await expectAccessible(staff, "an account's page with its people");

    const row = rowOf('fay');
    expect(await row.locator('td[data-label="Status"]').textContent()).toBe('Active');
    await row.getByRole('button', { name: 'Deactivate fay' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Deactivate fay (fay@zoo.example)?' });
    await dialog.waitFor();
    await screenshot(staff, 'account-people-deactivate-confirm');
    await expectAccessible(staff, 'the Deactivate dialog');
    await dialog.getByRole('button', { name: 'Deactivate person' }).click();
    await staff
      .getByText('Deactivated fay (fay@zoo.example). Their sessions end within seconds.')
      .waitFor();
    await row.locator('td[data-label="Status"]', { hasText: /^Deactivated / }).waitFor();
    expect(await row.getByRole('button').allTextContents()).toEqual(['Reactivate fay']);
    // Her key is revoked and her invitation gone, on the page and for the API.
    await keyRow.locator('td[data-label="Status"]', { hasText: /^Revoked / }).waitFor();
    await invitations
      .getByRole('rowheader', { name: 'fay.again@elsewhere.example' })
      .waitFor({ state: 'detached' });
    expect(
      (await fetch(`${baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(401);
    const accepted = await acceptInvitation(
      baseUrl,
      link,
      { name: 'Fay', password: 'fay’s way back in' },
      forwardedFor(),
    );
    expect(accepted.status).toBe(400);

    expect(await refusedWithin5s(cookie)).toBe(401);
    await expectSentToSignIn(theirs);
    // Deactivated: the right password reads as a wrong one.
    expect(await trySignIn(theirs, person.email, person.password)).toBe(401);
    expect(await signInSentence(theirs)).toBe(WRONG);
    expect((await personOf(person.accountId, person.email))?.deactivatedAt).toEqual(
      expect.any(String),
    );
    // Reactivated, she signs in again; her key stays revoked.
    await row.getByRole('button', { name: 'Reactivate fay' }).click();
    await row.locator('td[data-label="Status"]', { hasText: /^Active$/ }).waitFor();
    expect(await trySignIn(theirs, person.email, person.password)).toBe(204);
    expect(
      (await fetch(`${baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(401);
    await theirs.context().close();
  });

  it('revokes an open invitation after a dialog that names its email', async () => {
    const invited = await callApi(
      staffKey,
      `/admin/accounts/${people.partner.accountId}/invitations`,
      { method: 'POST', body: { email: 'ivy@zoo.example' } },
    );
    expect(invited.status).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    await openZooShop();
    const invitations = staff.getByRole('table', { name: 'Open invitations to Zoo Shop' });
    await invitations.getByRole('rowheader', { name: 'ivy@zoo.example' }).waitFor();
    await invitations
      .getByRole('button', { name: 'Revoke the invitation for ivy@zoo.example' })
      .click();
    const dialog = staff.getByRole('dialog', {
      name: 'Revoke the invitation for ivy@zoo.example?',
    });
    await dialog.waitFor();
    await expectAccessible(staff, 'the Revoke invitation dialog');
    await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
    await staff.getByText('Revoked the invitation for ivy@zoo.example.').waitFor();
    await invitations
      .getByRole('rowheader', { name: 'ivy@zoo.example' })
      .waitFor({ state: 'detached' });
    const accepted = await acceptInvitation(
      baseUrl,
      link,
      { name: 'Ivy', password: 'ivy’s pass phrase' },
      forwardedFor(),
    );
    expect(accepted.status).toBe(400);
  });

  it('makes a reset link, shown once with Copy link, that sets a new password in the browser', async ({
    pages,
  }) => {
    const person = await newPerson('gus@zoo.example', 'gus’s old pass phrase');
    await staff.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    await openZooShop();
    await rowOf('gus').getByRole('button', { name: 'Make reset link for gus' }).click();
    const shown = staff.getByLabel('Password-reset link for gus@zoo.example');
    await shown.waitFor();
    const link = await shown.inputValue();
    expect(new URL(link).pathname).toBe('/admin/set-password');
    await screenshot(staff, 'account-people-reset-link');
    await expectAccessible(staff, 'a reset link shown once');
    await staff.getByRole('button', { name: 'Copy link' }).click();
    await staff.getByText('Copied.').waitFor();
    expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await staff.getByRole('button', { name: 'Done, I have sent it' }).click();
    expect(await staff.getByLabel('Password-reset link for gus@zoo.example').count()).toBe(0);
    expect(await staff.locator('main').textContent()).not.toContain(tokenOf(link));

    const theirs = await pages.desktop();
    await theirs.goto(link);
    await theirs.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await theirs.getByLabel('New password').fill('gus’s new pass phrase');
    await theirs.getByRole('button', { name: 'Set password and sign in' }).click();
    await theirs.waitForURL((url) => url.pathname === '/admin/pets');
    await theirs.getByRole('button', { name: 'Sign out' }).click();
    await theirs.waitForURL((url) => url.pathname === '/admin/sign-in');
    expect(await trySignIn(theirs, person.email, person.password)).toBe(401);
    expect(await trySignIn(theirs, person.email, 'gus’s new pass phrase')).toBe(204);
    await theirs.waitForURL((url) => url.pathname === '/admin/pets');
    await theirs.context().close();
  });

  it('fits a phone 390 px wide, every action in reach', async ({ pages }) => {
    await newPerson('hana.with.a.rather.long.address@zoo.example');
    const phone = await pages.phone({ as: people.staff });
    await phone.goto(`/admin/accounts/${people.partner.accountId}`);
    const region = phone.getByRole('region', { name: 'People of Zoo Shop' });
    await region.getByRole('table').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    for (const button of await region.locator('button:visible').all()) {
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    await region.scrollIntoViewIfNeeded();
    await screenshot(phone, 'account-people-390');
    await expectAccessible(phone, "an account's people on a phone");
    await region.getByRole('button', { name: /^Deactivate hana/ }).click();
    await phone.getByRole('dialog').waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'account-people-deactivate-confirm-390');
    await phone.getByRole('button', { name: 'Keep active' }).click();
    await phone.context().close();
  });

  it('has no script or policy errors in the console', () => {
    expect(errors).toEqual([]);
  });
});

describe('a page of another origin', () => {
  let server: Server;
  let otherOrigin: string;

  it.beforeAll(async () => {
    // The attacker's page: same site (127.0.0.1, another port), so SameSite=Lax still sends the
    // cookie; only the API's Origin check stands between it and a change.
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      const target = url.searchParams.get('target') ?? '0';
      const api = JSON.stringify(baseUrl);
      const page =
        url.pathname === '/form'
          ? `<!doctype html><title>form</title><form method="post" action="${baseUrl}/v1/admin/people/${target}/deactivate"></form><script>document.forms[0].submit()</script>`
          : `<!doctype html><title>attack</title><script>
(async () => {
  const api = ${api};
  const tries = [
    ['POST', '/v1/admin/people/${target}/deactivate', 'no-cors'],
    ['POST', '/v1/admin/people/${target}/password-reset', 'no-cors'],
    ['POST', '/v1/account/invitations', 'no-cors', '{"email":"mallory@evil.example"}'],
    ['POST', '/v1/session/password', 'no-cors', '{"currentPassword":"x","newPassword":"mallory owns this now"}'],
    ['DELETE', '/v1/sessions', 'cors'],
    ['DELETE', '/v1/session', 'cors'],
  ];
  for (const [method, path, mode, body] of tries) {
    try {
      await fetch(api + path, { method, mode, credentials: 'include', body });
    } catch {}
  }
  document.title = 'done';
})();
</script>`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("changes nothing with a staff person's cookie: each change is refused, 403", async ({
    pages,
  }) => {
    const victim = await newPerson(
      'ida@staff.example',
      'ida’s own pass phrase',
      people.staff.accountId,
    );
    const target = await newPerson('jay@zoo.example');
    const targetCookie = await (async () => {
      const signedInAnswer = await fetch(`${baseUrl}/v1/session`, {
        method: 'POST',
        headers: { ...forwardedFor(), 'content-type': 'application/json' },
        body: JSON.stringify({ email: target.email, password: target.password }),
      });
      expect(signedInAnswer.status).toBe(204);
      return (
        /__Host-pets_session=([^;]+)/.exec(signedInAnswer.headers.get('set-cookie') ?? '')?.[1] ??
        ''
      );
    })();
    const page = await pages.desktop({ as: victim });
    const victimCookie = await cookieOf(page.context());
    expect(otherOrigin).not.toBe(baseUrl);

    // What the browser sent the API, with which cookie, and the API's status, from Chromium's
    // network events: the page itself may read none of the answers (CORS, the resource policy).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const seen = new Map<
      string,
      { method?: string; path?: string; cookie?: string | undefined; status?: number }
    >();
    const note = (id: string, what: object) => seen.set(id, { ...seen.get(id), ...what });
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      const url = new URL(request.url);
      if (url.origin === baseUrl) note(requestId, { method: request.method, path: url.pathname });
    });
    cdp.on('Network.requestWillBeSentExtraInfo', ({ requestId, headers }) => {
      note(requestId, { cookie: headers['cookie'] ?? headers['Cookie'] });
    });
    cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
      note(requestId, { status: statusCode });
    });

    await page.goto(`${otherOrigin}/?target=${target.id}`);
    await page.waitForFunction(() => document.title === 'done');
    // A form posted from there, as a whole page, is refused too.
    const formAnswer = page.waitForResponse((response) => response.url().endsWith('/deactivate'));
    await page.goto(`${otherOrigin}/form?target=${target.id}`);
    expect((await formAnswer).status()).toBe(403);
    await cdp.detach();

    const toApi = [...seen.values()].filter(({ path }) => path?.startsWith('/v1/'));
    const posts = toApi.filter(({ method }) => method === 'POST');
    expect(posts.map(({ path }) => path).sort()).toEqual(
      [
        `/v1/admin/people/${target.id}/deactivate`,
        `/v1/admin/people/${target.id}/deactivate`,
        `/v1/admin/people/${target.id}/password-reset`,
        '/v1/account/invitations',
        '/v1/session/password',
      ].sort(),
    );
    // Same site (127.0.0.1, another port): SameSite=Lax sent the cookie, and the API refused
    // each change for its Origin.
    for (const post of posts)
      expect(post).toMatchObject({ cookie: `${SESSION_COOKIE}=${victimCookie}`, status: 403 });
    // The DELETEs need a CORS preflight, which the API does not grant: never sent.
    const deletes = toApi.filter(({ method }) => method === 'DELETE');
    expect(deletes).toHaveLength(2);
    for (const sent of deletes) expect(sent.status).toBeUndefined();

    // Through the API: nothing changed.
    expect((await personOf(target.accountId, target.email))?.deactivatedAt).toBeNull();
    expect(await sessionStatus(targetCookie)).toBe(200);
    expect(await sessionStatus(victimCookie)).toBe(200);
    // The victim did nothing but join and sign in (newest first): no invitation, password change
    // or session ended.
    const byVictim = await fetch(
      `${baseUrl}/v1/admin/audit?actorAccountId=${victim.accountId}&limit=${LIST_LIMIT_MAX}`,
      { headers: { authorization: `Bearer ${staffKey}` } },
    );
    expect(
      ((await byVictim.json()) as { action: string; actor: { personId?: number } }[])
        .filter(({ actor }) => actor.personId === victim.id)
        .map(({ action }) => action),
    ).toEqual(['person.signed_in', 'person.signed_in', 'person.joined']);
    const victimSignsIn = await fetch(`${baseUrl}/v1/session`, {
      method: 'POST',
      headers: { ...forwardedFor(), 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    });
    expect(victimSignsIn.status).toBe(204);
    const events = await fetch(
      `${baseUrl}/v1/admin/audit?targetType=person&targetId=${target.id}`,
      {
        headers: { authorization: `Bearer ${staffKey}` },
      },
    );
    const actions = ((await events.json()) as { action: string }[]).map(({ action }) => action);
    expect(actions).not.toContain('person.deactivated');
    await page.context().close();
  });
});

describe('signing in', () => {
  it('shows the same words for an unknown email and a wrong password', async ({ pages }) => {
    const page = await pages.desktop();
    await page.goto('/admin/sign-in');
    expect(await trySignIn(page, 'nobody-at-all@zoo.example', 'some password or other')).toBe(401);
    const unknown = await signInSentence(page);
    expect(await trySignIn(page, people.partner.email, 'some password or other')).toBe(401);
    const wrong = await signInSentence(page);
    expect(unknown).toBe(WRONG);
    expect(wrong).toBe(unknown);
    expect(await page.locator('main').textContent()).not.toMatch(/unknown|no person|not found/i);
    await page.context().close();
  });

  it('after ten wrong passwords refuses the eleventh, the right one too, saying how long to wait', async ({
    pages,
  }) => {
    const person = await newPerson('kai@zoo.example');
    const page = await pages.desktop();
    await page.goto('/admin/sign-in');
    for (let i = 1; i <= 10; i++) {
      expect(await trySignIn(page, person.email, `wrong guess number ${i}`), `attempt ${i}`).toBe(
        401,
      );
      expect(await signInSentence(page)).toBe(WRONG);
    }
    expect(await trySignIn(page, person.email, person.password)).toBe(429);
    const said = (await signInSentence(page)) ?? '';
    // The API's words, its wait as people read one ("Try again in 15 min 30 s, at 12:48.").
    const wait =
      /^Too many failed sign-ins for this email\. Try again in (?:(\d+) min)? ?(?:(\d+) s)?, at .+\.$/.exec(
        said,
      );
    expect(wait, said).not.toBeNull();
    const seconds = Number(wait?.[1] ?? 0) * 60 + Number(wait?.[2] ?? 0);
    expect(seconds).toBeGreaterThan(0);
    // Failures are counted in 5-minute buckets: the wait may run past the 15-minute window.
    expect(seconds).toBeLessThanOrEqual(20 * 60);
    expect(new URL(page.url()).pathname).toBe('/admin/sign-in');
    expect(await cookieOf(page.context())).toBe('');
    await screenshot(page, 'sign-in-too-many-failures');
    await expectAccessible(page, 'the sign-in page after too many failures');
    // Another email is not held back.
    expect(await trySignIn(page, people.staff.email, people.staff.password)).toBe(204);
    await page.context().close();
  });
});
