/**
 * Rolls an endpoint's signing secret; the answer, which holds the new secret, leaves the cache as
 * soon as the page lets go of it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { webhooksQueryKey, type WebhooksOf } from './list-webhooks.js';

export function useRollWebhookSecret(of: WebhooksOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      of === 'own'
        ? client.rollWebhookSecret(endpointId)
        : client.admin.rollWebhookSecretOfAccount(of.accountId, endpointId),
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
