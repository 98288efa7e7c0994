/** Signs one of the person's devices out (`DELETE /v1/sessions/{id}`); this one, back to sign-in. */
import type { Session } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useSession } from '../../../lib/session.js';
import { sessionsQueryKey } from './list-sessions.js';

export function useEndSession() {
  const client = useClient();
  const queryClient = useQueryClient();
  const { signedOut } = useSession();
  return useMutation({
    mutationFn: (session: Session) => client.session.endSession(session.id),
    onSuccess: (_answer, session) => {
      if (session.current) signedOut('signed-out');
      else void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
