/** Changes an endpoint's events, or disables or enables it; every list of endpoints is read again. */
import type { WebhookEndpointPatch } from '@pets/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { webhooksQueryKey, type WebhooksOf } from './list-webhooks.js';

export function useUpdateWebhook(of: WebhooksOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, patch }: { endpointId: number; patch: WebhookEndpointPatch }) =>
      of === 'own'
        ? client.updateWebhookEndpoint(endpointId, patch)
        : client.admin.updateWebhookEndpointOfAccount(of.accountId, endpointId, patch),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
