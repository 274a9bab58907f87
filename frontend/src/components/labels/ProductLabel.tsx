import { useMemo } from 'react';
import { formatCurrency } from '../../lib/format';
import { labelBarcodeOf } from './label-barcode';
import { barcodeSvg, qrSvg } from './label-symbols';

/** A label's content as plain values, so one product or a selection of them can be printed. */
export interface ProductLabelData {
  kind?: 'product';
  id: string;
  name: string;
  price: number;
  sku?: string | null;
  /** An EAN-13, EAN-8 or UPC-A printed as such; any other digits as Code 128. */
  barcode?: string | null;
  /** The product's page, which the QR code opens. */
  url: string;
}

/**
 * One product label, sized in millimetres for a 62 x 29 mm label roll: name,
 * price and SKU beside a QR code to the product, and the barcode across the
 * whole width under them (the widest bars the label allows).
 * The symbols are SVG the library draws from the values (no user markup in them).
 */
export function ProductLabel({ id, name, price, sku, barcode, url }: ProductLabelData) {
  const code = useMemo(() => labelBarcodeOf({ id, sku, barcode }), [id, sku, barcode]);
  const bars = useMemo(() => barcodeSvg(code), [code]);
  const qr = useMemo(() => qrSvg(url), [url]);
  return (
    <article className="product-label" aria-label={`Label: ${name}`}>
      <div className="product-label__text">
        <p className="product-label__name">{name}</p>
        <p className="product-label__price">{formatCurrency(price)}</p>
        {sku && <p className="product-label__sku">SKU {sku}</p>}
      </div>
      <div
        className="product-label__qr"
        role="img"
        aria-label={`QR code linking to ${url}`}
        data-url={url}
        dangerouslySetInnerHTML={{ __html: qr }}
      />
      <div
        className="product-label__barcode"
        role="img"
        aria-label={`Barcode ${code.text}`}
        data-symbology={code.symbology}
        dangerouslySetInnerHTML={{ __html: bars }}
      />
      <p className="product-label__code" aria-hidden>
        {code.text}
      </p>
    </article>
  );
}
