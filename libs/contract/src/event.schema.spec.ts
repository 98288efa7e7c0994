// Events in the contract: the `type` filter of `listEvents` (and of the webhooks' `events`), which
// names known types, each at most once, and reads them in the order the types are listed.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, ListEventsQuery, SUBSCRIBABLE_EVENT_TYPES } from './event.schema.js';

const typeIssue = (type: string) =>
  ListEventsQuery.safeParse({ type }).error?.issues.map(({ message, path }) => ({ message, path }));

describe('ListEventsQuery type', () => {
  it('reads known types in the order the types are listed, whatever order they are named in', () => {
    expect(ListEventsQuery.parse({ type: 'pet.created' })).toEqual({
      type: ['pet.created'],
      limit: 20,
    });
    expect(ListEventsQuery.parse({ type: 'order.placed,pet.updated,pet.created' }).type).toEqual([
      'pet.created',
      'pet.updated',
      'order.placed',
    ]);
    expect(ListEventsQuery.parse({ type: EVENT_TYPES.toReversed().join(',') }).type).toEqual(
      EVENT_TYPES,
    );
    expect(ListEventsQuery.parse({}).type).toBeUndefined();
  });

  it('names the types it does not know', () => {
    expect(typeIssue('pet.created,pet.born,order.lost')).toEqual([
      { message: 'names no such event type: pet.born, order.lost', path: ['type'] },
    ]);
    expect(typeIssue('pet.created,pet.created,pet.born')).toEqual([
      { message: 'names no such event type: pet.born', path: ['type'] },
    ]);
  });

  it('refuses an empty type, or a comma too many, as not a list', () => {
    for (const type of ['', 'pet.created,', ',pet.created', 'pet.created,,pet.updated'])
      expect(typeIssue(type), type).toEqual([
        {
          message: 'must be a comma-separated list of event types, each at most once',
          path: ['type'],
        },
      ]);
  });

  it('refuses a type named twice', () => {
    expect(typeIssue('pet.created,pet.updated,pet.created')).toEqual([
      { message: 'must name each event type at most once', path: ['type'] },
    ]);
  });

  it('refuses the parameter sent twice', () => {
    expect(typeIssue(['pet.created', 'pet.updated'] as unknown as string)).toEqual([
      { message: 'must be given once', path: ['type'] },
    ]);
  });
});

describe('SUBSCRIBABLE_EVENT_TYPES', () => {
  it('is every event type but webhook.test', () => {
    expect(SUBSCRIBABLE_EVENT_TYPES).toEqual(EVENT_TYPES.filter((type) => type !== 'webhook.test'));
    expect(SUBSCRIBABLE_EVENT_TYPES).not.toContain('webhook.test');
    expect(SUBSCRIBABLE_EVENT_TYPES).toHaveLength(EVENT_TYPES.length - 1);
  });
});
