/** Orders accounts by how near they are to their rate limit. */
import type { AccountUsage } from '@pets/client';

/** How near an account is to its limit: the larger share used, of this minute or of today. */
export const nearness = ({ minute, day }: AccountUsage): number =>
  Math.max(minute.used / minute.limit, day.used / day.limit);

/**
 * The accounts nearest their limit first (ties by name, then id); those whose usage is not
 * known (loading or failed) after them, in the order they came.
 */
export function byNearness<T extends { id: number; name: string }>(
  accounts: readonly T[],
  usageOf: (account: T) => AccountUsage | undefined,
): T[] {
  const known: { account: T; near: number }[] = [];
  const unknown: T[] = [];
  for (const account of accounts) {
    const usage = usageOf(account);
    if (usage) known.push({ account, near: nearness(usage) });
    else unknown.push(account);
  }
  known.sort(
    (a, b) =>
      b.near - a.near ||
      a.account.name.localeCompare(b.account.name) ||
      a.account.id - b.account.id,
  );
  return [...known.map(({ account }) => account), ...unknown];
}
