/** The list of every account (staff), under the key a new account or a changed plan refreshes. */
export { accountsQueryKey, listAccountsQueryOptions } from '../../../lib/accounts.js';
