/** Signing out of this session. */
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { isUnauthorized } from '../../../lib/errors.js';
import { useSession } from '../../../lib/session.js';

/** Ends the session at the API (which clears the cookie), then in the app. */
export function useSignOut() {
  const client = useClient();
  const { signedOut } = useSession();
  return useMutation({
    mutationFn: () => client.session.signOut(),
    onSuccess: () => {
      signedOut('signed-out');
    },
    onError: (error) => {
      // The session had ended already: signed out all the same.
      if (isUnauthorized(error)) signedOut('signed-out');
    },
  });
}
