import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0003::1', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::ffff:cb00:7105', '203.0.113.5'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    // IPv4-compatible (deprecated) and NAT64 addresses are IPv6 as far as the limits go.
    ['::203.0.113.5', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.5', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
