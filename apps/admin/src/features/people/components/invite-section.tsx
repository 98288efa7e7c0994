/** The invite section: the invitation form, then the new invitation's link shown once. */
import type { Invitation } from '@pets/client';
import { INVITATION_TTL_MS } from '@pets/contract';
import { useId, useState } from 'react';
import type { InvitationsOf } from '../api/create-invitation.js';
import { InviteForm } from './invite-form.js';
import { NewInvitation } from './new-invitation.js';

/**
 * Invites a person with a one-time link, shown once: to the signed-in person's own account
 * (`of="own"`, "Invite a colleague"), or for staff to another account, named by `owner`.
 */
export function InviteSection({ of, owner }: { of: InvitationsOf; owner?: string }) {
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const heading = `${useId()}-invite`;
  return (
    <section aria-labelledby={heading} className="panel">
      <h2 id={heading}>{owner ? 'Invite a person' : 'Invite a colleague'}</h2>
      <p>
        {owner ? `They join ${owner}` : 'They join your account'} with a one-time link, where they
        choose their name and password. The link works for {INVITATION_TTL_MS / 86_400_000} days.
      </p>
      {invitation ? (
        <NewInvitation
          invitation={invitation}
          onDismiss={() => {
            setInvitation(null);
            setDismissed(true);
          }}
        />
      ) : (
        <InviteForm of={of} onCreated={setInvitation} focusOnMount={dismissed} />
      )}
    </section>
  );
}
