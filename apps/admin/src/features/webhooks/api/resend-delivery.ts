/**
 * Sends one delivery of an endpoint again, and answers the attempt after which its new one is
 * awaited: its log is read again until an attempt of the delivery newer than that shows.
 */
import type { WebhookAttempt } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { attemptsQueryKey, listAttemptsQueryOptions } from './list-webhook-attempts.js';
import type { WebhooksOf } from './list-webhooks.js';

export function useResendDelivery(of: WebhooksOf, endpointId: number) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attempt: Pick<WebhookAttempt, 'id' | 'deliveryId'>) => {
      // The newest attempt as the first page says now, not as it said when last read (an older
      // page, or a first page read a while ago): a retry made since would otherwise pass for the
      // attempt this resend makes, and the log would stop reading before that one shows.
      const first = await queryClient.query({
        ...listAttemptsQueryOptions(client, of, endpointId, undefined),
        staleTime: 0,
      });
      await (of === 'own'
        ? client.resendWebhookDelivery(endpointId, attempt.deliveryId)
        : client.admin.resendWebhookDeliveryOfAccount(
            of.accountId,
            endpointId,
            attempt.deliveryId,
          ));
      return { afterId: Math.max(first.data[0]?.id ?? 0, attempt.id) };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attemptsQueryKey(of, endpointId) });
    },
  });
}
