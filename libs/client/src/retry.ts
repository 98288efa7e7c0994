/** How the client retries. Every field has a default; set what you need. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3; 0 turns retrying off. */
  retries: number;
  /** First backoff step. Default 250 ms. */
  baseDelayMs: number;
  /** Cap on the exponential backoff (not on `Retry-After`). Default 10 s. */
  maxDelayMs: number;
  /**
   * The longest `Retry-After` worth waiting for. A 429 or 503 that asks for longer (a daily limit,
   * say) is returned to the caller at once as an error carrying `retryAfter`. Default 60 s.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
};

/** The options with their defaults, also for a field given as `undefined` (a spread would keep it). */
export function retryOptions(options?: Partial<RetryOptions>): RetryOptions {
  return {
    retries: options?.retries ?? DEFAULT_RETRY.retries,
    baseDelayMs: options?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    maxRetryAfterMs: options?.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
  };
}

/**
 * Full jitter (a random wait between 0 and the exponential step), added to whatever the API asked
 * for: many clients retrying at once spread out instead of arriving together.
 */
export function backoffDelay(
  retry: number,
  retryAfterMs: number,
  options: RetryOptions,
  random: () => number,
): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return retryAfterMs + Math.floor(random() * step);
}

/** Waits, unless the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
