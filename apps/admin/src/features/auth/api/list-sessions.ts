/** The signed-in person's sessions that have not ended, on any device, a page at a time. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

/** Sessions shown a page at a time, oldest first: a person rarely has more than a few. */
export const SESSIONS_PAGE_SIZE = 20;

/** Every page of the person's sessions: ending one or changing the password changes them all. */
export const sessionsQueryKey = ['sessions'] as const;

/** One page of sessions: the first, or the one `cursor` (from the page before) points at. */
export const listSessionsQueryOptions = (client: PetstoreClient, cursor: string | undefined) => {
  const query = { limit: SESSIONS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...sessionsQueryKey, query] as const,
    queryFn: ({ signal }) => client.session.listSessions(query, { signal }),
  });
};
