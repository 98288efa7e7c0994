// Webhook endpoints in the contract: the URL's form (what the contract alone can tell), the event
// types in their one order, and a patch that changes something.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SUBSCRIBABLE_EVENT_TYPES } from './event.schema.js';
import { toErrorDetails } from './validation.js';
import {
  NewWebhookEndpoint,
  WEBHOOK_URL_ISSUES,
  WEBHOOK_URL_MAX_LENGTH,
  WebhookEndpointPatch,
} from './webhook.schema.js';

const detailsOf = (schema: z.ZodType) => (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('NewWebhookEndpoint', () => {
  const problems = detailsOf(NewWebhookEndpoint);
  const urlProblems = (url: unknown) => problems({ url, events: ['pet.created'] });

  it('takes an http(s) URL, written as a URL parser writes it, and event types in their order', () => {
    expect(
      NewWebhookEndpoint.parse({
        url: 'https://Partner.Example.com:443/hooks?x=1',
        events: ['order.placed', 'pet.created'],
      }),
    ).toEqual({
      url: 'https://partner.example.com/hooks?x=1',
      events: ['pet.created', 'order.placed'],
    });
    expect(
      NewWebhookEndpoint.parse({ url: 'http://[::1]:8080', events: SUBSCRIBABLE_EVENT_TYPES }).url,
    ).toBe('http://[::1]:8080/');
  });

  it.each([
    ['not a url', WEBHOOK_URL_ISSUES.notUrl],
    ['/hooks', WEBHOOK_URL_ISSUES.notUrl],
    ['ftp://example.com/', WEBHOOK_URL_ISSUES.scheme],
    ['javascript:alert(1)', WEBHOOK_URL_ISSUES.scheme],
    ['https://user:secret@example.com/', WEBHOOK_URL_ISSUES.userinfo],
    ['https://user@example.com/', WEBHOOK_URL_ISSUES.userinfo],
    ['https://example.com/#part', WEBHOOK_URL_ISSUES.fragment],
    ['https://example.com/#', WEBHOOK_URL_ISSUES.fragment],
  ])('refuses %s', (url: string, issue: string) => {
    expect(urlProblems(url)).toEqual([{ field: 'url', issue }]);
  });

  it('takes a URL of exactly the longest length, and refuses one that normalises longer', () => {
    const base = 'https://example.com/';
    expect(urlProblems(`${base}${'a'.repeat(WEBHOOK_URL_MAX_LENGTH)}`)).toEqual([
      { field: 'url', issue: WEBHOOK_URL_ISSUES.tooLong },
    ]);
    const longest = `${base}${'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length)}`;
    expect(urlProblems(longest)).toEqual([]);
    // A space is written %20: three characters for one.
    const growing = `${base}${' '.repeat(10)}${'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length - 10)}`;
    expect(urlProblems(growing)).toEqual([{ field: 'url', issue: WEBHOOK_URL_ISSUES.tooLong }]);
  });

  it('refuses no event types, unknown ones, a type twice, and other fields', () => {
    const url = 'https://example.com/';
    expect(problems({ url, events: [] })).toEqual([
      { field: 'events', issue: 'must name at least one event type' },
    ]);
    expect(problems({ url, events: ['pet.created', 'pet.created'] })).toEqual([
      { field: 'events', issue: 'must name each event type at most once' },
    ]);
    expect(problems({ url, events: ['pet.eaten'] })[0]?.field).toBe('events[0]');
    // A test event is sent only when asked for: refused as an unknown type is.
    const unknown = problems({ url, events: ['pet.created', 'pet.eaten'] })[0]?.issue;
    expect(problems({ url, events: ['pet.created', 'webhook.test'] })).toEqual([
      { field: 'events[1]', issue: unknown },
    ]);
    expect(problems({ url, events: ['pet.created'], secret: 'x' })).toEqual([
      { field: 'secret', issue: 'is not allowed' },
    ]);
    expect(problems({ events: ['pet.created'] })).toEqual([{ field: 'url', issue: 'is required' }]);
  });
});

describe('WebhookEndpointPatch', () => {
  it('takes any of url, events and status, and refuses an empty patch', () => {
    expect(WebhookEndpointPatch.parse({ status: 'disabled' })).toEqual({ status: 'disabled' });
    expect(WebhookEndpointPatch.parse({ events: ['order.placed'] })).toEqual({
      events: ['order.placed'],
    });
    expect(WebhookEndpointPatch.safeParse({ events: ['webhook.test'] }).success).toBe(false);
    const problems = detailsOf(WebhookEndpointPatch);
    expect(problems({})).toEqual([
      { field: '', issue: 'must change at least one of url, events, status' },
    ]);
    expect(problems({ status: 'paused' })).toEqual([
      { field: 'status', issue: 'must be enabled or disabled' },
    ]);
    expect(problems({ disabledReason: null })).toContainEqual({
      field: 'disabledReason',
      issue: 'is not allowed',
    });
  });
});
