/** Choosing a new password with a reset link, signed in at once. */
import type { ResetPasswordInput } from '@pets/client';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { OWN_LIMITS } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';

/** Sets a new password with a reset link (the API signs the person in), then asks who it is. */
export function useResetPassword() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async (reset: ResetPasswordInput) => {
      await client.session.resetPassword(reset);
      return signedIn();
    },
    meta: OWN_LIMITS,
  });
}
