/** Gives every page the one API client. */
import type { PetstoreClient } from '@pets/client';
import { createContext, use, useContext, useMemo, type ReactNode } from 'react';

/** Makes the app's one client: no key, the session cookie does it. */
export type CreateClient = () => PetstoreClient;

const ClientContext = createContext<PetstoreClient | null>(null);

let realClientFactory: Promise<CreateClient> | undefined;

// The client brings zod with it: it loads beside the first page, keeping the entry chunk small.
const loadRealClientFactory = (): Promise<CreateClient> =>
  (realClientFactory ??= import('./petstore-client.js').then((module) => module.createRealClient));

/** Gives the app its API client. Tests pass `createClient` to fake it; the app uses the real one. */
export function ClientProvider({
  createClient,
  children,
}: {
  createClient?: CreateClient | undefined;
  children: ReactNode;
}) {
  const factory = createClient ?? use(loadRealClientFactory());
  const client = useMemo(() => factory(), [factory]);
  return <ClientContext value={client}>{children}</ClientContext>;
}

/** The app's client; whether a call is allowed is the session's (see lib/session.tsx). */
export function useClient(): PetstoreClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside a ClientProvider');
  return client;
}
