/**
 * An audit event's what and who as the Activity page and a pet's history show them: by name, a pet
 * linked to its page (with its id, which staff use) and an account to its page.
 */
import type { AuditEvent } from '@pets/client';
import { Link } from 'wouter';
import type { CategoryLookup } from '../../../lib/categories.js';
import { actionParts, actorParts } from '../utils/describe-event.js';

/** Where a target has a page of its own: a pet's, an account's. */
function hrefOf(target: AuditEvent['target']): string | undefined {
  if (target.type === 'pet') return `/pets/${String(target.id)}`;
  if (target.type === 'account') return `/accounts/${String(target.id)}`;
  return undefined;
}

/** "Biscuit #14 updated", the pet's name linked to its page. */
export function EventAction({
  event,
  categories,
}: {
  event: AuditEvent;
  categories?: CategoryLookup | undefined;
}) {
  const { subject, text } = actionParts(event, categories);
  const href = hrefOf(event.target);
  if (subject === undefined) return <>{text}</>;
  return (
    <>
      {href === undefined || event.action === 'pet.deleted' ? (
        subject
      ) : (
        <Link href={href}>{subject}</Link>
      )}
      {event.target.type === 'pet' && event.target.name ? (
        <span className="muted"> #{event.target.id}</span>
      ) : null}
      {text}
    </>
  );
}

/**
 * "Ann (Shelter)", "key “ci” (Partner Co)": the account linked to its page. One element, so a
 * phone's card lays it out as one value.
 */
export function EventActor({ actor }: { actor: AuditEvent['actor'] }) {
  const { who, account } = actorParts(actor);
  if (account === undefined) return <span>{who}</span>;
  return (
    <span>
      {who} (<Link href={`/accounts/${String(account.id)}`}>{account.name}</Link>)
    </span>
  );
}
