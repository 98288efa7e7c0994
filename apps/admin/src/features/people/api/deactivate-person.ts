/**
 * Staff deactivate a person: they can no longer sign in, and their sessions, reset links, the
 * invitations they made and the keys they made end.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';

export function useDeactivatePerson() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => client.admin.deactivatePerson(personId),
    onSuccess: () => {
      // Its people, and what ended with the person in other lists (keys, invitations): all read again.
      void queryClient.invalidateQueries();
    },
  });
}
