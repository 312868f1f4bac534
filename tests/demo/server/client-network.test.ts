// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../../demo/server/client-network';

describe('clientNetwork', () => {
  it.each([
    { ip: '203.0.113.7', expected: '203.0.113.7' },
    { ip: '::ffff:203.0.113.7', expected: '203.0.113.7' },
    { ip: '2001:db8:0:1:aa::1', expected: '2001:db8:0:1::/64' },
    { ip: '2001:0DB8:0000:0001:ffff:0:0:2', expected: '2001:db8:0:1::/64' },
    { ip: '2001:db8::1', expected: '2001:db8:0:0::/64' },
    { ip: '2001:db8:0:1:2:3:192.0.2.1', expected: '2001:db8:0:1::/64' },
    { ip: 'fe80::1%eth0', expected: 'fe80:0:0:0::/64' },
    { ip: '::1', expected: '0:0:0:0::/64' },
    { ip: 'not an address', expected: 'not an address' },
  ])('$ip gives $expected', ({ ip, expected }) => {
    expect(clientNetwork(ip)).toBe(expected);
  });
});
