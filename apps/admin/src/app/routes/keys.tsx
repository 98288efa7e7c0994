/** The API keys page: the keys feature for the signed-in account's own keys. */
import { PageHeading } from '../../components/ui/page-heading.js';
import { KeysSection } from '../../features/keys/components/keys-section.js';

/**
 * The signed-in account's own keys; staff manage other accounts' on the Accounts pages. The
 * rate limit and its notice are the layout's, as on every page.
 */
export function KeysRoute() {
  return (
    <>
      <PageHeading>API keys</PageHeading>
      <KeysSection of="own" />
    </>
  );
}
