import { PageHeading } from '../../components/ui/page-heading.js';
import { InviteSection } from '../../features/people/components/invite-section.js';
import { SignedInSummary } from '../../features/people/components/signed-in-summary.js';

/** The signed-in person's own page: who they are, their account, and inviting a colleague to it. */
export function AccountRoute() {
  return (
    <>
      <PageHeading>Your account</PageHeading>
      <SignedInSummary />
      <InviteSection of="own" />
    </>
  );
}
