import { labelBarcodeOf } from './label-barcode';

describe('labelBarcodeOf', () => {
  const id = '6f1c2a9e-1111-4222-8333-444455556666';

  it('prints an EAN-13, EAN-8 or UPC-A as such', () => {
    expect(labelBarcodeOf({ id, sku: 'LAMP-1', barcode: '4006381333931' })).toEqual({ symbology: 'ean13', text: '4006381333931' });
    expect(labelBarcodeOf({ id, barcode: '96385074' })).toEqual({ symbology: 'ean8', text: '96385074' });
    expect(labelBarcodeOf({ id, barcode: '036000291452' })).toEqual({ symbology: 'upca', text: '036000291452' });
  });

  it('sets a 14-digit GTIN as Code 128', () => {
    expect(labelBarcodeOf({ id, barcode: '10012345678902' })).toEqual({ symbology: 'code128', text: '10012345678902' });
  });

  it('falls back to the SKU, then to the id, as Code 128', () => {
    expect(labelBarcodeOf({ id, sku: ' LAMP-1 ', barcode: null })).toEqual({ symbology: 'code128', text: 'LAMP-1' });
    expect(labelBarcodeOf({ id, sku: '', barcode: '' })).toEqual({ symbology: 'code128', text: id });
    expect(labelBarcodeOf({ id })).toEqual({ symbology: 'code128', text: id });
  });
});
