/** Staff's Accounts page: every account, and a form to create one. */
import { PageHeading } from '../../../components/ui/page-heading.js';
import { AccountsTable } from './accounts-table.js';
import { CreateAccountForm } from './create-account-form.js';

/** Staff: every account, its plan and limits, each opening its own page; create accounts. */
export function AccountsPage() {
  return (
    <>
      <PageHeading>Accounts</PageHeading>
      <AccountsTable />
      <CreateAccountForm />
    </>
  );
}
