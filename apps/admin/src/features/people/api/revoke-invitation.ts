/** Staff revoke an open invitation: its link stops working at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { invitationsQueryKey } from './list-invitations.js';

export function useRevokeInvitation() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => client.admin.revokeInvitation(invitationId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
