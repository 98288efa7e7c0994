/**
 * Rate-limit windows are UTC minutes. A test that counts a burst against one window waits, when
 * the current minute has less than `needed` ms left, for the next one to begin (half a second in),
 * so the burst never straddles two windows.
 */
export async function awayFromMinuteEdge(needed = 25_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 500));
}

/**
 * Waits for the next UTC minute to begin (half a second in): a test file that spent much of this
 * minute's requests without a key, all from 127.0.0.1, leaves the next file a fresh window.
 */
export async function nextMinute(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 500));
}
