/** An invitation's link, shown this once (the API keeps only its hash), until dismissed. */
import type { Invitation } from '@pets/client';
import { OneTimeLink } from './one-time-link.js';

export function NewInvitation({
  invitation,
  onDismiss,
}: {
  invitation: Invitation;
  onDismiss: () => void;
}) {
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
