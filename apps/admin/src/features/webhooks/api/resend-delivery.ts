/** Sends one delivery of an endpoint again; its log is read again until the new attempt shows. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { attemptsQueryKey } from './list-webhook-attempts.js';
import type { WebhooksOf } from './list-webhooks.js';

export function useResendDelivery(of: WebhooksOf, endpointId: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      of === 'own'
        ? client.resendWebhookDelivery(endpointId, deliveryId)
        : client.admin.resendWebhookDeliveryOfAccount(of.accountId, endpointId, deliveryId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attemptsQueryKey(of, endpointId) });
    },
  });
}
