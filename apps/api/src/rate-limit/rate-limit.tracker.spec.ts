// Which counter a client address goes to: IPv4 as it is, IPv6 by its /64, however it is written.
import { describe, expect, it } from 'vitest';
import { accountTracker, addressTracker, isAccountTracker } from './rate-limit.tracker.js';

describe('addressTracker', () => {
  it('counts IPv4 by its address', () => {
    expect(addressTracker('203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressTracker('203.0.113.8')).toBe('ip:203.0.113.8');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(addressTracker('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
    expect(addressTracker('::FFFF:cb00:7107')).toBe('ip:203.0.113.7');
    expect(addressTracker('0:0:0:0:0:ffff:203.0.113.7')).toBe('ip:203.0.113.7');
  });

  it.each([
    '2001:db8:1:2::5',
    '2001:db8:1:2:ffff::1',
    '2001:db8:1:2::',
    '2001:0DB8:0001:0002:0000:0000:0000:0005',
    '2001:db8:1:2:3:4:5:6',
    '2001:db8:1:2:3:4:192.0.2.1',
    '2001:db8:1:2::192.0.2.1',
    '2001:db8:1:2:a::b',
    '2001:db8:1:2::1%eth0',
  ])('counts %s in 2001:db8:1:2::/64', (address) => {
    expect(addressTracker(address)).toBe('ip:2001:db8:1:2::/64');
  });

  it.each([
    ['2001:db8:1:3::5', 'ip:2001:db8:1:3::/64'],
    ['2001:db8::1', 'ip:2001:db8:0:0::/64'],
    ['2001:db8:0:0:1::', 'ip:2001:db8:0:0::/64'],
    ['2001:db8::1:0:0:1', 'ip:2001:db8:0:0::/64'],
    ['2001:db8::2:0:0:0:1', 'ip:2001:db8:0:2::/64'],
    ['2001:db8:0:1::', 'ip:2001:db8:0:1::/64'],
    ['2001::1:2:3:4', 'ip:2001:0:0:0::/64'],
    ['::2:3:4:5:6:7:8', 'ip:0:2:3:4::/64'],
    ['1:2:3::', 'ip:1:2:3:0::/64'],
    ['1:2:3:4:5::', 'ip:1:2:3:4::/64'],
    ['::1', 'ip:0:0:0:0::/64'],
    ['::', 'ip:0:0:0:0::/64'],
    ['::192.0.2.1', 'ip:0:0:0:0::/64'],
    ['fe80::1%eth0', 'ip:fe80:0:0:0::/64'],
  ])('counts %s in its own /64: %s', (address, tracker) => {
    expect(addressTracker(address)).toBe(tracker);
  });

  it('takes what is not an address as given', () => {
    expect(addressTracker('unknown')).toBe('ip:unknown');
    expect(addressTracker('[2001:db8::1]')).toBe('ip:[2001:db8::1]');
  });
});

describe('accountTracker', () => {
  it('is an account, and no address is', () => {
    expect(accountTracker(42)).toBe('account:42');
    expect(isAccountTracker(accountTracker(42))).toBe(true);
    expect(isAccountTracker(addressTracker('203.0.113.7'))).toBe(false);
    expect(isAccountTracker(addressTracker('2001:db8::1'))).toBe(false);
  });
});
