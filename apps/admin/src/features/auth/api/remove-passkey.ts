/** Removes one of the person's passkeys (`DELETE /v1/session/passkeys/{id}`). */
import type { Passkey } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { passkeysQueryKey } from './list-passkeys.js';

export function useRemovePasskey() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkey: Passkey) => client.session.removePasskey(passkey.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    },
  });
}
