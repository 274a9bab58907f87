import { BarcodeIcon } from '@blueprintjs/icons';
import type { ReactNode } from 'react';

export interface ProductBarcodeProps {
  barcode: string;
  /** After the code (the separator before the category in rows and cards); the line may break there. */
  children?: ReactNode;
}

/**
 * A product's barcode in a list, in the SKU's quiet style: a barcode icon
 * rather than a word, so 14 digits fit beside the SKU on a phone, and the word
 * for screen readers. The icon and the digits stay on one line.
 */
export function ProductBarcode({ barcode, children }: ProductBarcodeProps) {
  return (
    <span className="product-sku">
      <span className="product-barcode">
        <BarcodeIcon size={12} />
        <span className="visually-hidden">Barcode </span>
        {barcode}
      </span>
      {children}
    </span>
  );
}
