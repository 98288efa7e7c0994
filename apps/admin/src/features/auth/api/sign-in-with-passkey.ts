/**
 * Signing in with a passkey: the API's request options, the browser's prompt
 * (`@simplewebauthn/browser`'s `startAuthentication`), then its answer (`POST /v1/session/passkey`),
 * and who is signed in, as after a password.
 */
import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { OWN_LIMITS } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';

/** Signs in, then asks who is signed in: the person, or null when the cookie was not kept. */
export function useSignInWithPasskey() {
  const client = useClient();
  const { signedIn } = useSession();
  return useMutation({
    mutationFn: async () => {
      const options = await client.session.startPasskeySignIn();
      const credential = await startAuthentication({ optionsJSON: options.data });
      await client.session.signInWithPasskey({
        credential: { ...credential, response: { ...credential.response } },
      });
      return signedIn();
    },
    meta: OWN_LIMITS,
  });
}
