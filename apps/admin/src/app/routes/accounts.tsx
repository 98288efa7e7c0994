import { AccountsPage } from '../../features/accounts/components/accounts-page.js';

export const AccountsRoute = AccountsPage;
