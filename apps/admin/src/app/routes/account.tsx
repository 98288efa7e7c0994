/** The Your account page: composes the auth, people and keys features for the signed-in person. */
import { PageHeading } from '../../components/ui/page-heading.js';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.js';
import { PasskeysSection } from '../../features/auth/components/passkeys-section.js';
import { SessionsSection } from '../../features/auth/components/sessions-section.js';
import { InviteSection } from '../../features/people/components/invite-section.js';
import { PeopleSection } from '../../features/people/components/people-section.js';
import { SignedInSummary } from '../../features/people/components/signed-in-summary.js';
import { useSignedIn } from '../../lib/session.js';

/**
 * The signed-in person's own page: who they are and their account, their password and where they
 * are signed in, the people of their account (read-only: staff manage people on an account's
 * page), and inviting a colleague to it.
 */
export function AccountRoute() {
  // A person who removed their password signs in with a passkey; a staff reset link sets one again.
  const { hasPassword } = useSignedIn();
  return (
    <>
      <PageHeading>Your account</PageHeading>
      <SignedInSummary />
      {hasPassword ? <ChangePasswordForm /> : null}
      <PasskeysSection />
      <SessionsSection />
      <PeopleSection of="own" />
      <InviteSection of="own" />
    </>
  );
}
