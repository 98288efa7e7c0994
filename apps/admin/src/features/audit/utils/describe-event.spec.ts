/**
 * Proves how audit events read: who acted and what happened to what, by name where the trail's
 * `expand` names them and by id where it does not (invitations, sign-ins, failed sign-ins,
 * sessions, categories by name), and each change as before → after, a pet's category by name.
 */
import type { AuditEvent } from '@pets/client';
import { describe, expect, it } from 'vitest';
import type { CategoryLookup } from '../../../lib/categories.js';
import { auditEvent } from '../../../testing/fake-client.js';
import { actionParts, describeAction, describeActor, describeChanges } from './describe-event.js';

/** The categories as the app has read them: Dogs (1) and Cats (2). */
const NAMES: Record<number, string> = { 1: 'Dogs', 2: 'Cats' };
const categories: CategoryLookup = {
  byId: (id) =>
    NAMES[id] === undefined ? undefined : { id, name: NAMES[id], archived: false, petCount: 0 },
  nameOf: (id) => NAMES[id] ?? `Category ${id} (unknown)`,
};

describe('describeActor', () => {
  it('names a key by its label, quoted, and its account by name', () => {
    expect(describeActor({ accountId: 1, keyId: 2, accountName: 'Partner Co', name: 'ci' })).toBe(
      'key “ci” (Partner Co)',
    );
  });

  it('names a person signed in and their account by name', () => {
    expect(describeActor({ accountId: 2, personId: 3, accountName: 'Shelter', name: 'Ann' })).toBe(
      'Ann (Shelter)',
    );
  });

  it('says a key and its account by id when the trail gives no names', () => {
    expect(describeActor({ accountId: 1, keyId: 2 })).toBe('key 2 (account 1)');
  });

  it('says a person and their account by id when the trail gives no names', () => {
    expect(describeActor({ accountId: 2, personId: 3 })).toBe('person 3 (account 2)');
  });

  it('names the command-line tool', () => {
    expect(describeActor('cli')).toBe('the command-line tool');
  });

  it('calls the anonymous actor someone not signed in', () => {
    expect(describeActor('anonymous')).toBe('someone not signed in');
  });
});

describe('describeAction', () => {
  it('says an action, a kind of target and a kind of actor the app does not know as they are', () => {
    const event = auditEvent(1, {
      actor: 'scheduler',
      action: 'pet.adopted',
      target: { type: 'litter', id: 4 },
    });
    expect(describeAction(event)).toBe('litter 4 pet.adopted');
    expect(describeActor(event.actor)).toBe('scheduler');
    expect(describeAction(auditEvent(1, { action: 'pet.adopted' }))).toBe('Pet 7 pet.adopted');
  });

  it.each<[AuditEvent['action'], AuditEvent['target'], string]>([
    ['pet.created', { type: 'pet', id: 7 }, 'Pet 7 created'],
    ['pet.updated', { type: 'pet', id: 7 }, 'Pet 7 updated'],
    ['pet.deleted', { type: 'pet', id: 7 }, 'Pet 7 deleted'],
    ['key.created', { type: 'key', id: 9 }, 'Key 9 created'],
    ['key.revoked', { type: 'key', id: 9 }, 'Key 9 revoked'],
    ['account.created', { type: 'account', id: 4 }, 'Account 4 created'],
    ['account.plan_changed', { type: 'account', id: 4 }, 'Account 4 plan changed'],
    ['session.ended', { type: 'session', id: 5 }, 'Session 5 ended'],
    ['person.joined', { type: 'person', id: 3 }, 'Person 3 joined'],
    [
      'person.password_reset',
      { type: 'person', id: 3 },
      'Person 3 set a new password with a reset link',
    ],
    ['person.password_changed', { type: 'person', id: 3 }, 'Person 3 changed their password'],
    ['person.deactivated', { type: 'person', id: 3 }, 'Person 3 deactivated'],
  ])('words %s about its target', (action, target, words) => {
    expect(describeAction(auditEvent(1, { action, target }))).toBe(words);
  });

  it.each<[string, Partial<AuditEvent>, string]>([
    [
      'says who was invited to which account, from the email the event carries',
      {
        action: 'person.invited',
        target: { type: 'account', id: 2 },
        changes: { email: [null, 'ann@acme.example'] },
      },
      'A person invited to account 2 (ann@acme.example)',
    ],
    [
      'says which person of which account signed in, and the session it started',
      {
        action: 'person.signed_in',
        actor: { accountId: 2, personId: 3 },
        target: { type: 'session', id: 5 },
        changes: {},
      },
      'Person 3 of account 2 signed in (session 5)',
    ],
    [
      'says a session started when a sign-in has no person as its actor',
      {
        action: 'person.signed_in',
        actor: 'cli',
        target: { type: 'session', id: 5 },
      },
      'Session 5 started',
    ],
    [
      'names the person and the email tried in a failed sign-in',
      {
        action: 'person.sign_in_failed',
        actor: 'anonymous',
        target: { type: 'person', id: 3 },
        changes: { email: [null, 'ann@acme.example'] },
      },
      'A failed sign-in as person 3 (ann@acme.example)',
    ],
    [
      'names only the person when a failed sign-in carries no email',
      {
        action: 'person.sign_in_failed',
        actor: 'anonymous',
        target: { type: 'person', id: 3 },
        changes: {},
      },
      'A failed sign-in as person 3',
    ],
  ])('%s', (_name, overrides, words) => {
    expect(describeAction(auditEvent(1, overrides))).toBe(words);
  });
});

describe('describeAction with names', () => {
  it.each<[string, Partial<AuditEvent>, string]>([
    [
      'a pet by its name',
      { action: 'pet.updated', target: { type: 'pet', id: 14, name: 'Biscuit' } },
      'Biscuit updated',
    ],
    [
      "a pet's profile and photos by the pet's name",
      { action: 'pet.profile_updated', target: { type: 'pet', id: 14, name: 'Biscuit' } },
      'Biscuit’s profile updated',
    ],
    [
      "a pet's photo moved, by the pet's id when the trail gave no name",
      { action: 'photo.moved', target: { type: 'pet', id: 14, name: null } },
      'Pet 14’s photo moved',
    ],
    [
      'an account by its name',
      {
        action: 'account.plan_changed',
        target: { type: 'account', id: 4, name: 'Shelter' },
      },
      'Account “Shelter” plan changed',
    ],
    [
      'a key by its label',
      { action: 'key.revoked', target: { type: 'key', id: 9, name: 'ci' } },
      'Key “ci” revoked',
    ],
    [
      'a person by their name',
      { action: 'person.joined', target: { type: 'person', id: 3, name: 'Ann' } },
      'Ann joined',
    ],
    [
      'an order, which has no name, by its id',
      { action: 'order.placed', target: { type: 'order', id: 8, name: null } },
      'Order 8 placed',
    ],
    [
      'who signed in, and their account',
      {
        action: 'person.signed_in',
        actor: { accountId: 2, personId: 3, accountName: 'Shelter', name: 'Ann' },
        target: { type: 'session', id: 5, name: null },
        changes: {},
      },
      'Ann of Shelter signed in (session 5)',
    ],
    [
      'the account a person was invited to',
      {
        action: 'person.invited',
        target: { type: 'account', id: 2, name: 'Shelter' },
        changes: { email: [null, 'ann@acme.example'] },
      },
      'A person invited to Shelter (ann@acme.example)',
    ],
    [
      'the person a failed sign-in tried',
      {
        action: 'person.sign_in_failed',
        actor: 'anonymous',
        target: { type: 'person', id: 3, name: 'Ann' },
        changes: { email: [null, 'ann@acme.example'] },
      },
      'A failed sign-in as Ann (ann@acme.example)',
    ],
  ])('names %s', (_name, overrides, words) => {
    expect(describeAction(auditEvent(1, overrides))).toBe(words);
  });

  it('splits the thing changed from what happened to it, so that it can be linked', () => {
    expect(
      actionParts(auditEvent(1, { target: { type: 'pet', id: 14, name: 'Biscuit' } })),
    ).toEqual({ subject: 'Biscuit', text: ' updated' });
    expect(
      actionParts(
        auditEvent(1, {
          action: 'person.invited',
          target: { type: 'account', id: 2 },
          changes: {},
        }),
      ),
    ).toEqual({ text: 'A person invited to account 2' });
  });
});

describe('order events', () => {
  it.each<[AuditEvent['action'], string]>([
    ['order.placed', 'Order 8 placed'],
    ['order.approved', 'Order 8 approved'],
    ['order.delivered', 'Order 8 delivered'],
    ['order.cancelled', 'Order 8 cancelled'],
  ])('words %s by the order’s id', (action, words) => {
    expect(describeAction(auditEvent(1, { action, target: { type: 'order', id: 8 } }))).toBe(words);
  });
});

describe('webhook endpoint events', () => {
  it.each<[AuditEvent['action'], string]>([
    ['webhook.created', 'Webhook endpoint 6 created'],
    ['webhook.updated', 'Webhook endpoint 6 changed'],
    ['webhook.secret_rolled', 'Webhook endpoint 6 given a new secret'],
    ['webhook.deleted', 'Webhook endpoint 6 deleted'],
    ['webhook.test_sent', 'Webhook endpoint 6: a test event sent'],
  ])('words %s by the endpoint’s id', (action, words) => {
    expect(describeAction(auditEvent(1, { action, target: { type: 'webhook', id: 6 } }))).toBe(
      words,
    );
  });

  it('names the delivery sent again', () => {
    const target = { type: 'webhook', id: 6 } as const;
    expect(
      describeAction(
        auditEvent(1, {
          action: 'webhook.delivery_resent',
          target,
          changes: { deliveryId: [null, 31], eventId: [null, 204], status: ['failed', 'pending'] },
        }),
      ),
    ).toBe('Webhook endpoint 6: delivery 31 sent again');
    expect(
      describeAction(auditEvent(1, { action: 'webhook.delivery_resent', target, changes: {} })),
    ).toBe('Webhook endpoint 6: a delivery sent again');
  });
});

describe('category events', () => {
  it.each<[AuditEvent['action'], string]>([
    ['category.created', 'Category “Cats” created'],
    ['category.renamed', 'Category “Cats” renamed'],
    ['category.archived', 'Category “Cats” archived'],
    ['category.restored', 'Category “Cats” restored'],
  ])('words %s by the category’s name', (action, words) => {
    expect(
      describeAction(auditEvent(1, { action, target: { type: 'category', id: 2 } }), categories),
    ).toBe(words);
  });

  it('says a category no longer known is unknown', () => {
    expect(
      describeAction(
        auditEvent(1, { action: 'category.archived', target: { type: 'category', id: 9 } }),
        categories,
      ),
    ).toBe('Category 9 (unknown) archived');
  });
});

describe('describeChanges', () => {
  it('shows a change as before → after, and a value set where there was none alone', () => {
    expect(
      describeChanges(
        auditEvent(1, {
          changes: {
            status: ['available', 'sold'],
            endedAt: [null, '2030-01-01T10:30:00.000Z'],
            tags: [['a'], ['a', 'b']],
          },
        }),
      ),
    ).toEqual([
      'status: available → sold',
      'endedAt: 2030-01-01T10:30:00.000Z',
      'tags: ["a"] → ["a","b"]',
    ]);
  });

  it("names a pet's category, before and after, unknown ids as unknown", () => {
    expect(describeChanges(auditEvent(1, { changes: { categoryId: [1, 2] } }), categories)).toEqual(
      ['Category: Dogs → Cats'],
    );
    expect(
      describeChanges(auditEvent(1, { changes: { categoryId: [null, 40] } }), categories),
    ).toEqual(['Category: Category 40 (unknown)']);
  });

  it('says once a value that stayed, as the photo a move moved', () => {
    expect(
      describeChanges(auditEvent(1, { changes: { photo: [3, 3], position: [3, 1] } })),
    ).toEqual(['photo: 3', 'position: 3 → 1']);
  });

  it('says nothing when no field changed', () => {
    expect(describeChanges(auditEvent(1, { changes: {} }))).toEqual([]);
  });
});
