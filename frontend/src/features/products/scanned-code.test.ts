import { ownProductPath } from './scanned-code';

describe('ownProductPath', () => {
  const origin = 'https://stock.example.org';

  it("reads the product path from one of this app's label QR codes", () => {
    expect(ownProductPath('https://stock.example.org/products/abc-123', origin)).toBe('/products/abc-123');
  });

  it('ignores other sites, other pages and plain codes', () => {
    expect(ownProductPath('https://evil.example.com/products/abc-123', origin)).toBeNull();
    expect(ownProductPath('https://stock.example.org/dashboard', origin)).toBeNull();
    expect(ownProductPath('https://stock.example.org/products/', origin)).toBeNull();
    expect(ownProductPath('4006381333931', origin)).toBeNull();
    expect(ownProductPath('SCAN-4006381333931', origin)).toBeNull();
  });
});
