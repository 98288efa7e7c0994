/**
 * A new invitation, until dismissed: where the API e-mailed it, or (without a mail server) its
 * link, shown this once (the API keeps only its hash).
 */
import type { Invitation } from '@pets/client';
import { LinkSent, OneTimeLink } from './one-time-link.js';

export function NewInvitation({
  invitation,
  onDismiss,
}: {
  invitation: Invitation;
  onDismiss: () => void;
}) {
  if (invitation.delivery === 'email')
    return (
      <LinkSent
        sentence={`Invitation sent to ${invitation.sentTo}.`}
        expiresAt={invitation.expiresAt}
        onDismiss={onDismiss}
      />
    );
  return (
    <OneTimeLink
      label={`Invitation link for ${invitation.email}`}
      link={invitation.link}
      to={invitation.email}
      expiresAt={invitation.expiresAt}
      onDismiss={onDismiss}
    />
  );
}
