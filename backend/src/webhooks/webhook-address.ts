import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';

/**
 * Where a webhook may send: a public address on the internet. Anything else
 * (private, loopback, link-local with the cloud metadata address, carrier-grade
 * NAT, unique-local, multicast, reserved, IPv4 written inside IPv6) could
 * reach the server's own network, so it is refused unless the operator allows
 * private addresses (development, tests). The ranges are ipaddr.js's.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judge the IPv4 address it carries.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
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
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) throw new WebhookAddressError(`The host ${host} resolves to ${refused.address}, a private, loopback or reserved address: webhooks go to public addresses only`);
  }
  return addresses[0];
}
