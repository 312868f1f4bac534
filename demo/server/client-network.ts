/**
 * The network a client address stands for when a quota is counted per client: an IPv4 address
 * alone, an IPv6 address by its /64 (one home connection or one host is handed a whole /64, so
 * keying the full address would give a single client 2^64 quotas).
 */
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The sixteen-bit groups of an IPv6 address, `::` expanded; an IPv4 tail counts as two groups. */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string): string[] =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = address.split('::');
  const front = groupsOf(head);
  if (tail === undefined) return front;
  const back = groupsOf(tail);
  return [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
}

/** `203.0.113.7` -> `203.0.113.7`; `2001:db8:0:1:aa::1` -> `2001:db8:0:1::/64`; else as given. */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1] !== undefined && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
