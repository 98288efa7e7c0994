// verifyWebhook against deliveries signed as the API signs them (the `standardwebhooks` package):
// a good one read as a typed event, from Fetch or Node headers, with either secret while a rolled
// one still signs; anything altered, stale, unsigned, repeated or not an event refused.
import { randomBytes } from 'node:crypto';
import type { Event } from '@pets/contract';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './webhooks.js';

const secretOf = () => `whsec_${randomBytes(32).toString('base64')}`;
const SECRET = secretOf();
const ROLLED_OUT = secretOf();

const EVENT: Event = {
  id: 41,
  type: 'pet.updated',
  createdAt: '2026-12-01T10:15:02.118Z',
  data: { id: 7, name: 'Rex', categoryId: 1, status: 'pending' },
};

/** A delivery's headers and body, signed with `secrets` (both, space-separated, as in a roll). */
function delivery(
  body = JSON.stringify(EVENT),
  secrets: readonly string[] = [SECRET],
  at = new Date(),
): { body: string; headers: Record<string, string> } {
  const id = `evt_${EVENT.id}`;
  return {
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': secrets
        .map((secret) => new Webhook(secret).sign(id, at, body))
        .join(' '),
    },
  };
}

const refusal = (run: () => unknown, message: RegExp) => {
  expect(run).toThrow(WebhookVerificationError);
  expect(run).toThrow(message);
};

describe('verifyWebhook', () => {
  it('reads a signed delivery as its typed event, from Node or Fetch headers, body as text or bytes', () => {
    const { body, headers } = delivery();
    const event = verifyWebhook(body, headers, SECRET);
    expect(event).toEqual(EVENT);
    if (event.type === 'pet.updated') expect(event.data.status).toBe('pending');
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), SECRET)).toEqual(
      EVENT,
    );
  });

  it('takes either secret while a rolled-out one still signs beside the new one', () => {
    const { body, headers } = delivery(undefined, [SECRET, ROLLED_OUT]);
    expect(verifyWebhook(body, headers, SECRET)).toEqual(EVENT);
    expect(verifyWebhook(body, headers, ROLLED_OUT)).toEqual(EVENT);
    const signedWithOld = delivery(undefined, [ROLLED_OUT]);
    expect(verifyWebhook(signedWithOld.body, signedWithOld.headers, [SECRET, ROLLED_OUT])).toEqual(
      EVENT,
    );
    refusal(() => verifyWebhook(signedWithOld.body, signedWithOld.headers, SECRET), /not verified/);
    refusal(() => verifyWebhook(signedWithOld.body, signedWithOld.headers, []), /No secret/);
  });

  it('refuses another secret, an altered body, an altered id and a stale timestamp', () => {
    const { body, headers } = delivery();
    refusal(() => verifyWebhook(body, headers, secretOf()), /not verified/);
    refusal(() => verifyWebhook(body.replace('pending', 'sold'), headers, SECRET), /not verified/);
    refusal(
      () => verifyWebhook(body, { ...headers, 'webhook-id': 'evt_42' }, SECRET),
      /not verified/,
    );
    const stale = delivery(undefined, [SECRET], new Date(Date.now() - 6 * 60_000));
    refusal(() => verifyWebhook(stale.body, stale.headers, SECRET), /not verified/);
  });

  it('refuses a header missing or sent twice', () => {
    const { body, headers } = delivery();
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _left, ...rest } = headers;
      refusal(() => verifyWebhook(body, rest, SECRET), new RegExp(`${name} header is missing`));
      refusal(
        () => verifyWebhook(body, { ...headers, [name]: [headers[name] ?? '', 'x'] }, SECRET),
        new RegExp(`${name} header came more than once`),
      );
    }
  });

  it('keeps an event of a type this version does not know, and fields it does not know', () => {
    const newer = {
      id: 42,
      type: 'pet.adopted',
      createdAt: '2026-12-01T10:16:00.000Z',
      data: { id: 7, family: 'Okafor' },
      livemode: true,
    };
    const { body, headers } = delivery(JSON.stringify(newer));
    const { livemode: _dropped, ...kept } = newer;
    expect(verifyWebhook(body, headers, SECRET)).toEqual(kept);
    const known = delivery(JSON.stringify({ ...EVENT, data: { ...EVENT.data, colour: 'red' } }));
    expect(verifyWebhook(known.body, known.headers, SECRET)).toEqual(EVENT);
  });

  it('refuses a signed body that is not JSON, or not an event', () => {
    const notJson = delivery('not json');
    refusal(() => verifyWebhook(notJson.body, notJson.headers, SECRET), /not JSON/);
    const notEvent = delivery(JSON.stringify({ id: 'x' }));
    refusal(() => verifyWebhook(notEvent.body, notEvent.headers, SECRET), /not an event/);
  });
});
