/**
 * Removes the person's password once they have a passkey (`DELETE /v1/session/password`, the
 * password required); the session then says they have none, which hides the password form.
 */
import type { RemovePasswordInput } from '@pets/client';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useSession } from '../../../lib/session.js';

export function useRemovePassword() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async (removal: RemovePasswordInput) => {
      await client.session.removePassword(removal);
      return signedIn();
    },
    // The password is in the variables: drop it as soon as the dialog lets go.
    gcTime: 0,
  });
}
