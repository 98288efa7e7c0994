/**
 * An audit event in words for staff: who acted and what they changed by name (the trail's
 * `expand=actor,target`), ids only where the trail has no name; categories are named from the
 * categories the app has read.
 */
import type { AuditEvent } from '@pets/client';
import { AuditTargetType } from '@pets/contract';
import { isKnown } from '../../../lib/known.js';
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

const NOUN: Record<AuditTargetType, string> = {
  pet: 'Pet',
  key: 'Key',
  account: 'Account',
  person: 'Person',
  session: 'Session',
  category: 'Category',
  order: 'Order',
  passkey: 'Passkey',
  webhook: 'Webhook endpoint',
};

/** What a target is, as a noun: "Pet"; a kind the app does not know (added since) as it is. */
const nounOf = (type: string): string =>
  isKnown(AuditTargetType.options, type) ? NOUN[type] : type;

/** An account as an actor names it: by name when the trail gave it, else "account 3". */
const accountOf = (actor: { accountId: number; accountName?: string | undefined }): string =>
  actor.accountName ?? `account ${actor.accountId}`;

/**
 * Who made the change, in words: "Ann (Shelter)" or "key “ci” (Partner Co)" with names, "key 7
 * (account 3)" or "person 3 (account 2)" without, "the command-line tool", or "someone not signed in"
 * (a failed sign-in).
 */
export function describeActor(actor: AuditEvent['actor']): string {
  const parts = actorParts(actor);
  return parts.account === undefined ? parts.who : `${parts.who} (${parts.account.name})`;
}

/**
 * Who made the change, in parts: the person or key, and the account it acts for (to link to the
 * account's page), or only words for the command-line tool and someone not signed in.
 */
export function actorParts(actor: AuditEvent['actor']): {
  who: string;
  account?: { id: number; name: string };
} {
  if (actor === 'cli') return { who: 'the command-line tool' };
  if (actor === 'anonymous') return { who: 'someone not signed in' };
  // A kind of actor the app does not know (added since), as the trail says it.
  if (typeof actor === 'string') return { who: actor };
  const account = { id: actor.accountId, name: accountOf(actor) };
  if ('keyId' in actor)
    return {
      who: actor.name === undefined ? `key ${actor.keyId}` : `key “${actor.name}”`,
      account,
    };
  return { who: actor.name ?? `person ${actor.personId}`, account };
}

/**
 * What happened to what, in parts: the thing changed, named (its own page links it), then what
 * happened to it; or the whole sentence when no one thing leads it ("A person invited to …").
 */
export interface ActionParts {
  /** The target by its name ("Biscuit", "Account “Shelter”"), or by kind and id without one. */
  subject?: string;
  /** The rest of the sentence: " updated", or the whole of it without a subject. */
  text: string;
}

/**
 * What happened to what: "Biscuit updated", "Ann of Shelter signed in (session 5)", "A person
 * invited to Shelter (ann@acme.example)", "Category “Dogs” archived" (by its name now); by kind and
 * id where the trail gave no name ("Pet 12 updated", "Order 8 placed").
 */
export function describeAction(event: AuditEvent, categories?: CategoryLookup): string {
  const { subject, text } = actionParts(event, categories);
  return `${subject ?? ''}${text}`;
}

/** The name of the target, as it is now; by kind and id when the trail gave none. */
function subjectOf(target: AuditEvent['target'], categories: CategoryLookup): string {
  if (target.type === 'category') {
    const category = categories.byId(target.id);
    return category ? `Category “${category.name}”` : categories.nameOf(target.id);
  }
  const name = target.name;
  if (name === null || name === undefined) return `${nounOf(target.type)} ${target.id}`;
  // A pet and a person go by their names alone; anything else says what it is.
  return target.type === 'pet' || target.type === 'person'
    ? name
    : `${nounOf(target.type)} “${name}”`;
}

/** An account in a sentence: "Shelter" when the trail names it, else "account 2". */
const accountNamed = (target: AuditEvent['target']): string =>
  target.name ?? `account ${target.id}`;

export function actionParts(
  event: AuditEvent,
  categories: CategoryLookup = NO_CATEGORIES,
): ActionParts {
  const { action, actor, target } = event;
  const about = (what: string): ActionParts => ({
    subject: subjectOf(target, categories),
    text: ` ${what}`,
  });
  // A pet's profile and photos: the pet is the target, "Biscuit’s photo added".
  const ofPet = (what: string): ActionParts => ({
    subject: subjectOf(target, categories),
    text: `’s ${what}`,
  });
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
    case 'pet.profile_updated':
      return ofPet('profile updated');
    case 'photo.added':
      return ofPet('photo added');
    case 'photo.moved':
      return ofPet('photo moved');
    case 'photo.removed':
      return ofPet('photo removed');
    case 'key.revoked':
      return about('revoked');
    case 'account.plan_changed':
      return about('plan changed');
    case 'session.ended':
      return about('ended');
    case 'person.signed_in':
      // The person is the actor; the target is the session the sign-in started.
      return typeof actor === 'object' && 'personId' in actor
        ? {
            text: `${actor.name ?? `Person ${actor.personId}`} of ${accountOf(actor)} signed in (session ${target.id})`,
          }
        : about('started');
    case 'person.invited': {
      // The target is the account invited to; the email invited is the one change.
      const email = event.changes['email']?.[1];
      return {
        text: `A person invited to ${accountNamed(target)}${typeof email === 'string' ? ` (${email})` : ''}`,
      };
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
      return {
        text: `An invitation to ${accountNamed(target)}${typeof email === 'string' ? ` (${email})` : ''} revoked`,
      };
    }
    case 'person.password_removed':
      return about('removed their password');
    case 'passkey.added':
      return about('added');
    case 'passkey.removed':
      return about('removed');
    case 'webhook.created':
      return about('created');
    case 'webhook.updated':
      return about('changed');
    case 'webhook.secret_rolled':
      return about('given a new secret');
    case 'webhook.deleted':
      return about('deleted');
    case 'webhook.delivery_resent': {
      // "Webhook endpoint 6: delivery 31 sent again": the endpoint is the target, not the sender.
      const delivery = event.changes['deliveryId']?.[1];
      return {
        subject: subjectOf(target, categories),
        text: `: ${typeof delivery === 'number' ? `delivery ${delivery}` : 'a delivery'} sent again`,
      };
    }
    case 'webhook.test_sent':
      return { subject: subjectOf(target, categories), text: ': a test event sent' };
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
      return {
        text: `A failed sign-in as ${target.name ?? `person ${target.id}`}${typeof email === 'string' ? ` (${email})` : ''}`,
      };
    }
    default:
      // An action the app does not know (added since), as the trail names it.
      return about(action);
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
    // A value that stayed (the photo a move moved) is said once.
    return before === null || before === undefined || before === after
      ? `${label}: ${value(after)}`
      : `${label}: ${value(before)} → ${value(after)}`;
  });
