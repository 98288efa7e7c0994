/** Sends an endpoint a `webhook.test` event; its log is read again until the attempt shows. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { attemptsQueryKey } from './list-webhook-attempts.js';
import type { WebhooksOf } from './list-webhooks.js';

export function useSendTestEvent(of: WebhooksOf) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: number) =>
      of === 'own'
        ? client.sendWebhookTestEvent(endpointId)
        : client.admin.sendWebhookTestEventOfAccount(of.accountId, endpointId),
    onSuccess: (_, endpointId) => {
      void queryClient.invalidateQueries({ queryKey: attemptsQueryKey(of, endpointId) });
    },
  });
}
