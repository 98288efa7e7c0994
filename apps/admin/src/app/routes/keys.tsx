import { RateLimitMeter } from '../../components/rate-limit-meter.js';
import { RateLimitNotice } from '../../components/rate-limit-notice.js';
import { PageHeading } from '../../components/ui/page-heading.js';
import { AccountsSection } from '../../features/accounts/components/accounts-section.js';
import { KeysSection } from '../../features/keys/components/keys-section.js';
import { useAccount } from '../../lib/get-account.js';

export function KeysRoute() {
  const account = useAccount().data?.data;
  return (
    <>
      <PageHeading>API keys</PageHeading>
      <RateLimitMeter />
      <div aria-live="polite">
        <RateLimitNotice />
      </div>
      <KeysSection />
      {account?.role === 'staff' ? <AccountsSection /> : null}
    </>
  );
}
