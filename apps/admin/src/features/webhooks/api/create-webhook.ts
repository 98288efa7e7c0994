/**
 * Creates a webhook endpoint, for the signed-in account or (staff) another; the answer, which holds
 * the signing secret, leaves the cache as soon as the form lets go of it.
 */
import type { NewWebhookEndpoint } from '@pets/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { webhooksQueryKey, type WebhooksOf } from './list-webhooks.js';

export function useCreateWebhook(of: WebhooksOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: NewWebhookEndpoint) =>
      of === 'own'
        ? client.createWebhookEndpoint(endpoint)
        : client.admin.createWebhookEndpointForAccount(of.accountId, endpoint),
    // The answer holds the secret: drop it from the cache as soon as the form lets go.
    gcTime: 0,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
