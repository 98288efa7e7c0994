/** Signing in with an email and password. */
import type { SignInInput } from '@pets/client';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { OWN_LIMITS } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';

/** Signs in, then asks who is signed in: the person, or null when the cookie was not kept. */
export function useSignIn() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async (credentials: SignInInput) => {
      await client.session.signIn(credentials);
      return signedIn();
    },
    meta: OWN_LIMITS,
  });
}
