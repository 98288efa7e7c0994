/** How unit tests open staff's Accounts pages, apart so that other suites need not load them. */
import { Route } from 'wouter';
import { AccountsRoute } from '../app/routes/accounts.js';
import type { FakeClient } from './fake-client.js';
import { renderWithApp } from './render.js';

/** Staff's Accounts pages (`/accounts` and what is nested under it), opened at `url`. */
export const renderAccountsRoute = (client: FakeClient, url: string) =>
  renderWithApp(
    <Route path="/accounts" nest>
      <AccountsRoute />
    </Route>,
    client,
    { url },
  );
