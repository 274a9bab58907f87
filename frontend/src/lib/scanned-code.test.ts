import { labelledProductId, locationForCode, ownLabelPath, productCodeMatch, productForCode } from './scanned-code';

describe('ownLabelPath', () => {
  const origin = 'https://stock.example.org';

  it("reads the product path from one of this app's label QR codes", () => {
    expect(ownLabelPath('https://stock.example.org/products/abc-123', origin)).toBe('/products/abc-123');
    expect(ownLabelPath('https://stock.example.org/locations/loc-9', origin)).toBe('/locations/loc-9');
    expect(ownLabelPath('https://stock.example.org/locations/loc-9?workspace=w1', origin)).toBe('/locations/loc-9?workspace=w1');
    expect(ownLabelPath('https://stock.example.org/locations/', origin)).toBeNull();
  });

  it('ignores other sites, other pages and plain codes', () => {
    expect(ownLabelPath('https://evil.example.com/products/abc-123', origin)).toBeNull();
    expect(ownLabelPath('https://stock.example.org/dashboard', origin)).toBeNull();
    expect(ownLabelPath('https://stock.example.org/products/', origin)).toBeNull();
    expect(ownLabelPath('4006381333931', origin)).toBeNull();
    expect(ownLabelPath('SCAN-4006381333931', origin)).toBeNull();
  });
});

describe('labelledProductId', () => {
  const origin = 'https://stock.example.org';

  it("is the product a product label's QR code links to, whichever workspace the label names", () => {
    expect(labelledProductId('https://stock.example.org/products/abc-123', origin)).toBe('abc-123');
    expect(labelledProductId('https://stock.example.org/products/abc-123?workspace=w1', origin)).toBe('abc-123');
  });

  it("is none for a location's label, another page, another site or a plain code", () => {
    expect(labelledProductId('https://stock.example.org/locations/loc-9', origin)).toBeNull();
    expect(labelledProductId('https://stock.example.org/products/abc-123/edit', origin)).toBeNull();
    expect(labelledProductId('https://evil.example.com/products/abc-123', origin)).toBeNull();
    expect(labelledProductId('SKU-4711', origin)).toBeNull();
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

describe('locationForCode', () => {
  it('is the location whose code is the scanned one, in any case; none for no match or a location without a code', () => {
    const locations = [{ id: 'a', code: null }, { id: 'b', code: 'B3' }, { id: 'c', code: 'VAN' }];
    expect(locationForCode(locations, 'b3')?.id).toBe('b');
    expect(locationForCode(locations, 'VAN')?.id).toBe('c');
    expect(locationForCode(locations, 'B')).toBeNull();
    expect(locationForCode(locations, '')).toBeNull();
  });
});

describe('productCodeMatch', () => {
  const lamp = { id: 'lamp', sku: 'LMP-01', barcode: '4006381333931' };
  const other = { id: 'other', sku: null, barcode: null };

  it('is the one product the code means, even beside another result', () => {
    expect(productCodeMatch([lamp, other], '4006381333931')).toEqual({ kind: 'one', product: lamp });
    expect(productCodeMatch([other], 'Lamp')).toEqual({ kind: 'one', product: other });
  });

  it('is several when results came but none is the one, and none when nothing came', () => {
    expect(productCodeMatch([lamp, other], 'Lamp')).toEqual({ kind: 'several' });
    expect(productCodeMatch([lamp, { ...lamp, id: 'twin' }], 'LMP-01')).toEqual({ kind: 'several' });
    expect(productCodeMatch([], '4006381333931')).toEqual({ kind: 'none' });
  });
});
