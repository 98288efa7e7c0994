/**
 * Adds a passkey: the API's creation options, the browser's prompt (`@simplewebauthn/browser`'s
 * `startRegistration`), then the new credential with its name (`POST /v1/session/passkeys`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { useClient } from '../../../lib/client.js';
import { passkeysQueryKey } from './list-passkeys.js';

export function useAddPasskey() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await client.session.startPasskeyRegistration();
      const credential = await startRegistration({
        optionsJSON: options.data as unknown as Parameters<
          typeof startRegistration
        >[0]['optionsJSON'],
      });
      return client.session.addPasskey({
        name,
        credential: { ...credential, response: { ...credential.response } },
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    },
  });
}
