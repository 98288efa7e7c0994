/**
 * The rate limit as the API reports it, kept for the whole app: requests left, and after a 429 how
 * long nothing is sent.
 */
import { PetstoreApiError, type RateLimitState } from '@pets/client';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

interface RateLimitSnapshot {
  /** From the latest answer that reported one. */
  latest: RateLimitState | undefined;
  /** After a 429: when requests may be sent again (ms since the epoch). */
  retryAt: number | undefined;
  reason: 'rate_limited' | 'api_key_banned' | undefined;
}

export interface RateLimitStore {
  get: () => RateLimitSnapshot;
  subscribe: (listener: () => void) => () => void;
  recordResult: (data: unknown) => void;
  recordError: (error: unknown) => void;
  reset: () => void;
}

/** The codes that hold every call back until `Retry-After` has passed. */
const HOLDING_BACK = ['rate_limited', 'api_key_banned'] as const;

const EMPTY: RateLimitSnapshot = { latest: undefined, retryAt: undefined, reason: undefined };

const rateLimitOf = (data: unknown): RateLimitState | undefined => {
  if (typeof data !== 'object' || data === null || !('rateLimit' in data)) return undefined;
  const { rateLimit } = data;
  return typeof rateLimit === 'object' && rateLimit !== null && 'remaining' in rateLimit
    ? (rateLimit as RateLimitState)
    : undefined;
};

/** What the API said about the rate limit, fed by every query and mutation of the app. */
export function createRateLimitStore(): RateLimitStore {
  let snapshot = EMPTY;
  const listeners = new Set<() => void>();
  const update = (next: Partial<RateLimitSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    recordResult: (data) => {
      const latest = rateLimitOf(data);
      if (latest) update({ latest });
    },
    recordError: (error) => {
      if (!(error instanceof PetstoreApiError)) return;
      const next: Partial<RateLimitSnapshot> = {};
      if (error.rateLimit) next.latest = error.rateLimit;
      const reason = HOLDING_BACK.find((code) => code === error.code);
      if (reason !== undefined) {
        next.retryAt = Date.now() + (error.retryAfter ?? 1) * 1000;
        next.reason = reason;
      }
      update(next);
    },
    reset: () => {
      update(EMPTY);
    },
  };
}

export interface RateLimit {
  latest: RateLimitState | undefined;
  /** Whole seconds until requests may be sent again; 0 when they may. */
  secondsLeft: number;
  /** True while nothing may be sent. */
  blocked: boolean;
  reason: RateLimitSnapshot['reason'];
}

const RateLimitContext = createContext<RateLimit | null>(null);

export function RateLimitProvider({
  store,
  children,
}: {
  store: RateLimitStore;
  children: ReactNode;
}) {
  const { latest, retryAt, reason } = useSyncExternalStore(store.subscribe, store.get);
  const [, tick] = useReducer((ticks: number) => ticks + 1, 0);
  const msLeft = retryAt === undefined ? 0 : retryAt - Date.now();
  const secondsLeft = Math.max(0, Math.ceil(msLeft / 1000));

  useEffect(() => {
    if (msLeft <= 0) return;
    // Wake at the next whole second, so the count drops one by one and ends on time.
    const timer = setTimeout(tick, msLeft % 1000 || 1000);
    return () => {
      clearTimeout(timer);
    };
  });

  const value = useMemo(
    () => ({ latest, secondsLeft, blocked: secondsLeft > 0, reason }),
    [latest, secondsLeft, reason],
  );
  return <RateLimitContext value={value}>{children}</RateLimitContext>;
}

export function useRateLimit(): RateLimit {
  const rateLimit = useContext(RateLimitContext);
  if (!rateLimit) throw new Error('useRateLimit must be used inside a RateLimitProvider');
  return rateLimit;
}

/** "this minute", "today", or when the window resets, from `RateLimit-Policy`. */
export function describeWindow({ limit, policy, reset }: RateLimitState): string {
  for (const [, name, quota] of (policy ?? '').matchAll(/"([^"]+)";q=(\d+)/g)) {
    if (Number(quota) !== limit) continue;
    if (name === 'minute') return 'this minute';
    if (name === 'day') return 'today';
    return `this ${name ?? 'window'}`;
  }
  return `until ${reset.toLocaleTimeString()}`;
}
