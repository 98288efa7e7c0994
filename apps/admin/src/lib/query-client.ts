import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface ApiEvents {
  /** Every successful result (an `ApiResult`), to follow the rate limit. */
  onSuccess: (data: unknown) => void;
  /** Every failure, to sign out on a 401 and hold back after a 429. */
  onError: (error: unknown) => void;
}

/** The audit trail's queries (Activity, a pet's history): every change adds to it. */
export const AUDIT_QUERY_ROOT = 'audit';

export function createQueryClient({ onSuccess, onError }: ApiEvents): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onSuccess, onError }),
    mutationCache: new MutationCache({
      onSuccess: (data) => {
        onSuccess(data);
        // Every change the API accepts writes an audit event: what shows the trail is stale.
        void queryClient.invalidateQueries({ queryKey: [AUDIT_QUERY_ROOT] });
      },
      onError,
    }),
    defaultOptions: {
      // Every request counts against the account's rate limit: no retries, no refetch on focus.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
