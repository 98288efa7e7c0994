/** Finds one account for its page, in the list of all accounts. */
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAccountsQueryOptions } from './list-accounts.js';

/**
 * One account, by id. The API has no operation to get one account: it is found in the list of
 * all of them (staff's, a few hundred at most), which the Accounts page has often loaded already.
 * `data` is null when the list has no such account.
 */
export function useFindAccount(id: number | undefined) {
  const client = useClient();
  const { blocked } = useRateLimit();
  return useQuery({
    ...listAccountsQueryOptions(client),
    enabled: !blocked && id !== undefined,
    select: ({ data }) => data.find((account) => account.id === id) ?? null,
  });
}
