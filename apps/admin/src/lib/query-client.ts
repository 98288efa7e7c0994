/**
 * The query cache of the app, which hears every answer (for the rate limit) and every change (for
 * the audit trail).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface ApiEvents {
  /** Every successful result (an `ApiResult`), to follow the rate limit. */
  onSuccess: (data: unknown) => void;
  /** Every failure, to hold back after a 429 (a 401 is the session's: see lib/session.tsx). */
  onError: (error: unknown) => void;
}

/** The audit trail's queries (Activity, a pet's history): every change adds to it. */
export const AUDIT_QUERY_ROOT = 'audit';

/**
 * The `meta` of a mutation whose limits are its own, not the account's: signing in and using a
 * one-time link are limited per email and per address, so their 429 holds back nothing else (as
 * the client does). Its failures are not reported to `onError`; the form says what happened.
 */
export const OWN_LIMITS = { ownLimits: true } as const;

export function createQueryClient({ onSuccess, onError }: ApiEvents): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onSuccess, onError }),
    mutationCache: new MutationCache({
      onSuccess: (data) => {
        onSuccess(data);
        // Every change the API accepts writes an audit event: what shows the trail is stale.
        void queryClient.invalidateQueries({ queryKey: [AUDIT_QUERY_ROOT] });
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.['ownLimits'] !== true) onError(error);
      },
    }),
    defaultOptions: {
      // Every request counts against the account's rate limit: no retries, no refetch on focus.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
