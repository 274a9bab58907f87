import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';

/**
 * Ranges ipaddr.js calls unicast that are not the internet: benchmarking
 * networks, IPv6's discard prefix and its old site-local prefix.
 */
const NOT_INTERNET = ['198.18.0.0/15', '100::/64', 'fec0::/10'].map((cidr) => ipaddr.parseCIDR(cidr));

/** The ranges WEBHOOK_ALLOW_PRIVATE=true opens besides the internet: a developer's own machine and network, not link-local with the cloud metadata address. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal']);

/** The address as it is reached: an IPv4 address written inside IPv6 (::ffff:127.0.0.1, ::127.0.0.1) is that IPv4 address. */
function reachedAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed;
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address();
  const parts = ipv6.parts;
  // IPv4-compatible (deprecated, still routed by some stacks; a URL writes [::127.0.0.1] as [::7f00:1]): 96 zero bits, then the IPv4 address; :: and ::1 are not.
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7] > 1)) return ipaddr.fromByteArray(ipv6.toByteArray().slice(12));
  return ipv6;
}

/** The range of an address, `'internet'` for a public one, or null for something that is not an address. */
function rangeOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return null;
  const reached = reachedAddress(address);
  const range = reached.range();
  if (range !== 'unicast') return range;
  return NOT_INTERNET.some(([network, bits]) => network.kind() === reached.kind() && (reached as ipaddr.IPv4).match(network as ipaddr.IPv4, bits)) ? 'reserved' : 'internet';
}

/**
 * Where a webhook may send: a public address on the internet. Anything else
 * (private, loopback, link-local with the cloud metadata address, carrier-grade
 * NAT, unique-local, multicast, reserved, IPv4 written inside IPv6) could
 * reach the server's own network, so it is refused unless the operator allows
 * private addresses (development, tests). The ranges are ipaddr.js's.
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
      throw new WebhookAddressError(`The host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(`The host ${host} could not be resolved`);
  const allowed = allowPrivate ? isAllowedPrivateAddress : isPublicAddress;
  const refused = addresses.find(({ address }) => !allowed(address));
  if (refused) {
    throw new WebhookAddressError(
      allowPrivate
        ? `The host ${host} resolves to ${refused.address}, a link-local, multicast or reserved address: webhooks go to public, private or loopback addresses here`
        : `The host ${host} resolves to ${refused.address}, a private, loopback or reserved address: webhooks go to public addresses only`,
    );
  }
  return addresses[0];
}
