/**
 * Where webhooks may go (decisions §22): an endpoint's host must be on the public internet, checked
 * after resolution against every address it resolves to, so that no partner can make the API call
 * into its own network (SSRF): loopback, private, link-local (cloud metadata at 169.254.169.254),
 * shared, multicast and other special-purpose ranges, IPv4 within IPv6 included. Endpoints are
 * checked when they are made or moved, and the delivery worker checks again before each delivery
 * (and connects to an address checked here, never resolving twice).
 *
 * `WEBHOOK_ALLOW_PRIVATE` lifts the address rule and lets plain http through: development and tests,
 * whose receivers run on this machine.
 */
import { lookup } from 'node:dns/promises';
import { WEBHOOK_URL_ISSUES, notPublicIssue } from '@pets/contract';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to every address it has (A and AAAA); rejects when it has none. */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

/** The system's resolver (`getaddrinfo`, as any other connection would resolve the name). */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address }) => address);

/** The resolver the API checks endpoints with: the system's, or a test's. */
export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

/** Each special-purpose range, as a refusal names the kind of address in it. */
const KINDS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a shared (carrier-grade NAT)',
  private: 'a private',
  uniqueLocal: 'a private (unique local)',
};

/** IPv6's global unicast space: anything outside it is not on the public internet. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * What kind of address this is when it is not a public one (`a loopback`, `a private`…), or
 * `undefined` for a public unicast address. Only unicast addresses outside every special-purpose
 * range pass (in IPv6, within 2000::/3): a range added later is refused until it is known.
 * IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are judged as the IPv4 address they carry.
 */
export function nonPublicKind(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'an unknown';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range !== 'unicast') return KINDS[range] ?? 'a special-purpose';
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST)) return 'a special-purpose';
  return undefined;
}

/** The outcome of checking an endpoint's URL: the addresses it may be called at, or why not. */
export type UrlVerdict =
  | { readonly allowed: true; readonly addresses: readonly string[] }
  | { readonly allowed: false; readonly issue: string };

/** An IP literal's host as the URL writes it (`[::1]`), as an address (`::1`). */
const unbracketed = (hostname: string): string =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/**
 * Whether events may be sent to `url` (a URL the contract has accepted): https (or http when
 * private addresses are allowed), and a host that is, or resolves only to, public addresses. Every
 * address is checked: one private address among public ones refuses the URL, since a connection
 * may go to any of them.
 */
export async function checkWebhookUrl(
  url: string,
  resolve: HostResolver,
  allowPrivate: boolean,
): Promise<UrlVerdict> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !allowPrivate)
    return { allowed: false, issue: WEBHOOK_URL_ISSUES.notHttps };
  const host = unbracketed(parsed.hostname);
  let addresses: readonly string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { allowed: false, issue: WEBHOOK_URL_ISSUES.unresolved };
    }
    if (addresses.length === 0) return { allowed: false, issue: WEBHOOK_URL_ISSUES.unresolved };
  }
  if (!allowPrivate)
    for (const address of addresses) {
      const kind = nonPublicKind(address);
      if (kind !== undefined) return { allowed: false, issue: notPublicIssue(address, kind) };
    }
  return { allowed: true, addresses };
}
