/** Deletes an endpoint for good; every list of endpoints is read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { webhooksQueryKey, type WebhooksOf } from './list-webhooks.js';

export function useDeleteWebhook(of: WebhooksOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      of === 'own'
        ? client.deleteWebhookEndpoint(endpointId)
        : client.admin.deleteWebhookEndpointOfAccount(of.accountId, endpointId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
