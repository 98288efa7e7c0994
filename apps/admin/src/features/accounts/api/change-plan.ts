/**
 * Changes an account's plan (staff); the accounts list and, when it is the signed-in account, the
 * limits the layout shows follow.
 */
import type { PlanChange } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { updateSignedInAccount } from '../../../lib/session.js';
import { accountsQueryKey } from './list-accounts.js';

export function useChangePlan() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, change }: { accountId: number; change: PlanChange }) =>
      client.admin.changePlan(accountId, change),
    onSuccess: ({ data: account }) => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      // The signed-in account may be the one changed; the layout shows its plan's limits.
      updateSignedInAccount(queryClient, account);
    },
  });
}
