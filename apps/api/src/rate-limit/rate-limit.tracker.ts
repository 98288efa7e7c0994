/**
 * Whose counters a request goes to: its account with a valid key, otherwise its client address,
 * IPv6 by its /64 (one subscriber's network, as providers assign them) so that a client cannot
 * spread its requests over the addresses of its own network.
 */
import { isIPv6 } from 'node:net';

const ACCOUNT = 'account:';

/** One count per account, across its keys. */
export const accountTracker = (accountId: number): string => `${ACCOUNT}${accountId}`;

export const isAccountTracker = (tracker: string): boolean => tracker.startsWith(ACCOUNT);

/** The address's 16-bit groups, eight of them; `address` is valid IPv6 (`isIPv6`). */
function groupsOf(address: string): number[] {
  const zone = address.indexOf('%');
  const text = zone === -1 ? address : address.slice(0, zone);
  // A dotted IPv4 tail is the last two groups.
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = text.indexOf('::');
  if (gap === -1) return groups(text);
  const head = groups(text.slice(0, gap));
  const tail = groups(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The client address as it is counted: IPv4 as it is, an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) as its IPv4 address, other IPv6 as its /64 (`2001:db8:1:2::/64`), and
 * anything else as given.
 */
export function addressGroup(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = groupsOf(address);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if ((a | b | c | d | e) === 0 && f === 0xffff)
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`;
  return `${a.toString(16)}:${b.toString(16)}:${c.toString(16)}:${d.toString(16)}::/64`;
}

/** Callers without a valid key, counted by address. */
export const addressTracker = (address: string): string => `ip:${addressGroup(address)}`;
