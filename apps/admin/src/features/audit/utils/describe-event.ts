import type { AuditEvent } from '@pets/client';

const show = (value: unknown): string =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** Who made the change, in words: "account 3 (key 7)" or "the command-line tool". */
export const describeActor = (actor: AuditEvent['actor']): string =>
  actor === 'cli' ? 'the command-line tool' : `account ${actor.accountId} (key ${actor.keyId})`;

/** What happened to what: "Pet 12 updated". */
export function describeAction(event: AuditEvent): string {
  const [type, verb] = event.action.split('.');
  const noun = type === 'key' ? 'Key' : type === 'account' ? 'Account' : 'Pet';
  const what = verb === 'plan_changed' ? 'plan changed' : verb;
  return `${noun} ${event.target.id} ${what}`;
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
