import { matchProducts, searchTextOf } from './product-copy-model';

const product = (name: string, sku: string | null = null, barcode: string | null = null) => ({ name, sku, barcode, text: searchTextOf({ name, sku, barcode }) });

const copy = [product('Wood screws 4x40', 'SCR-440', '4006381333931'), product('Anchor bolts', 'BOLT-12', null), product('Screwdriver set', 'SCR', '5012345678900'), product('Cable ties', null, '4006381333')];
const names = (found: { name: string }[]) => found.map((p) => p.name);

describe('searching the device copy of the products', () => {
  it('lists every product by name when there is no text', () => {
    expect(names(matchProducts(copy, ''))).toEqual(['Anchor bolts', 'Cable ties', 'Screwdriver set', 'Wood screws 4x40']);
    expect(names(matchProducts(copy, '   '))).toHaveLength(4);
  });

  it('finds by any part of the name, SKU or barcode, in any case', () => {
    expect(names(matchProducts(copy, 'SCREW'))).toEqual(['Screwdriver set', 'Wood screws 4x40']);
    expect(names(matchProducts(copy, 'bolt-'))).toEqual(['Anchor bolts']);
    expect(names(matchProducts(copy, '400638'))).toEqual(['Cable ties', 'Wood screws 4x40']);
    expect(matchProducts(copy, 'nothing like it')).toEqual([]);
  });

  it('puts the product whose SKU or barcode is exactly the text first', () => {
    expect(names(matchProducts(copy, ' scr '))).toEqual(['Screwdriver set', 'Wood screws 4x40']);
    expect(names(matchProducts(copy, '4006381333'))).toEqual(['Cable ties', 'Wood screws 4x40']);
    expect(names(matchProducts(copy, 'SCR-440'))).toEqual(['Wood screws 4x40']);
  });

  it('leaves the copy it is given as it was', () => {
    const given = [...copy];
    matchProducts(given, '');
    expect(given).toEqual(copy);
  });
});
