import { PageHeading } from '../../../components/ui/page-heading.js';
import { AccountsSection } from './accounts-section.js';

/** Staff: the partner accounts, their plans and limits. */
export function AccountsPage() {
  return (
    <>
      <PageHeading>Accounts</PageHeading>
      <AccountsSection />
    </>
  );
}
