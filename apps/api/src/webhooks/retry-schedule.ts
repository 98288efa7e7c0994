/**
 * When a failed delivery is tried again (decisions §22): after about 5 s, 5 min, 30 min, 2 h, 5 h
 * and 10 h, then every 10 h, until 3 days have passed since its first attempt; and when an
 * endpoint has failed long enough to be disabled.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The wait after each failed attempt, by the attempt's number (1 first); then the last one, again. */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** How long a delivery is tried, from its first attempt; and how long an endpoint may fail. */
export const GIVE_UP_AFTER_MS = 3 * DAY;

/**
 * When to try again after attempt number `attempt` (1 first) failed at `at`, for a delivery first
 * tried at `firstAt`; `undefined` when it is not tried again (3 days would have passed).
 */
export function nextAttemptAt(firstAt: number, attempt: number, at: number): number | undefined {
  const last = RETRY_DELAYS_MS.length - 1;
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1) - 1, last)] ?? 0;
  const next = at + delay;
  return next - firstAt > GIVE_UP_AFTER_MS ? undefined : next;
}

/** Whether an endpoint failing since `since` (every attempt since then failed) is disabled at `at`. */
export const failedTooLong = (since: number | null, at: number): boolean =>
  since !== null && at - since >= GIVE_UP_AFTER_MS;
