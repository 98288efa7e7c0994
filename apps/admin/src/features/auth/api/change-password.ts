/** Changes the signed-in person's password (`POST /v1/session/password`); their other sessions end. */
import type { ChangePasswordInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { sessionsQueryKey } from './list-sessions.js';

export function useChangePassword() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ChangePasswordInput) => client.session.changePassword(change),
    // The passwords are in the variables: drop them as soon as the form lets go.
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
