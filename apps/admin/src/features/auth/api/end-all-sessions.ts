/** Signs out everywhere (`DELETE /v1/sessions`): every session of the person ends, this one too. */
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useSession } from '../../../lib/session.js';

export function useEndAllSessions() {
  const client = useClient();
  const { signedOut } = useSession();
  return useMutation({
    mutationFn: () => client.session.endAllSessions(),
    // A 401 instead means this session had ended already, not that the others have: the session's
    // own handler says so (lib/session.tsx).
    onSuccess: () => {
      signedOut('signed-out-everywhere');
    },
  });
}
