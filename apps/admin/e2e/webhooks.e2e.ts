/**
 * Browser tests of the Webhooks page, at 1280×800 and on a 390×844 phone: a partner adds an
 * endpoint pointing at a receiver this file runs on loopback, sees its secret once, sends a test
 * event, sees its attempt answered 2xx in the log and sends it again (refused while the endpoint is
 * disabled, saying to enable it here); the receiver got each, signed with that secret. The endpoint
 * open stays open across a reload, and Back closes it; so does the log's older page; a link to an
 * endpoint the account lacks says so, on a phone too. Staff open the partner's endpoints from its account's page. Nothing scrolls sideways and axe
 * finds nothing.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { PROBLEMS } from '@pets/contract';
import { describe, expect, inject } from 'vitest';
import { apiJson } from './api.js';
import {
  collectErrors,
  expectAccessible,
  expectAllActionsWithinWidth,
  it,
  screenshot,
  sidewaysScroll,
} from './browser.js';

const { people, partnerKey } = inject('e2e');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: notes every delivery and answers 200 with a short body. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('received by the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks`, received };
}

/** Whether a delivery carries a Standard Webhooks signature made with `secret`. */
function signedWith(delivery: Received, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(delivery.headers['webhook-signature']).split(' ').includes(expected);
}

describe('a partner on the Webhooks page', () => {
  let page: Page;
  let errors: string[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret = '';

  it.beforeAll(async ({ pages }) => {
    receiver = await startReceiver();
    page = await pages.desktop({ as: people.partner, at: '/admin/pets' });
    errors = collectErrors(page);
  });

  it.afterAll(async () => {
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it('adds an endpoint and sees its secret once', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.getByText('This account has no webhook endpoints.').waitFor();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('checkbox', { name: 'Every order event' }).check();
    await page.getByRole('checkbox', { name: 'pet.created' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByLabel(`Signing secret of ${receiver.url}`);
    await shown.waitFor();
    secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByText('Copy this secret now: you will not see it again.').waitFor();
    await page.getByRole('rowheader', { name: receiver.url }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'webhooks-created');
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    expect(await page.getByLabel(`Signing secret of ${receiver.url}`).count()).toBe(0);
  });

  it('sends a test event, sees it answered 200 in the log, and the receiver got it signed', async () => {
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    await panel.getByRole('button', { name: 'Send test event' }).click();
    await panel.getByText(/^Sent a test event \(id \d+\)/).waitFor();
    const log = panel.getByRole('table', { name: 'Attempts, newest first' });
    const attempt = log.getByRole('row', { name: /webhook\.test/ });
    await attempt.waitFor();
    expect(await attempt.getByRole('cell').nth(2).textContent()).toBe('200');
    expect(await attempt.locator('pre.excerpt').textContent()).toBe('received by the e2e receiver');
    expect(receiver.received).toHaveLength(1);
    const [test] = receiver.received;
    expect(test && JSON.parse(test.body)).toMatchObject({ type: 'webhook.test' });
    expect(test && signedWith(test, secret)).toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'webhooks-attempts');
    await expectAccessible(page, 'the Webhooks page with its log');
  });

  it('sends the delivery again: a second attempt, the same webhook-id', async () => {
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    await panel.getByRole('button', { name: /^Send again webhook\.test/ }).click();
    const log = panel.getByRole('table', { name: 'Attempts, newest first' });
    await expect.poll(() => log.getByRole('row', { name: /webhook\.test/ }).count()).toBe(2);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(
      receiver.received[0]?.headers['webhook-id'],
    );
  });

  it('while disabled, Send again says to enable the endpoint first; Enable sends again', async () => {
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    const status = page
      .getByRole('table', { name: 'Your webhook endpoints' })
      .getByRole('cell', { name: /^(Enabled|Disabled)/ });
    await panel.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => status.textContent()).toBe('Disabled by request');
    await panel
      .getByRole('button', { name: /^Send again webhook\.test/ })
      .first()
      .click();
    await panel
      .getByText(
        'The endpoint is disabled: nothing is sent to it. Enable the endpoint first, then send it again.',
      )
      .waitFor();
    // The API's sentence tells API callers to PATCH the endpoint: not what a person here does.
    expect(await panel.getByText(PROBLEMS.webhookEndpointDisabled.message).count()).toBe(0);
    await panel.getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => status.textContent()).toBe('Enabled');
    expect(receiver.received).toHaveLength(2);
  });

  it('asks before rolling the secret, saying the old one signs 24 hours more', async () => {
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    await panel.getByRole('button', { name: 'Roll secret' }).click();
    const dialog = page.getByRole('dialog', { name: `Roll the secret of ${receiver.url}?` });
    await dialog.getByText(/keeps signing beside the new one for 24 hours/).waitFor();
    await screenshot(page, 'webhooks-roll-confirm');
    await expectAccessible(page, 'the roll confirmation');
    await dialog.getByRole('button', { name: 'Keep secret' }).click();
    // The browser logs the refused resend's 409, which the page said in words.
    expect(errors.filter((error) => !/status of 409\b.*\/resend\)$/.test(error))).toEqual([]);
  });

  it('keeps the endpoint open across a reload; Back closes it', async () => {
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    expect(new URL(page.url()).searchParams.get('endpoint')).toMatch(/^\d+$/);
    await page.reload();
    await panel
      .getByRole('table', { name: 'Attempts, newest first' })
      .getByRole('row', { name: /webhook\.test/ })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('button', { name: `Manage ${receiver.url}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await page.goBack();
    await page.waitForURL(/\/admin\/webhooks$/);
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: receiver.url }).waitFor();
    expect(
      await page
        .getByRole('button', { name: `Manage ${receiver.url}` })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(errors.filter((error) => !/status of 409\b.*\/resend\)$/.test(error))).toEqual([]);
  });

  it('pages the log with Older, and keeps that page across a reload', async () => {
    // More attempts than a page holds (20), sent as a program would, through the API.
    const listed = await apiJson<{ id: number; url: string }[]>(partnerKey, '/account/webhooks');
    const endpoint = listed.find((one) => one.url === receiver.url);
    expect(endpoint).toBeDefined();
    const before = receiver.received.length;
    for (let n = 0; n < 20; n++)
      await apiJson(partnerKey, `/account/webhooks/${endpoint?.id}/test`, { method: 'POST' });
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(before + 20);

    await page.goto(new URL(`/admin/webhooks?endpoint=${endpoint?.id}`, page.url()).href);
    const panel = page.getByRole('region', { name: `Endpoint ${receiver.url}` });
    const log = panel.getByRole('table', { name: 'Attempts, newest first' });
    const rows = log.getByRole('row', { name: /webhook\.test/ });
    // The attempts are logged once answered: the first page fills up to 20.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20);
    const newest = await rows.first().textContent();
    await panel.getByRole('button', { name: 'Older' }).first().click();
    await expect.poll(async () => (await rows.first().textContent()) !== newest).toBe(true);
    const older = await rows.allTextContents();
    expect(older.length).toBeGreaterThan(0);
    expect(older.length).toBeLessThanOrEqual(20);
    const cursor = new URL(page.url()).searchParams.get('attempts');
    expect(cursor).toBeTruthy();

    await page.reload();
    await expect.poll(() => rows.allTextContents()).toEqual(older);
    expect(new URL(page.url()).searchParams.get('attempts')).toBe(cursor);
    await screenshot(page, 'webhooks-log-older');
    await expectAccessible(page, 'the log, an older page after a reload');

    await panel.getByRole('button', { name: 'Newer' }).first().click();
    await expect.poll(() => rows.first().textContent()).toBe(newest);
    expect(new URL(page.url()).searchParams.get('attempts')).toBeNull();
    expect(errors.filter((error) => !/status of 409\b.*\/resend\)$/.test(error))).toEqual([]);
  });

  it('says so when a link names an endpoint the account does not have, beside the list', async () => {
    await page.goto(new URL('/admin/webhooks?endpoint=987654', page.url()).href);
    await page
      .getByText(
        'This account has no endpoint 987654: it may have been deleted. Pick one from the list.',
      )
      .waitFor();
    await page.getByRole('rowheader', { name: receiver.url }).waitFor();
    await screenshot(page, 'webhooks-no-such-endpoint');
    await expectAccessible(page, 'the Webhooks page with a link to no endpoint');
  });

  it('fits a phone: nothing scrolls sideways, every action in reach', async ({ pages }) => {
    const phone = await pages.phone({ as: people.partner, at: '/admin/webhooks' });
    const row = phone.getByRole('rowheader', { name: receiver.url });
    await row.waitFor();
    await phone.getByRole('button', { name: `Manage ${receiver.url}` }).click();
    await phone
      .getByRole('table', { name: 'Attempts, newest first' })
      .getByRole('row', { name: /webhook\.test/ })
      .first()
      .waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await expectAllActionsWithinWidth(phone);
    await screenshot(phone, 'webhooks-390');
    await expectAccessible(phone, 'the Webhooks page on a phone');

    // A link to an endpoint the account lacks: the sentence above the list, wrapped, in reach.
    await phone.goto(new URL('/admin/webhooks?endpoint=987654', phone.url()).href);
    await phone.getByText(/^This account has no endpoint 987654/).waitFor();
    await row.waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'webhooks-no-such-endpoint-390');
  });
});

describe('a member of staff', () => {
  it("opens a partner's endpoints and their log from its account's page", async ({ pages }) => {
    const page = await pages.desktop({
      as: people.staff,
      at: `/admin/accounts/${people.partner.accountId}`,
    });
    const errors = collectErrors(page);
    const table = page.getByRole('table', { name: 'Webhook endpoints of Zoo Shop' });
    const row = table.getByRole('row', { name: /^http:\/\/127\.0\.0\.1:\d+\/hooks / });
    await row.waitFor();
    await row.getByRole('button', { name: /^Manage / }).click();
    await page
      .getByRole('table', { name: 'Attempts, newest first' })
      .getByRole('row', { name: /webhook\.test/ })
      .first()
      .waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page
      .getByRole('heading', { name: 'Webhook endpoints of Zoo Shop' })
      .scrollIntoViewIfNeeded();
    await screenshot(page, 'account-webhooks');
    await expectAccessible(page, "an account's webhooks");
    expect(errors).toEqual([]);
  });
});
