/**
 * Creates an API key, for the signed-in account or (staff) another; the answer, which holds the
 * secret, leaves the cache as soon as the form lets go of it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { keysQueryKey, type KeysOf } from './list-keys.js';

export function useCreateKey(of: KeysOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      of === 'own'
        ? client.createAccountKey(label)
        : client.admin.createKeyForAccount(of.accountId, label),
    // The answer holds the plaintext key: drop it from the cache as soon as the form lets go.
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keysQueryKey });
    },
  });
}
