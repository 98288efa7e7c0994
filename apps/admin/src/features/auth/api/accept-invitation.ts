/** Accepting an invitation: joining its account with a name and password, signed in at once. */
import type { AcceptInvitationInput } from '@pets/client';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { OWN_LIMITS } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';

/** Joins with an invitation's link (the API signs the person in), then asks who is signed in. */
export function useAcceptInvitation() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async (acceptance: AcceptInvitationInput) => {
      await client.session.acceptInvitation(acceptance);
      return signedIn();
    },
    meta: OWN_LIMITS,
  });
}
