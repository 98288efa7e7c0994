/** An account's people, deactivated ones included, a page at a time, oldest first. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

/** Whose people: the signed-in person's own account's, or (staff) any account's by its id. */
export type PeopleOf = 'own' | { accountId: number };

export const PEOPLE_PAGE_SIZE = 50;

/** Every list of people: a person may show in two (staff's Your account, and its account's page). */
export const peopleQueryKey = ['people'] as const;

export const peopleOfQueryKey = (of: PeopleOf) =>
  of === 'own'
    ? ([...peopleQueryKey, 'own'] as const)
    : ([...peopleQueryKey, of.accountId] as const);

/** One page of people: the first, or the one `cursor` (from the page before) points at. */
export const listPeopleQueryOptions = (
  client: PetstoreClient,
  of: PeopleOf,
  cursor: string | undefined,
) => {
  const query = { limit: PEOPLE_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: [...peopleOfQueryKey(of), query] as const,
    queryFn: ({ signal }) =>
      of === 'own'
        ? client.listPeople(query, { signal })
        : client.admin.listPeopleOfAccount(of.accountId, query, { signal }),
  });
};
