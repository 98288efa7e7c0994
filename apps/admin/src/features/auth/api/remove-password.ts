/**
 * Removes the person's password once they have a passkey (`DELETE /v1/session/password`); the
 * session then says they have none, which hides the password form.
 */
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useSession } from '../../../lib/session.js';

export function useRemovePassword() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async () => {
      await client.session.removePassword();
      return signedIn();
    },
  });
}
