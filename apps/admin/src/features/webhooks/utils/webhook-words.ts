/**
 * How endpoints and their events are told to people: event groups, status, attempt outcomes, and
 * the refusals this page words itself.
 */
import { PetstoreApiError, type WebhookAttempt, type WebhookEndpoint } from '@pets/client';
import { type EventType, PREVIOUS_SECRET_HOURS, SUBSCRIBABLE_EVENT_TYPES } from '@pets/contract';
import { apiSentence } from '../../../lib/errors.js';

/** The groups the event types are offered in, by the noun each type starts with. */
const GROUPS = [
  { noun: 'pet', label: 'Pets' },
  { noun: 'category', label: 'Categories' },
  { noun: 'photo', label: 'Photos' },
  { noun: 'order', label: 'Orders' },
] as const;

export interface EventGroup {
  label: string;
  /** The checkbox for every type of the group: "Every pet event". */
  every: string;
  types: EventType[];
}

/** The event types an endpoint may be sent, grouped; a type of a noun not named here goes last. */
export const EVENT_GROUPS: readonly EventGroup[] = (() => {
  const nounOf = (type: EventType) => type.slice(0, type.indexOf('.'));
  const groups: EventGroup[] = GROUPS.map(({ noun, label }) => ({
    label,
    every: `Every ${noun} event`,
    types: SUBSCRIBABLE_EVENT_TYPES.filter((type) => nounOf(type) === noun),
  }));
  const known = new Set<string>(GROUPS.map(({ noun }) => noun));
  const others = SUBSCRIBABLE_EVENT_TYPES.filter((type) => !known.has(nounOf(type)));
  if (others.length > 0) groups.push({ label: 'Other', every: 'Every other event', types: others });
  return groups.filter((group) => group.types.length > 0);
})();

/** "Enabled", or why it is disabled (a reason this page does not know yet, by its name). */
export function statusWords(endpoint: Pick<WebhookEndpoint, 'status' | 'disabledReason'>): string {
  if (endpoint.status === 'enabled') return 'Enabled';
  switch (endpoint.disabledReason) {
    case 'requested':
      return 'Disabled by request';
    case 'failing':
      return 'Disabled: no delivery succeeded for 3 days';
    case 'gone':
      return 'Disabled: it answered 410 Gone';
    case null:
      return 'Disabled';
    default:
      return `Disabled (${endpoint.disabledReason})`;
  }
}

/** The types of an endpoint this page offers (a type it does not know yet is left out). */
export const offeredTypes = (events: readonly string[]): EventType[] =>
  SUBSCRIBABLE_EVENT_TYPES.filter((type) => events.includes(type));

/** The outcome of an attempt: "200", or why no answer came. */
export const outcomeWords = (attempt: WebhookAttempt): string =>
  attempt.responseStatus === null
    ? (attempt.error ?? 'No answer')
    : `${attempt.responseStatus}${attempt.succeeded ? '' : ' (failed)'}`;

/** What a roll does, said before and after it. */
export const PREVIOUS_SECRET_SENTENCE = `The old secret keeps signing beside the new one for ${PREVIOUS_SECRET_HOURS} hours: give the new one to your receiver within that time.`;

/** A send refused because the endpoint is disabled, said with what to do here, not in the API. */
const ENDPOINT_DISABLED_SENTENCE =
  'The endpoint is disabled: nothing is sent to it. Enable the endpoint first, then send it again.';

/**
 * A refused action on an endpoint in words: a disabled endpoint's 409 (the API's sentence tells
 * API callers how to patch it) as this page would do it; any other in the API's words.
 */
export const refusalWords = (error: unknown): string =>
  error instanceof PetstoreApiError && error.code === 'webhook_endpoint_disabled'
    ? ENDPOINT_DISABLED_SENTENCE
    : apiSentence(error);
