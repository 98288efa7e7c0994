/**
 * Staff's Accounts pages: composes the accounts feature with an account's keys, webhook endpoints,
 * people and open invitations.
 */
import { Route, Switch } from 'wouter';
import { AccountDetail } from '../../features/accounts/components/account-detail.js';
import { AccountsPage } from '../../features/accounts/components/accounts-page.js';
import { accountIdOf } from '../../features/accounts/utils/account-paths.js';
import { KeysSection } from '../../features/keys/components/keys-section.js';
import { InvitationsSection } from '../../features/people/components/invitations-section.js';
import { InviteSection } from '../../features/people/components/invite-section.js';
import { PeopleSection } from '../../features/people/components/people-section.js';
import { WebhooksSection } from '../../features/webhooks/components/webhooks-section.js';

/** Staff's accounts, nested under /accounts: the list, and one account with its keys and people. */
export function AccountsRoute() {
  return (
    <Switch>
      <Route path="/">
        <AccountsPage />
      </Route>
      {/* Anything else names an account, or says there is none by that id. */}
      <Route path="/*">
        {({ '*': id }) => (
          <AccountDetail
            key={id}
            id={accountIdOf(id)}
            param={id}
            sections={(account) => (
              <>
                <KeysSection of={{ accountId: account.id }} owner={account.name} />
                <WebhooksSection of={{ accountId: account.id }} owner={account.name} />
                <PeopleSection of={{ accountId: account.id }} owner={account.name} manage />
                <InviteSection of={{ accountId: account.id }} owner={account.name} />
                <InvitationsSection accountId={account.id} owner={account.name} />
              </>
            )}
          />
        )}
      </Route>
    </Switch>
  );
}
