import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { keysQueryKey } from './list-keys.js';

export function useCreateKey() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => client.createKey(label),
    // The answer holds the plaintext key: drop it from the cache as soon as the form lets go.
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keysQueryKey });
    },
  });
}
