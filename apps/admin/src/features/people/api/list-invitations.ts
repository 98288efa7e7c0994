/** Staff: an account's open invitations (not accepted, revoked or past their time), oldest first. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const INVITATIONS_PAGE_SIZE = 50;

/** Every list of open invitations: made, revoked or ended with their maker, they are read again. */
export const invitationsQueryKey = ['invitations'] as const;

/** One page of an account's open invitations: the first, or the one `cursor` points at. */
export const listInvitationsQueryOptions = (
  client: PetstoreClient,
  accountId: number,
  cursor: string | undefined,
) => {
  const query = { limit: INVITATIONS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...invitationsQueryKey, accountId, query] as const,
    queryFn: ({ signal }) => client.admin.listInvitationsOfAccount(accountId, query, { signal }),
  });
};
