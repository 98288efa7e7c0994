import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { ClientProvider, type CreateClient } from '../lib/client.js';
import { isUnauthorized } from '../lib/errors.js';
import { createQueryClient } from '../lib/query-client.js';
import { createRateLimitStore, RateLimitProvider } from '../lib/rate-limit.js';
import { SessionProvider, UNAUTHORIZED_NOTICE, useSession } from '../lib/session.js';
import { ErrorBoundary } from './error-boundary.js';

function ApiProvider({ children }: { children: ReactNode }) {
  const { apiKey, signOut } = useSession();
  const apiKeyRef = useRef(apiKey);
  useEffect(() => {
    apiKeyRef.current = apiKey;
  }, [apiKey]);

  const [{ queryClient, rateLimits }] = useState(() => {
    const store = createRateLimitStore();
    const client = createQueryClient({
      onSuccess: store.recordResult,
      onError: (error) => {
        store.recordError(error);
        // Only a signed-in key: a key being checked on the sign-in page says so there.
        if (isUnauthorized(error) && apiKeyRef.current !== null) signOut(UNAUTHORIZED_NOTICE);
      },
    });
    return { queryClient: client, rateLimits: store };
  });

  // Nothing of one key's session may show in the next one.
  useEffect(() => {
    if (apiKey === null) {
      queryClient.clear();
      rateLimits.reset();
    }
  }, [apiKey, queryClient, rateLimits]);

  return (
    <QueryClientProvider client={queryClient}>
      <RateLimitProvider store={rateLimits}>{children}</RateLimitProvider>
    </QueryClientProvider>
  );
}

/** Everything a page needs around it. Tests pass `createClient` to give it a fake API. */
export function AppProvider({
  createClient,
  children,
}: {
  createClient?: CreateClient | undefined;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary>
      <SessionProvider>
        <ApiProvider>
          <Suspense fallback={<p className="loading">Loading…</p>}>
            <ClientProvider createClient={createClient}>{children}</ClientProvider>
          </Suspense>
        </ApiProvider>
      </SessionProvider>
    </ErrorBoundary>
  );
}
