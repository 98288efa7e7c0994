/** Invites a person by email, to the signed-in person's account or (staff) another. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { invitationsQueryKey } from './list-invitations.js';

/** To whose account: the signed-in person's own, or (staff) any account by its id. */
export type InvitationsOf = 'own' | { accountId: number };

/** An invitation with its one-time link, which the API shows this once. */
export function useCreateInvitation(of: InvitationsOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      of === 'own'
        ? client.session.createInvitation({ email })
        : client.admin.createInvitationForAccount(of.accountId, { email }),
    // The answer holds the link, a secret: drop it from the cache as soon as the form lets go.
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
