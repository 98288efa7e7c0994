import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface ApiEvents {
  /** Every successful result (an `ApiResult`), to follow the rate limit. */
  onSuccess: (data: unknown) => void;
  /** Every failure, to sign out on a 401 and hold back after a 429. */
  onError: (error: unknown) => void;
}

export function createQueryClient({ onSuccess, onError }: ApiEvents): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onSuccess, onError }),
    mutationCache: new MutationCache({ onSuccess, onError }),
    defaultOptions: {
      // Every request counts against the account's rate limit: no retries, no refetch on focus.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
