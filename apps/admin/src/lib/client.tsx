import type { PetstoreClient } from '@pets/client';
import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import { useSession } from './session.js';

export type CreateClient = (apiKey: string) => PetstoreClient;

interface Clients {
  createClient: CreateClient;
  /** The client for the signed-in key; null when signed out. */
  client: PetstoreClient | null;
}

const ClientContext = createContext<Clients | null>(null);

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
  const { apiKey } = useSession();
  const client = useMemo(() => (apiKey === null ? null : factory(apiKey)), [factory, apiKey]);
  const clients = useMemo(() => ({ createClient: factory, client }), [factory, client]);
  return <ClientContext value={clients}>{children}</ClientContext>;
}

function useClients(): Clients {
  const clients = useContext(ClientContext);
  if (!clients) throw new Error('useClient must be used inside a ClientProvider');
  return clients;
}

/** The signed-in client; only for pages behind the sign-in guard. */
export function useClient(): PetstoreClient {
  const { client } = useClients();
  if (!client) throw new Error('useClient needs a signed-in session');
  return client;
}

/** Makes a client for another key, e.g. to check one before signing in with it. */
export const useCreateClient = (): CreateClient => useClients().createClient;
