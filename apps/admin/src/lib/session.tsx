/**
 * Who is signed in. The session itself is the API's HttpOnly cookie, which no script here can read:
 * the app asks `GET /v1/session` when it loads and after every sign-in, and takes any later 401 to
 * mean the session has ended. Nothing of a session is kept in the browser's storage.
 */
import type { Account, ApiResult, CurrentSession, PetstoreClient } from '@pets/client';
import {
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useClient } from './client.js';
import { isUnauthorized } from './errors.js';

/**
 * Why no one is signed in, for the sign-in page to say: the person signed out (here, or on every
 * device at once), or the session ended (signed out elsewhere, unused, too old). None when no one
 * was signed in.
 */
export type SignedOutBecause = 'signed-out' | 'signed-out-everywhere' | 'ended';

const SESSION = 'session';
export const sessionQueryKey = [SESSION] as const;

/** The session, or null when no one is signed in (the API's 401). */
export type SessionResult = ApiResult<CurrentSession> | null;

export const currentSessionQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }): Promise<SessionResult> => {
      try {
        return await client.session.getCurrentSession({ signal });
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    // Asked at load and after signing in; a later 401 from any call says when it ends.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** After a change of the signed-in person's own account (a plan), the session shows it. */
export function updateSignedInAccount(queryClient: QueryClient, account: Account): void {
  queryClient.setQueryData<SessionResult>(sessionQueryKey, (old) =>
    old?.data.account.id === account.id ? { ...old, data: { ...old.data, account } } : old,
  );
}

export interface Session {
  /** The person signed in; null when no one is; undefined while the API is asked. */
  current: CurrentSession | null | undefined;
  /** Asking failed other than with a 401 (the API unreachable, say): the error, to show. */
  error: unknown;
  retry: () => void;
  /** Why the person is on the sign-in page, if they were signed in. */
  because: SignedOutBecause | null;
  /**
   * After the API set a new cookie (signing in, accepting an invitation, choosing a password):
   * asks who is signed in now. Null when the browser did not keep the cookie.
   */
  signedIn: () => Promise<CurrentSession | null>;
  /** Forgets the session and everything loaded with it; the sign-in page says why. */
  signedOut: (because: SignedOutBecause) => void;
}

const SessionContext = createContext<Session | null>(null);

const isSessionQuery = (queryKey: QueryKey) => queryKey[0] === SESSION;

/**
 * Asks the API who is signed in, and ends the session in the app at the first 401 of any call.
 * `onSignedOut` resets what lives outside the query cache (the rate-limit state).
 */
export function SessionProvider({
  known,
  onSignedOut,
  children,
}: {
  /** Who is signed in, when that is known already (tests of one page): the API is not asked. */
  known?: SessionResult | undefined;
  onSignedOut: () => void;
  children: ReactNode;
}) {
  const client = useClient();
  const queryClient = useQueryClient();
  const query = useQuery({ ...currentSessionQueryOptions(client), initialData: known });
  const [because, setBecause] = useState<SignedOutBecause | null>(null);
  const current = query.data === undefined ? undefined : (query.data?.data ?? null);

  const signedOut = useCallback(
    (why: SignedOutBecause) => {
      queryClient.setQueryData<SessionResult>(sessionQueryKey, null);
      setBecause(why);
    },
    [queryClient],
  );

  const signedIn = useCallback(async () => {
    const found = await queryClient.query({
      ...currentSessionQueryOptions(client),
      staleTime: 0,
    });
    if (found) setBecause(null);
    return found?.data ?? null;
  }, [client, queryClient]);

  // Any 401 while signed in: the session ended (signed out elsewhere, unused, too old).
  useEffect(() => {
    const ended = (error: unknown) => {
      if (isUnauthorized(error) && queryClient.getQueryData<SessionResult>(sessionQueryKey))
        signedOut('ended');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, signedOut]);

  // Nothing of one person's session may show in the next one's: once the pages of the one signed
  // out are gone (this runs after the render that left them), their data goes too.
  const shownFor = useRef<number | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);
  useEffect(() => {
    if (current === undefined) return;
    const now = current?.person.id ?? null;
    if (shownFor.current !== null && shownFor.current !== now) {
      queryClient.removeQueries({ predicate: ({ queryKey }) => !isSessionQuery(queryKey) });
      // Not while someone else signs in here: their sign-in is one of these.
      if (now === null) queryClient.getMutationCache().clear();
      onSignedOutRef.current();
    }
    shownFor.current = now;
  }, [current, queryClient]);

  const { refetch } = query;
  const retry = useCallback(() => {
    void refetch();
  }, [refetch]);

  const session = useMemo(
    () => ({ current, error: query.error, retry, because, signedIn, signedOut }),
    [current, query.error, retry, because, signedIn, signedOut],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside a SessionProvider');
  return session;
}

/** The person signed in; only for pages behind the sign-in guard. */
export function useSignedIn(): CurrentSession {
  const { current } = useSession();
  if (!current) throw new Error('useSignedIn needs a person signed in');
  return current;
}
