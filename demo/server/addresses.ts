/**
 * Client addresses as the server's limits count them, and the proxies whose forwarding headers it
 * believes. Every limit keyed by address (rate limits, login throttles, form keys, open
 * connections) reads `addressKey`, so an IPv6 client counts by its /64 everywhere alike.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const IPV6_GROUPS = 8;

/** The eight 16-bit groups of an IPv6 address, or null when it is none. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups, written in hex.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((g) => g.toString(16)).join(':'),
  );
  const parse = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const [head = '', tail] = hex.split('::');
  const before = parse(head);
  if (tail === undefined) return before;
  const after = parse(tail);
  const zeros = Array<number>(IPV6_GROUPS - before.length - after.length).fill(0);
  return [...before, ...zeros, ...after];
}

/**
 * The key a client address is counted under: an IPv4 address as it is (also when it arrives
 * IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address by its /64 (`2001:db8:1:2::/64`): one
 * subscriber usually holds a whole /64, so keying the full address would hand each of them 2^64
 * fresh buckets. Anything else (no address at all) is its own key.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0] ?? '';
  if (isIP(plain) === 4) return plain;
  const groups = ipv6Groups(plain);
  if (groups === null) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Whether a peer address is one of the trusted proxies. */
export type ProxyTrust = (address: string | undefined) => boolean;

/** Trusts nobody: without a configured proxy, forwarding headers are anyone's to forge. */
export const TRUST_NO_PROXY: ProxyTrust = () => false;

/**
 * Reads `--trust-proxy`: a comma-separated list of addresses and CIDR ranges
 * (`127.0.0.1, 10.0.0.0/8, fd00::/8`). Throws on anything else, so a typo stops the server
 * instead of trusting the wrong peer.
 */
export function parseTrustedProxies(list: string): ProxyTrust {
  const blocks = new BlockList();
  const entries = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error(`Invalid trusted proxy list: ${JSON.stringify(list)}`);
  for (const entry of entries) {
    const [network = '', prefixText, extra] = entry.split('/');
    const version = isIP(network);
    const prefix = prefixText === undefined ? undefined : Number(prefixText);
    const maxPrefix = version === 4 ? 32 : 128;
    const validPrefix =
      prefix === undefined ||
      (/^\d+$/.test(prefixText ?? '') && Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix);
    if (version === 0 || extra !== undefined || !validPrefix) {
      throw new Error(`Invalid trusted proxy: ${JSON.stringify(entry)} (an IP address or CIDR range)`);
    }
    const type = version === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) blocks.addAddress(network, type);
    else blocks.addSubnet(network, prefix, type);
  }
  return (address) => {
    const version = isIP(address ?? '');
    return address !== undefined && version !== 0 && blocks.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The key of the client a request comes from (behind a trusted proxy, the one it forwards). */
export const clientKey = (request: FastifyRequest): string => addressKey(request.ip);
