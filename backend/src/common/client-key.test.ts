import { clientKeyOf, UNKNOWN_CLIENT } from './client-key';

describe('clientKeyOf', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['255.255.255.255', '255.255.255.255'],
    ['0.0.0.0', '0.0.0.0'],
    [' 10.20.0.7 ', '10.20.0.7'],
    ['127.0.0.1', '127.0.0.1'],
  ])('keys the IPv4 address %j as it is', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:A:B:C:D', '2001:db8:1:2::/64'],
    ['2001:Db8:0:0:aBcD::1', '2001:db8::/64'],
    ['2001:db8::', '2001:db8::/64'],
    ['2001::1', '2001::/64'],
    ['2001:0:0:1::5', '2001:0:0:1::/64'],
    ['0:0:0:1::', '0:0:0:1::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['fe80::abcd:1%25', 'fe80::/64'],
    ['FE80::1%En0', 'fe80::/64'],
    ['::1', '::/64'],
    ['::', '::/64'],
    ['0:0:0:0:0:0:0:1', '::/64'],
    ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b::/64'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8:ffff:ffff::/64'],
  ])('keys the IPv6 address %j by its /64, %j', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, whatever its spelling, and another /64 another key', () => {
    const sameNetwork = ['2001:db8:aa:bb::1', '2001:db8:aa:bb:ffff::', '2001:0DB8:00AA:00BB:1:2:3:4', '2001:db8:aa:bb:0:0:0:0%wlan0'];
    expect(new Set(sameNetwork.map(clientKeyOf))).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(clientKeyOf('2001:db8:aa:bc::1')).not.toBe(clientKeyOf('2001:db8:aa:bb::1'));
  });

  it.each([
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['0000:0000:0000:0000:0000:FFFF:10.20.0.7', '10.20.0.7'],
    ['::ffff:102:304', '1.2.3.4'],
    ['::ffff:0102:0304', '1.2.3.4'],
    ['::ffff:ffff:ffff', '255.255.255.255'],
    ['::ffff:0:0', '0.0.0.0'],
    ['::ffff:7f00:1', '127.0.0.1'],
  ])('keys the IPv4-mapped address %j as the IPv4 address %j', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it('keys a mapped address and its plain IPv4 form alike, and other IPv4 addresses differently', () => {
    expect(clientKeyOf('::ffff:198.51.100.7')).toBe(clientKeyOf('198.51.100.7'));
    expect(clientKeyOf('198.51.100.8')).not.toBe(clientKeyOf('198.51.100.7'));
  });

  it.each([
    '',
    ' ',
    'unknown',
    'localhost',
    'example.com',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '256.1.1.1',
    '1.2.3.4:8080',
    '[::1]',
    '[2001:db8::1]:443',
    '1:2:3:4:5:6:7:8:9',
    '2001:db8:::1',
    '2001:db8::1::2',
    'gggg::1',
    '12345::1',
    '::ffff:1.2.3.256',
    '1.2.3.4, 5.6.7.8',
    '%eth0',
    '::1%',
    '\u0000',
    '１.２.３.４',
    '٫1.2.3.4',
    '😀',
  ])('keys the unparseable %j as the one shared unknown client', (address) => {
    expect(clientKeyOf(address)).toBe(UNKNOWN_CLIENT);
  });

  it('keys a 10,000-character string as the unknown client too', () => {
    expect(clientKeyOf('x'.repeat(10_000))).toBe(UNKNOWN_CLIENT);
    expect(clientKeyOf('1'.repeat(10_000))).toBe(UNKNOWN_CLIENT);
  });

  it('never yields a key longer than the 64 characters the lockout table stores', () => {
    const widest = ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '::ffff:255.255.255.255', '255.255.255.255', 'fe80::1%' + 'z'.repeat(500)];
    for (const address of widest) expect(clientKeyOf(address).length).toBeLessThanOrEqual(64);
    expect(clientKeyOf('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('ffff:ffff:ffff:ffff::/64');
  });
});
