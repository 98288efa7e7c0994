/**
 * An audit event in words for staff: the trail gives ids only; categories are named from the
 * categories the app has read.
 */
import type { AuditEvent } from '@pets/client';
import type { AuditTargetType } from '@pets/contract';
import type { CategoryLookup } from '../../../lib/categories.js';

/** Without the categories: an id says only which category it is. */
const NO_CATEGORIES: CategoryLookup = {
  byId: () => undefined,
  nameOf: (id) => `Category ${id}`,
};

const show = (value: unknown): string =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const NOUNS: Record<AuditTargetType, string> = {
  pet: 'Pet',
  key: 'Key',
  account: 'Account',
  person: 'Person',
  session: 'Session',
  category: 'Category',
  order: 'Order',
  passkey: 'Passkey',
};

/**
 * Who made the change, in words: "account 3 (key 7)", "account 2 (person 3)", "the command-line
 * tool", or "someone not signed in" (a failed sign-in).
 */
export function describeActor(actor: AuditEvent['actor']): string {
  if (actor === 'cli') return 'the command-line tool';
  if (actor === 'anonymous') return 'someone not signed in';
  return 'keyId' in actor
    ? `account ${actor.accountId} (key ${actor.keyId})`
    : `account ${actor.accountId} (person ${actor.personId})`;
}

/**
 * What happened to what: "Pet 12 updated", "Person 3 of account 2 signed in (session 5)", "A person
 * invited to account 2 (ann@acme.example)", "Category “Dogs” archived" (by its name now).
 */
export function describeAction(
  event: AuditEvent,
  categories: CategoryLookup = NO_CATEGORIES,
): string {
  const { action, actor, target } = event;
  const about = (what: string) => {
    if (target.type !== 'category') return `${NOUNS[target.type]} ${target.id} ${what}`;
    const category = categories.byId(target.id);
    return `${category ? `Category “${category.name}”` : categories.nameOf(target.id)} ${what}`;
  };
  switch (action) {
    case 'pet.created':
    case 'key.created':
    case 'account.created':
    case 'category.created':
      return about('created');
    case 'category.renamed':
      return about('renamed');
    case 'category.archived':
      return about('archived');
    case 'category.restored':
      return about('restored');
    case 'pet.updated':
      return about('updated');
    case 'pet.deleted':
      return about('deleted');
    case 'key.revoked':
      return about('revoked');
    case 'account.plan_changed':
      return about('plan changed');
    case 'session.ended':
      return about('ended');
    case 'person.signed_in':
      // The person is the actor; the target is the session the sign-in started.
      return typeof actor === 'object' && 'personId' in actor
        ? `Person ${actor.personId} of account ${actor.accountId} signed in (session ${target.id})`
        : about('started');
    case 'person.invited': {
      // The target is the account invited to; the email invited is the one change.
      const email = event.changes['email']?.[1];
      return `A person invited to account ${target.id}${typeof email === 'string' ? ` (${email})` : ''}`;
    }
    case 'person.joined':
      return about('joined');
    case 'person.password_reset':
      return about('set a new password with a reset link');
    case 'person.password_changed':
      return about('changed their password');
    case 'person.deactivated':
      return about('deactivated');
    case 'person.reactivated':
      return about('reactivated');
    case 'invitation.revoked': {
      // The target is the account; the email the invitation was for is the one it no longer has.
      const email = event.changes['email']?.[0];
      return `An invitation to account ${target.id}${typeof email === 'string' ? ` (${email})` : ''} revoked`;
    }
    case 'person.password_removed':
      return about('removed their password');
    case 'passkey.added':
      return about('added');
    case 'passkey.removed':
      return about('removed');
    case 'order.placed':
      return about('placed');
    case 'order.approved':
      return about('approved');
    case 'order.delivered':
      return about('delivered');
    case 'order.cancelled':
      return about('cancelled');
    case 'person.sign_in_failed': {
      // The API records the email that was tried as the event's one change.
      const email = event.changes['email']?.[1];
      return `A failed sign-in as person ${target.id}${typeof email === 'string' ? ` (${email})` : ''}`;
    }
  }
}

/**
 * The changes as short phrases: "status: available → sold" for an update, "name: Rex" for a value
 * set where there was none, and a pet's category by name, "Category: Dogs → Cats". Deletions and
 * revocations that carry no fields say nothing more.
 */
export const describeChanges = (
  event: AuditEvent,
  categories: CategoryLookup = NO_CATEGORIES,
): string[] =>
  Object.entries(event.changes).map(([field, [before, after]]) => {
    const [label, value] =
      field === 'categoryId'
        ? ['Category', (id: unknown) => (typeof id === 'number' ? categories.nameOf(id) : show(id))]
        : [field, show];
    return before === null || before === undefined
      ? `${label}: ${value(after)}`
      : `${label}: ${value(before)} → ${value(after)}`;
  });
