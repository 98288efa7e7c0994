import type { NewAccountInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { accountsQueryKey } from './list-accounts.js';

export function useCreateAccount() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: NewAccountInput) => client.admin.createAccount(account),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    },
  });
}
