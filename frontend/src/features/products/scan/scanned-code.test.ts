import { ownProductPath, productForCode } from './scanned-code';

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

describe('productForCode', () => {
  const lamp = { id: 'lamp', sku: 'LMP-01', barcode: '4006381333931' };
  const mention = { id: 'mention', sku: null, barcode: null };

  it('is the product whose SKU (any case) or barcode is the code, even when others mention it', () => {
    expect(productForCode([lamp, mention], 'lmp-01')).toBe(lamp);
    expect(productForCode([lamp, mention], '4006381333931')).toBe(lamp);
  });

  it('is the single result when nothing matches exactly', () => {
    expect(productForCode([mention], 'Lamp')).toBe(mention);
  });

  it('is nobody when several match exactly, several match otherwise, or none', () => {
    expect(productForCode([lamp, { ...lamp, id: 'twin', sku: null }], '4006381333931')).toBeNull();
    expect(productForCode([mention, { ...mention, id: 'other' }], 'Lamp')).toBeNull();
    expect(productForCode([], 'Lamp')).toBeNull();
  });
});
