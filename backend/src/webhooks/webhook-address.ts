import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { WebhookMessages } from '@stockroom/schema';

/** IPv4 ranges ipaddr.js 1.9 calls unicast that are not the internet: the benchmarking networks. */
const IPV4_NOT_INTERNET = ['198.18.0.0/15'].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/**
 * IPv6's internet is global unicast, 2000::/3: everything outside it (the
 * local-use NAT64 prefix 64:ff9b:1::/48, the discard and dummy prefixes
 * 100::/64 and 100:0:0:1::/64, SRv6's 5f00::/16, the old site-local fec0::/10,
 * the rest of ::/8) is not, whatever name ipaddr.js 1.9 gives it.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/**
 * Inside 2000::/3, what ipaddr.js 1.9 calls unicast and is not the internet:
 * the IETF protocol assignments (benchmarking 2001:2::/48, ORCHID and Teredo
 * among them) and the documentation prefix 3fff::/20.
 */
const IPV6_NOT_INTERNET = ['2001::/23', '3fff::/20'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
/** The well-known NAT64 prefix: a gateway on the server's network carries 64:ff9b::10.0.0.1 to 10.0.0.1. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The ranges WEBHOOK_ALLOW_PRIVATE=true opens besides the internet: a developer's own machine and network, not link-local with the cloud metadata address. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal']);

/**
 * The address as it is reached: an IPv4 address written inside IPv6 is that
 * IPv4 address, whether mapped (::ffff:127.0.0.1), IPv4-compatible
 * (::127.0.0.1) or behind the well-known NAT64 prefix (64:ff9b::127.0.0.1).
 */
function reachedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed;
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address();
  const parts = ipv6.parts;
  const embeddedIPv4 = () => ipaddr.fromByteArray(ipv6.toByteArray().slice(12));
  if (ipv6.match(NAT64)) return embeddedIPv4();
  // IPv4-compatible (deprecated, still routed by some stacks; a URL writes [::127.0.0.1] as [::7f00:1]): 96 zero bits, then the IPv4 address; :: and ::1 are not.
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1)) return embeddedIPv4();
  return ipv6;
}

/** The range of an address, `'internet'` for a public one, or null for something that is not an address. */
function rangeOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const reached = reachedAddress(address);
  const range = reached.range();
  if (range !== 'unicast') return range;
  const internet =
    reached instanceof ipaddr.IPv4
      ? !IPV4_NOT_INTERNET.some((cidr) => reached.match(cidr))
      : reached.match(IPV6_GLOBAL_UNICAST) && !IPV6_NOT_INTERNET.some((cidr) => reached.match(cidr));
  return internet ? 'internet' : 'reserved';
}

/**
 * Where a webhook may send: a public address on the internet. Anything else
 * (private, loopback, link-local with the cloud metadata address, carrier-grade
 * NAT, unique-local, multicast, documentation, benchmarking, reserved, and an
 * IPv4 address written inside IPv6 that is one of these) could reach the
 * server's own network, so it is refused unless the operator allows private
 * addresses (development, tests). The ranges are ipaddr.js's, with what its
 * 1.9 release does not know added above.
 */
export function isPublicAddress(address: string): boolean {
  return rangeOf(address) === 'internet';
}

/** Where a webhook may send when the operator allows private addresses: the internet, private networks and loopback. */
export function isAllowedPrivateAddress(address: string): boolean {
  const range = rangeOf(address);
  return range === 'internet' || (range !== null && PRIVATE_RANGES.has(range));
}

/** One address a host name resolves to, as the resolver gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; the default asks the system's resolver. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export class WebhookAddressError extends Error {}

/** A host as URL gives it: an IPv6 literal in brackets. */
const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to for `hostname`: checked after resolution, and
 * every address the name has must pass (a name with one private address
 * among public ones is refused, since the connection could land on either).
 * The caller connects to exactly this address, so a resolver that answers
 * differently a moment later (DNS rebinding) cannot move the request.
 */
export async function resolveWebhookAddress(hostname: string, { allowPrivate, resolver = systemResolver }: { allowPrivate: boolean; resolver?: Resolver }): Promise<ResolvedAddress> {
  const host = bareHost(hostname);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  else {
    try {
      addresses = await resolver(host);
    } catch {
      throw new WebhookAddressError(WebhookMessages.hostUnresolved(host));
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(WebhookMessages.hostUnresolved(host));
  const allowed = allowPrivate ? isAllowedPrivateAddress : isPublicAddress;
  if (!addresses.every(({ address }) => allowed(address))) {
    throw new WebhookAddressError(allowPrivate ? WebhookMessages.hostNotPublicOrPrivate(host) : WebhookMessages.hostNotPublic(host));
  }
  return addresses[0];
}
