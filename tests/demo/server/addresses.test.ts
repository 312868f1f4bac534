// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressKey, parseTrustedProxies, TRUST_NO_PROXY } from '../../../demo/server/addresses';

describe('addressKey', () => {
  it.each([
    { address: '192.0.2.7', expected: '192.0.2.7' },
    { address: '::ffff:192.0.2.7', expected: '192.0.2.7' },
    { address: '::ffff:c000:207', expected: '192.0.2.7' },
    { address: '2001:db8:1:2::a', expected: '2001:db8:1:2::/64' },
    { address: '2001:db8:1:2:ffff:ffff:ffff:ffff', expected: '2001:db8:1:2::/64' },
    { address: '2001:0DB8:0001:0002:0:0:0:1', expected: '2001:db8:1:2::/64' },
    { address: '2001:db8::1', expected: '2001:db8:0:0::/64' },
    { address: 'fe80::1%eth0', expected: 'fe80:0:0:0::/64' },
    { address: '::1', expected: '0:0:0:0::/64' },
    { address: '::', expected: '0:0:0:0::/64' },
    { address: '64:ff9b::192.0.2.7', expected: '64:ff9b:0:0::/64' },
    { address: '2001:db8:0:1:2:3:192.0.2.1', expected: '2001:db8:0:1::/64' },
    { address: '', expected: '' },
    { address: 'not an address', expected: 'not an address' },
  ])('keys $address as $expected', ({ address, expected }) => {
    expect(addressKey(address)).toBe(expected);
  });

  it('gives two addresses of one /64 one key and the next /64 another', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:9999::2'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('parseTrustedProxies', () => {
  const trust = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8');

  it.each([
    { address: '127.0.0.1', trusted: true },
    { address: '::ffff:127.0.0.1', trusted: true },
    { address: '10.200.3.4', trusted: true },
    { address: 'fd12::1', trusted: true },
    { address: '127.0.0.2', trusted: false },
    { address: '11.0.0.1', trusted: false },
    { address: '2001:db8::1', trusted: false },
    { address: 'nonsense', trusted: false },
    { address: undefined, trusted: false },
  ])('trusts $address: $trusted', ({ address, trusted }) => {
    expect(trust(address)).toBe(trusted);
  });

  it('trusts nobody by default', () => {
    expect(TRUST_NO_PROXY('127.0.0.1')).toBe(false);
  });

  it.each(['', ' , ', 'localhost', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0.0/x', 'fd00::/129'])(
    'refuses the list %j',
    (list) => {
      expect(() => parseTrustedProxies(list)).toThrow(/Invalid trusted proxy/);
    },
  );
});
