/**
 * One delivery attempt (decisions §22): the event POSTed to the endpoint with the Standard Webhooks
 * headers, signed with the `standardwebhooks` package, to an address checked just before (the
 * connection is pinned to it: the name is not resolved again between the check and the connect).
 * A 2xx within 10 s is a success; redirects are not followed (a 3xx is a failure); the first
 * 1 KiB of the answer is kept for the delivery log.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { WEBHOOK_EXCERPT_BYTES } from '@pets/contract';
import { Webhook } from 'standardwebhooks';
import { checkWebhookUrl, type HostResolver } from './address-policy.js';

/** How long an endpoint has to answer, from the connection's start to the end of its headers. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer the delivery log keeps. */
export const EXCERPT_BYTES = WEBHOOK_EXCERPT_BYTES;

/** What one attempt came to. */
export interface AttemptOutcome {
  /** A 2xx answered in time. */
  readonly succeeded: boolean;
  /** The answer's status; `null` when none came (refused address, connection error, timeout). */
  readonly responseStatus: number | null;
  readonly durationMs: number;
  /** The first 1 KiB of the answer's body, as text; `null` when none came. */
  readonly responseExcerpt: string | null;
  /** Why no answer came, in a sentence for the delivery log; `null` when one did. */
  readonly error: string | null;
}

/** A message to send: its Standard Webhooks id, its time, its body, and the secrets that sign it. */
export interface Message {
  readonly url: string;
  readonly id: string;
  readonly timestamp: Date;
  readonly body: string;
  /** The endpoint's secret, and the one rolled out while it still signs (both signatures sent). */
  readonly secrets: readonly string[];
}

/** The `webhook-signature` value: one `v1,…` per secret, space-separated (Standard Webhooks). */
export function signatureOf(message: Message): string {
  return message.secrets
    .map((secret) => new Webhook(secret).sign(message.id, message.timestamp, message.body))
    .join(' ');
}

/** A `lookup` that answers the address already checked, whatever the name. */
const pinnedTo =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = isIP(address);
    if ((options as { all?: boolean }).all)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };

/** Reads at most `EXCERPT_BYTES` of the answer, then lets the rest go. */
async function excerptOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= EXCERPT_BYTES) break;
  }
  response.destroy();
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}

/**
 * Sends `message` once: the URL checked again after resolution (a name that now resolves to a
 * private address is refused, without a connection), then the POST to the address checked.
 */
export async function sendMessage(
  message: Message,
  resolve: HostResolver,
  allowPrivate: boolean,
  now: () => number = Date.now,
): Promise<AttemptOutcome> {
  const started = now();
  const failed = (error: string): AttemptOutcome => ({
    succeeded: false,
    responseStatus: null,
    durationMs: Math.max(0, now() - started),
    responseExcerpt: null,
    error,
  });
  const verdict = await checkWebhookUrl(message.url, resolve, allowPrivate);
  if (!verdict.allowed) return failed(`Not sent: the URL ${verdict.issue}.`);
  const [address] = verdict.addresses;
  if (address === undefined) return failed('Not sent: the host has no address.');

  const url = new URL(message.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  try {
    const response = await new Promise<IncomingMessage>((resolveAnswer, reject) => {
      const outgoing = send(
        url,
        {
          method: 'POST',
          lookup: pinnedTo(address),
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'PetStore-Webhooks/1.0',
            'webhook-id': message.id,
            'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
            'webhook-signature': signatureOf(message),
          },
        },
        resolveAnswer,
      );
      outgoing.once('error', reject);
      outgoing.end(message.body);
    });
    const status = response.statusCode ?? 0;
    const excerpt = await excerptOf(response);
    return {
      succeeded: status >= 200 && status < 300,
      responseStatus: status,
      durationMs: Math.max(0, now() - started),
      responseExcerpt: excerpt,
      error: null,
    };
  } catch (error) {
    if (signal.aborted) return failed(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`);
    const code = (error as NodeJS.ErrnoException).code;
    return failed(`No answer: ${code ?? (error as Error).message}.`);
  }
}
