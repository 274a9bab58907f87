import { isAllowedPrivateAddress, isPublicAddress, resolveWebhookAddress, WebhookAddressError, type Resolver } from './webhook-address';

/** Addresses that are not the internet, each with the range that makes it so. */
const notPublic: Array<[address: string, range: string]> = [
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12'],
  ['192.168.1.1', 'private 192.168/16'],
  ['127.0.0.1', 'loopback'],
  ['0.0.0.0', 'this network 0/8'],
  ['0.1.2.3', 'this network 0/8'],
  ['169.254.169.254', 'link-local, the cloud metadata address'],
  ['100.64.0.1', 'carrier-grade NAT 100.64/10'],
  ['100.127.255.254', 'carrier-grade NAT 100.64/10'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.1', 'documentation TEST-NET-1'],
  ['198.51.100.1', 'documentation TEST-NET-2'],
  ['203.0.113.1', 'documentation TEST-NET-3'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.19.255.254', 'benchmarking 198.18/15'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['fe80::1', 'IPv6 link-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::ffff:0:7f00:1', 'IPv4-translated'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, as a URL writes it'],
  ['::a00:1', 'IPv4-compatible private'],
  ['::a9fe:a9fe', 'IPv4-compatible link-local'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b::6440:1', 'NAT64 of carrier-grade NAT'],
  ['64:ff9b::c612:1', 'NAT64 of benchmarking'],
  ['64:ff9b:1::1', 'local-use NAT64 64:ff9b:1::/48'],
  ['64:ff9b:1:ffff::a00:1', 'local-use NAT64 64:ff9b:1::/48'],
  ['100::1', 'discard-only 100::/64'],
  ['100:0:0:1::1', 'dummy prefix 100:0:0:1::/64'],
  ['5f00::1', 'SRv6 SIDs 5f00::/16'],
  ['1::1', 'reserved ::/8 and beyond, outside global unicast'],
  ['4000::1', 'outside global unicast 2000::/3'],
  ['2001::1', 'Teredo 2001::/32'],
  ['2001:2::1', 'benchmarking 2001:2::/48'],
  ['2001:10::1', 'ORCHID 2001:10::/28'],
  ['2001:1ff::1', 'IETF protocol assignments 2001::/23'],
  ['2001:db8::1', 'documentation 2001:db8::/32'],
  ['3fff::1', 'documentation 3fff::/20'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:808:808::1', '6to4 (deprecated, embeds any IPv4 address)'],
];

const publicAddresses: Array<[address: string, what: string]> = [
  ['93.184.216.34', 'an IPv4 web host'],
  ['8.8.8.8', 'a public resolver'],
  ['198.20.0.1', 'just past the benchmarking networks'],
  ['100.128.0.1', 'just past carrier-grade NAT'],
  ['2606:2800:220:1:248:1893:25c8:1946', 'an IPv6 web host'],
  ['2001:4860:4860::8888', 'past the IETF assignments 2001::/23'],
  ['2001:200::1', 'the first block past 2001::/23'],
  ['::ffff:93.184.216.34', 'IPv4-mapped public'],
  ['::5db8:d822', 'IPv4-compatible public'],
  ['64:ff9b::808:808', 'NAT64 of a public address, as DNS64 gives it'],
];

describe('a webhook address', () => {
  it.each(notPublic)('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(publicAddresses)('%s is public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('is not an address at all: not public', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });

  it.each([
    ['64:ff9b::a00:1', true],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b:1::a00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['198.18.0.1', false],
    ['2001:db8::1', false],
  ])('%s is allowed where private addresses are: %s', (address, allowed) => {
    expect(isAllowedPrivateAddress(address)).toBe(allowed);
  });
});

describe('resolving a webhook host', () => {
  /** A resolver that answers from a table and never asks the network. */
  const stub = (answers: Record<string, string[]>): Resolver => async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it.each(notPublic)('refuses a name that resolves to %s, and does not say what it resolves to', async (address) => {
    const refusal = resolveWebhookAddress('hooks.example.com', { allowPrivate: false, resolver: stub({ 'hooks.example.com': [address] }) });
    await expect(refusal).rejects.toThrow(new WebhookAddressError('The host hooks.example.com does not resolve to a public address: webhooks go to public addresses only'));
  });

  it('refuses a name with one private address among public ones', async () => {
    const resolver = stub({ 'mixed.example.com': ['93.184.216.34', '10.0.0.1'] });
    await expect(resolveWebhookAddress('mixed.example.com', { allowPrivate: false, resolver })).rejects.toThrow(
      'The host mixed.example.com does not resolve to a public address: webhooks go to public addresses only',
    );
  });

  it('gives the checked address to connect to', async () => {
    const resolver = stub({ 'hooks.example.com': ['93.184.216.34'] });
    expect(await resolveWebhookAddress('hooks.example.com', { allowPrivate: false, resolver })).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('checks literal addresses without asking the resolver, IPv6 in brackets too', async () => {
    const resolver: Resolver = async () => {
      throw new Error('the resolver was asked');
    };
    await expect(resolveWebhookAddress('127.0.0.1', { allowPrivate: false, resolver })).rejects.toThrow('The host 127.0.0.1 does not resolve to a public address');
    await expect(resolveWebhookAddress('[::ffff:127.0.0.1]', { allowPrivate: false, resolver })).rejects.toThrow(WebhookAddressError);
    await expect(resolveWebhookAddress('[fe80::1]', { allowPrivate: false, resolver })).rejects.toThrow(WebhookAddressError);
    expect(await resolveWebhookAddress('[2606:2800:220:1:248:1893:25c8:1946]', { allowPrivate: false, resolver })).toEqual({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
  });

  it('allows private and loopback addresses when the operator allows them, and still not link-local (the metadata address) or multicast', async () => {
    expect(await resolveWebhookAddress('127.0.0.1', { allowPrivate: true })).toEqual({ address: '127.0.0.1', family: 4 });
    const resolver = stub({ 'lan.example.com': ['192.168.1.20'], 'v6.example.com': ['fd12:3456::1'], 'web.example.com': ['93.184.216.34'] });
    expect(await resolveWebhookAddress('lan.example.com', { allowPrivate: true, resolver })).toEqual({ address: '192.168.1.20', family: 4 });
    expect(await resolveWebhookAddress('v6.example.com', { allowPrivate: true, resolver })).toEqual({ address: 'fd12:3456::1', family: 6 });
    expect(await resolveWebhookAddress('web.example.com', { allowPrivate: true, resolver })).toEqual({ address: '93.184.216.34', family: 4 });
    for (const host of ['169.254.169.254', '[fe80::1]', '[::ffff:169.254.169.254]', '[64:ff9b::a9fe:a9fe]', '[64:ff9b:1::1]', '224.0.0.1', '0.0.0.0']) {
      await expect(resolveWebhookAddress(host, { allowPrivate: true, resolver })).rejects.toThrow(
        `The host ${host.replace(/^\[(.*)\]$/, '$1')} does not resolve to a public, private or loopback address: webhooks go to public, private or loopback addresses here`,
      );
    }
    const metadata = stub({ 'metadata.example.com': ['169.254.169.254'] });
    const refusal = resolveWebhookAddress('metadata.example.com', { allowPrivate: true, resolver: metadata });
    await expect(refusal).rejects.toThrow(/^The host metadata\.example\.com does not resolve to a public, private or loopback address/);
    await expect(refusal).rejects.not.toThrow(/169\.254/);
  });

  it('says so when a name does not resolve', async () => {
    await expect(resolveWebhookAddress('nowhere.example.com', { allowPrivate: false, resolver: stub({}) })).rejects.toThrow('The host nowhere.example.com could not be resolved');
  });
});
