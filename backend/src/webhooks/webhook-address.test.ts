import { isPublicAddress, resolveWebhookAddress, WebhookAddressError, type Resolver } from './webhook-address';

const refused = ['10.0.0.1', '172.16.0.1', '192.168.1.1', '127.0.0.1', '0.0.0.0', '169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255',
  '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', 'ff02::1',
  // IPv4 written the old IPv4-compatible way, and unicast ranges that are not the internet.
  '::127.0.0.1', '::7f00:1', '::a00:1', '::a9fe:a9fe', '198.18.0.1', '198.19.255.254', '100::1', 'fec0::1'];

describe('a webhook address', () => {
  it.each(refused)('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34', '::5db8:d822', '198.20.0.1'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('is not an address at all: not public', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

describe('resolving a webhook host', () => {
  /** A resolver that answers from a table and never asks the network. */
  const stub = (answers: Record<string, string[]>): Resolver => async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it.each(refused)('refuses a name that resolves to %s', async (address) => {
    await expect(resolveWebhookAddress('hooks.example.com', { allowPrivate: false, resolver: stub({ 'hooks.example.com': [address] }) })).rejects.toThrow(
      /private, loopback or reserved address/,
    );
  });

  it('refuses a name with one private address among public ones', async () => {
    const resolver = stub({ 'mixed.example.com': ['93.184.216.34', '10.0.0.1'] });
    await expect(resolveWebhookAddress('mixed.example.com', { allowPrivate: false, resolver })).rejects.toThrow(WebhookAddressError);
  });

  it('gives the checked address to connect to', async () => {
    const resolver = stub({ 'hooks.example.com': ['93.184.216.34'] });
    expect(await resolveWebhookAddress('hooks.example.com', { allowPrivate: false, resolver })).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('checks literal addresses without asking the resolver, IPv6 in brackets too', async () => {
    const resolver: Resolver = async () => {
      throw new Error('the resolver was asked');
    };
    await expect(resolveWebhookAddress('127.0.0.1', { allowPrivate: false, resolver })).rejects.toThrow(/127\.0\.0\.1/);
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
    for (const host of ['169.254.169.254', '[fe80::1]', '[::ffff:169.254.169.254]', '224.0.0.1', '0.0.0.0']) {
      await expect(resolveWebhookAddress(host, { allowPrivate: true, resolver })).rejects.toThrow(/link-local, multicast or reserved address/);
    }
  });

  it('says so when a name does not resolve', async () => {
    await expect(resolveWebhookAddress('nowhere.example.com', { allowPrivate: false, resolver: stub({}) })).rejects.toThrow('The host nowhere.example.com could not be resolved');
  });
});
