/**
 * A new password-reset link, until dismissed: where the API e-mailed it, or (without a mail
 * server) the link, shown this once (the API keeps only its hash).
 */
import type { PasswordResetLink, Person } from '@pets/client';
import { LinkSent, OneTimeLink } from './one-time-link.js';

export function NewResetLink({
  person,
  reset,
  onDismiss,
}: {
  person: Person;
  reset: PasswordResetLink;
  onDismiss: () => void;
}) {
  if (reset.delivery === 'email')
    return (
      <LinkSent
        className="shown-once panel"
        sentence={`Reset link sent to ${reset.sentTo}.`}
        expiresAt={reset.expiresAt}
        onDismiss={onDismiss}
      />
    );
  return (
    <OneTimeLink
      className="shown-once panel"
      label={`Password-reset link for ${person.email}`}
      link={reset.link}
      to={`${person.name} (${person.email})`}
      expiresAt={reset.expiresAt}
      then="; there they choose a new password, and every session they had ends. Their password stays as it is until then."
      onDismiss={onDismiss}
    />
  );
}
