/** A password-reset link, shown this once (the API keeps only its hash), until dismissed. */
import type { PasswordResetLink, Person } from '@pets/client';
import { OneTimeLink } from './one-time-link.js';

export function NewResetLink({
  person,
  reset,
  onDismiss,
}: {
  person: Person;
  reset: PasswordResetLink;
  onDismiss: () => void;
}) {
  return (
    <OneTimeLink
      className="new-key panel"
      label={`Password-reset link for ${person.email}`}
      link={reset.link}
      to={`${person.name} (${person.email})`}
      expiresAt={reset.expiresAt}
      then="; there they choose a new password, and every session they had ends. Their password stays as it is until then."
      onDismiss={onDismiss}
    />
  );
}
