import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address; a dotted IPv4 tail (`::ffff:192.0.2.1`) gives the last two. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('%')[0]!.split('::');
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What the limits count a client by (the rate limits, the login throttle, plays per household): its
 * IPv4 address, an IPv4-mapped IPv6 address as that IPv4 address, and an IPv6 address by its /64, the
 * block one subscriber gets: one /64 holds 2^64 addresses, and counting each apart would give a
 * guesser a fresh budget with every one.
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
