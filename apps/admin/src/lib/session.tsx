import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The only place the key is kept: this tab's sessionStorage, gone when the tab closes. */
export const API_KEY_STORAGE_KEY = 'pets-admin.api-key';

export const UNAUTHORIZED_NOTICE = 'Your API key was not accepted. Sign in again.';
export const SIGNED_OUT_NOTICE = 'You have signed out.';

// Storage can be disabled (private modes, policies); then the key lives in memory only.
export function readStoredApiKey(): string | null {
  try {
    return sessionStorage.getItem(API_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeApiKey(apiKey: string | null): void {
  try {
    if (apiKey === null) sessionStorage.removeItem(API_KEY_STORAGE_KEY);
    else sessionStorage.setItem(API_KEY_STORAGE_KEY, apiKey);
  } catch {
    // See readStoredApiKey.
  }
}

export interface Session {
  apiKey: string | null;
  /** Why the person is on the sign-in page, e.g. after a 401. */
  notice: string | null;
  signIn: (apiKey: string) => void;
  signOut: (notice?: string) => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [apiKey, setApiKey] = useState(readStoredApiKey);
  const [notice, setNotice] = useState<string | null>(null);

  const signIn = useCallback((key: string) => {
    storeApiKey(key);
    setNotice(null);
    setApiKey(key);
  }, []);

  const signOut = useCallback((message: string = SIGNED_OUT_NOTICE) => {
    storeApiKey(null);
    setNotice(message);
    setApiKey(null);
  }, []);

  const session = useMemo(
    () => ({ apiKey, notice, signIn, signOut }),
    [apiKey, notice, signIn, signOut],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside a SessionProvider');
  return session;
}
