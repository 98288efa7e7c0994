/** The ways to sign in besides email and password, for the sign-in page. */
import type { PetstoreClient } from '@pets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';

/** What the API offers changes only with its configuration: asked once per page load. */
export const signInMethodsQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: ['sign-in-methods'] as const,
    queryFn: ({ signal }) => client.session.getSignInMethods({ signal }),
    staleTime: Infinity,
    select: (answer) => answer.data,
  });

/** The company identity provider (when configured) and whether passkeys sign in. */
export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions(useClient()));
}
