import { importFieldOfHeader, ImportMessages, parseImportBoolean } from './import';
import { readMoneyText } from './money';

describe('import headers', () => {
  it.each([
    ['Product Name', 'name'],
    ['Title', 'name'],
    ['Qty', 'quantity'],
    ['Stock', 'quantity'],
    ['Cost', 'price'],
    ['Price (USD)', 'price'],
    ['SKU', 'sku'],
    ['Barcode', 'barcode'],
    ['EAN', 'barcode'],
    ['reorder_level', 'reorderLevel'],
    ['image_url', 'imageUrl'],
  ])('%s fills %s', (header, field) => {
    expect(importFieldOfHeader(header)).toBe(field);
  });

  it("recognises the export's own columns and ignores them, and guesses nothing else", () => {
    expect(['created_at', 'updated_at', 'id'].map(importFieldOfHeader)).toEqual(['ignored', 'ignored', 'ignored']);
    expect(['Colour', 'Name of the thing', ''].map(importFieldOfHeader)).toEqual([null, null, null]);
  });
});

describe('import prices', () => {
  it.each([
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['$12.50', 12.5],
    ['12.50 €', 12.5],
    ['USD 7', 7],
    ['1,234.50', 1234.5],
    ['1.234,50', 1234.5],
  ])('reads %s as %s', (cell, value) => {
    expect(readMoneyText(cell)).toEqual({ value });
  });

  it('refuses 1,234 as ambiguous, and reads nothing from the wrong ones', () => {
    expect(readMoneyText('1,234')).toEqual({ problem: 'ambiguous' });
    for (const cell of ['12,5,0', 'twelve', '12.50.1']) expect(readMoneyText(cell)).toEqual({ problem: 'notNumber' });
  });

  it('reads true and false as spreadsheets write them', () => {
    expect(['TRUE', 'yes', 'Y', '1', 'false', 'No', '0'].map(parseImportBoolean)).toEqual([true, true, true, true, false, false, false]);
    expect(parseImportBoolean('maybe')).toBe('maybe');
  });

  it("words the activity item with the numbers' thousands", () => {
    expect(ImportMessages.imported(1000, 250)).toBe('Imported 1,250 products (1,000 new, 250 updated)');
    expect(ImportMessages.imported(1, 0)).toBe('Imported 1 product (1 new, 0 updated)');
  });
});
