/** What every page runs inside: the API client, the query cache, the rate limit and the session. */
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { ClientProvider, type CreateClient } from '../lib/client.js';
import { createQueryClient } from '../lib/query-client.js';
import { createRateLimitStore, RateLimitProvider } from '../lib/rate-limit.js';
import { SessionProvider, type SessionResult } from '../lib/session.js';
import { ErrorBoundary } from './error-boundary.js';

/**
 * Everything a page needs around it. Tests pass `createClient` to give it a fake API, and `session`
 * to render one page as the router does, once the API has said who is signed in.
 */
export function AppProvider({
  createClient,
  session,
  children,
}: {
  createClient?: CreateClient | undefined;
  session?: SessionResult | undefined;
  children: ReactNode;
}) {
  const [{ queryClient, rateLimits }] = useState(() => {
    const store = createRateLimitStore();
    const client = createQueryClient({ onSuccess: store.recordResult, onError: store.recordError });
    return { queryClient: client, rateLimits: store };
  });

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RateLimitProvider store={rateLimits}>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <ClientProvider createClient={createClient}>
              <SessionProvider known={session} onSignedOut={rateLimits.reset}>
                {children}
              </SessionProvider>
            </ClientProvider>
          </Suspense>
        </RateLimitProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
