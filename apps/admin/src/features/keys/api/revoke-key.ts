/** Revokes an API key; every list of keys is read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { keysQueryKey, type KeysOf } from './list-keys.js';

export function useRevokeKey(of: KeysOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    // Staff revoke another account's key through the admin operation; anyone their own.
    mutationFn: (keyId: number) =>
      of === 'own' ? client.revokeAccountKey(keyId) : client.admin.revokeKey(keyId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keysQueryKey });
    },
  });
}
