// Where webhooks may go: every special-purpose address refused by kind, IPv4 within IPv6 judged as
// the IPv4 address, every resolved address checked, and what WEBHOOK_ALLOW_PRIVATE lets through.
import { notPublicIssue, WEBHOOK_URL_ISSUES } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type HostResolver, nonPublicKind } from './address-policy.js';

/** A resolver that knows these names only. */
const resolverOf =
  (names: Record<string, readonly string[]>): HostResolver =>
  (hostname) => {
    const addresses = names[hostname];
    return addresses
      ? Promise.resolve(addresses)
      : Promise.reject(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        );
  };

describe('nonPublicKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback'],
    ['127.255.255.254', 'a loopback'],
    ['::1', 'a loopback'],
    ['10.1.2.3', 'a private'],
    ['172.16.0.1', 'a private'],
    ['172.31.255.255', 'a private'],
    ['192.168.1.1', 'a private'],
    ['fc00::1', 'a private (unique local)'],
    ['fd12:3456::1', 'a private (unique local)'],
    ['169.254.169.254', 'a link-local'],
    ['169.254.0.1', 'a link-local'],
    ['fe80::1', 'a link-local'],
    ['0.0.0.0', 'an unspecified'],
    ['0.1.2.3', 'an unspecified'],
    ['::', 'an unspecified'],
    ['100.64.0.1', 'a shared (carrier-grade NAT)'],
    ['100.127.255.255', 'a shared (carrier-grade NAT)'],
    ['224.0.0.1', 'a multicast'],
    ['ff02::1', 'a multicast'],
    ['255.255.255.255', 'a broadcast'],
    ['240.0.0.1', 'a special-purpose'],
    ['192.0.2.1', 'a special-purpose'],
    ['2001:db8::1', 'a special-purpose'],
    // IPv4 within IPv6: mapped (judged as the IPv4 address), NAT64, 6to4, Teredo, compatible.
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:10.0.0.1', 'a private'],
    ['::ffff:169.254.169.254', 'a link-local'],
    ['64:ff9b::a00:1', 'a special-purpose'],
    ['2002:7f00:1::1', 'a special-purpose'],
    ['2001:0:7f00:1::1', 'a special-purpose'],
    ['::7f00:1', 'a special-purpose'],
    ['not an address', 'an unknown'],
  ])('refuses %s as %s address', (address, kind) => {
    expect(nonPublicKind(address)).toBe(kind);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:93.184.215.14',
  ])('takes the public address %s', (address) => {
    expect(nonPublicKind(address)).toBeUndefined();
  });
});

describe('checkWebhookUrl', () => {
  const resolve = resolverOf({
    'partner.example': ['93.184.215.14', '2606:4700::1111'],
    'sneaky.example': ['93.184.215.14', '10.0.0.7'],
    'local.example': ['127.0.0.1'],
    'empty.example': [],
  });

  it('takes an https URL whose host resolves only to public addresses, with those addresses', async () => {
    expect(await checkWebhookUrl('https://partner.example/hooks', resolve, false)).toEqual({
      allowed: true,
      addresses: ['93.184.215.14', '2606:4700::1111'],
    });
    // A public IP literal is not resolved.
    expect(await checkWebhookUrl('https://[2606:4700::1111]/', resolve, false)).toEqual({
      allowed: true,
      addresses: ['2606:4700::1111'],
    });
  });

  it('refuses a host with one private address among public ones, naming that address', async () => {
    expect(await checkWebhookUrl('https://sneaky.example/', resolve, false)).toEqual({
      allowed: false,
      issue: notPublicIssue('10.0.0.7', 'a private'),
    });
  });

  it('refuses IP literals of special ranges, without resolving them', async () => {
    const never: HostResolver = () => Promise.reject(new Error('resolved a literal'));
    expect(await checkWebhookUrl('https://[::1]/', never, false)).toEqual({
      allowed: false,
      issue: notPublicIssue('::1', 'a loopback'),
    });
    expect(await checkWebhookUrl('https://127.0.0.1/', never, false)).toEqual({
      allowed: false,
      issue: notPublicIssue('127.0.0.1', 'a loopback'),
    });
    // The URL parser writes 127.1 and 2130706433 as 127.0.0.1; ::ffff:127.0.0.1 as ::ffff:7f00:1.
    for (const url of ['https://127.1/', 'https://2130706433/', 'https://0x7f.0.0.1/'])
      expect(await checkWebhookUrl(new URL(url).href, never, false)).toEqual({
        allowed: false,
        issue: notPublicIssue('127.0.0.1', 'a loopback'),
      });
    expect(
      await checkWebhookUrl(new URL('https://[::ffff:127.0.0.1]/').href, never, false),
    ).toEqual({ allowed: false, issue: notPublicIssue('::ffff:7f00:1', 'a loopback') });
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    for (const url of ['https://nowhere.example/', 'https://empty.example/'])
      expect(await checkWebhookUrl(url, resolve, false)).toEqual({
        allowed: false,
        issue: WEBHOOK_URL_ISSUES.unresolved,
      });
  });

  it('refuses plain http, and lets it and private addresses through when they are allowed', async () => {
    expect(await checkWebhookUrl('http://partner.example/', resolve, false)).toEqual({
      allowed: false,
      issue: WEBHOOK_URL_ISSUES.notHttps,
    });
    expect(await checkWebhookUrl('http://local.example:8080/', resolve, true)).toEqual({
      allowed: true,
      addresses: ['127.0.0.1'],
    });
    expect(await checkWebhookUrl('https://[::1]/', resolve, true)).toEqual({
      allowed: true,
      addresses: ['::1'],
    });
    // A name that does not resolve is refused even then: nothing could be sent to it.
    expect(await checkWebhookUrl('http://nowhere.example/', resolve, true)).toEqual({
      allowed: false,
      issue: WEBHOOK_URL_ISSUES.unresolved,
    });
  });
});
