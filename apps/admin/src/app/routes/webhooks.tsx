/** The Webhooks page: the webhooks feature for the signed-in account's own endpoints. */
import { PageHeading } from '../../components/ui/page-heading.js';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.js';

/**
 * The signed-in account's own webhook endpoints; staff manage other accounts' on the Accounts
 * pages, as they do their keys.
 */
export function WebhooksRoute() {
  return (
    <>
      <PageHeading>Webhooks</PageHeading>
      <WebhooksSection of="own" />
    </>
  );
}
