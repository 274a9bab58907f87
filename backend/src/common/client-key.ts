import { isIP } from 'node:net';

/** What every unparseable address counts as: one shared budget, so made-up values cannot each get a fresh one. */
export const UNKNOWN_CLIENT = 'unknown';

/** The 16-bit groups of a valid IPv6 address (zone id already removed), a trailing dotted IPv4 part included. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/:(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index! + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups (the first if tied) as `::`. */
function formatIpv6(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < groups.length; ) {
    let end = start;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - start > best.length) best = { start, length: end - start };
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/**
 * The key the auth throttle and the sign-in lockout count a client under.
 * One IPv6 host usually owns a whole /64 and can pick a new address in it for
 * every request, so IPv6 clients are keyed by their /64 (`2001:db8:1:2::/64`);
 * an IPv4 client seen through an IPv6 socket (`::ffff:1.2.3.4`) is the same
 * client as `1.2.3.4`, and IPv4 addresses are keyed as they are.
 */
export function clientKeyOf(address: string): string {
  const trimmed = address.trim();
  if (isIP(trimmed) === 4) return trimmed;
  const withoutZone = trimmed.split('%')[0];
  if (isIP(trimmed) !== 6 || isIP(withoutZone) !== 6) return UNKNOWN_CLIENT;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}
