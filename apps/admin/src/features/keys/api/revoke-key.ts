import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { keysQueryKey } from './list-keys.js';

export function useRevokeKey() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => client.revokeKey(keyId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keysQueryKey });
    },
  });
}
