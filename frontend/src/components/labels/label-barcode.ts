/** What a label's barcode encodes and how; `text` is printed under the bars. */
export interface LabelBarcode {
  symbology: 'ean13' | 'ean8' | 'upca' | 'code128';
  text: string;
}

/** The symbology a retail barcode's length implies; a 14-digit GTIN (a case, not an item) is set as Code 128. */
const RETAIL_SYMBOLOGY: Record<number, LabelBarcode['symbology']> = { 13: 'ean13', 8: 'ean8', 12: 'upca' };

/** The product's EAN/UPC when it has one, else its SKU, else its id, so every label carries a scannable code. */
export function labelBarcodeOf(label: { id: string; sku?: string | null; barcode?: string | null }): LabelBarcode {
  const barcode = label.barcode?.trim();
  if (barcode && /^\d+$/.test(barcode)) return { symbology: RETAIL_SYMBOLOGY[barcode.length] ?? 'code128', text: barcode };
  const sku = label.sku?.trim();
  return { symbology: 'code128', text: sku || label.id };
}
