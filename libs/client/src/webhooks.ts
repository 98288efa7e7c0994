/**
 * Receiving webhooks: `verifyWebhook` checks a delivery's Standard Webhooks signature with the
 * `standardwebhooks` package (the one the API signs with), its timestamp (within 5 minutes), and
 * reads its body as a typed event. Events of types this version does not know are kept as they
 * came, as fields it does not know are.
 */
import { Event } from '@pets/contract';
import { Webhook, WebhookVerificationError as LibraryError } from 'standardwebhooks';
import type { Event as ReadEvent } from './answers.js';
import { tolerant } from './tolerant.js';

/** The three headers a delivery is signed with. */
const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** Headers as a server framework gives them: the Fetch API's, or Node's (a name may repeat). */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A delivery that is not one of ours, or not as it was sent: answer it `400` and drop it. */
export class WebhookVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

/** One header's value; a header missing or sent twice is refused. */
function headerOf(headers: WebhookHeaders, name: string): string {
  const value =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get(name)
      : (headers as Readonly<Record<string, string | readonly string[] | undefined>>)[name];
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value))
    throw new WebhookVerificationError(`The ${name} header came more than once.`);
  throw new WebhookVerificationError(`The ${name} header is missing.`);
}

/**
 * The event a delivery carries, once its signature is checked against `secret` (the endpoint's
 * `whsec_…`; while a rolled-out secret still signs, either may be given, or both as a list).
 * `body` must be the request's body exactly as it came, before any JSON parsing. Throws
 * {@link WebhookVerificationError} when the signature, the timestamp (more than 5 minutes off) or
 * the body is not right.
 *
 *     app.post('/petstore', express.text({ type: '*\/*' }), (req, res) => {
 *       const event = verifyWebhook(req.body, req.headers, process.env.PETSTORE_WEBHOOK_SECRET!);
 *       if (event.type === 'pet.updated') console.log(event.data.status);
 *       res.sendStatus(204);
 *     });
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string | readonly string[],
): ReadEvent {
  const signed = Object.fromEntries(SIGNED_HEADERS.map((name) => [name, headerOf(headers, name)]));
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No secret was given.');
  let verified = false;
  let cause: unknown;
  for (const one of secrets) {
    try {
      new Webhook(one).verify(text, signed, { jsonParse: false });
      verified = true;
      break;
    } catch (error) {
      cause = error;
    }
  }
  if (!verified)
    throw new WebhookVerificationError(
      cause instanceof LibraryError
        ? `The delivery is not verified: ${cause.message}.`
        : 'The delivery is not verified.',
      { cause },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new WebhookVerificationError('The body is not JSON.', { cause: error });
  }
  const parsed = tolerant(Event).safeParse(json);
  if (!parsed.success)
    throw new WebhookVerificationError('The body is not an event.', { cause: parsed.error });
  return parsed.data;
}
