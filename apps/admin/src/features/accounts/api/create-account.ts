/** Creates an account (staff); it joins the accounts list at once, so its page can open. */
import type { NewAccountInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { listAccountsQueryOptions } from './list-accounts.js';

export function useCreateAccount() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: NewAccountInput) => client.admin.createAccount(account),
    onSuccess: ({ data: created }) => {
      const { queryKey } = listAccountsQueryOptions(client);
      // The new account's page finds it in the list at once, before the list is read again.
      queryClient.setQueryData(queryKey, (list) =>
        list ? { ...list, data: [...list.data, created] } : list,
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
