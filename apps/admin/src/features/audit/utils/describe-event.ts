/** An audit event in words for staff: the trail gives ids only, never names. */
import type { AuditEvent } from '@pets/client';
import type { AuditTargetType } from '@pets/contract';

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
 * invited to account 2 (ann@acme.example)".
 */
export function describeAction(event: AuditEvent): string {
  const { action, actor, target } = event;
  const about = (what: string) => `${NOUNS[target.type]} ${target.id} ${what}`;
  switch (action) {
    case 'pet.created':
    case 'key.created':
    case 'account.created':
      return about('created');
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
    case 'person.sign_in_failed': {
      // The API records the email that was tried as the event's one change.
      const email = event.changes['email']?.[1];
      return `A failed sign-in as person ${target.id}${typeof email === 'string' ? ` (${email})` : ''}`;
    }
  }
}

/**
 * The changes as short phrases: "status: available → sold" for an update, "name: Rex" for a value
 * set where there was none. Deletions and revocations that carry no fields say nothing more.
 */
export const describeChanges = (event: AuditEvent): string[] =>
  Object.entries(event.changes).map(([field, [before, after]]) =>
    before === null || before === undefined
      ? `${field}: ${show(after)}`
      : `${field}: ${show(before)} → ${show(after)}`,
  );
