import { ProductBarcode } from './ProductBarcode';

export interface ProductCodesProps {
  product: { sku?: string | null; barcode?: string | null; category: string };
}

/** What identifies a product on a phone (a row or a card): its SKU, barcode and category, each but the last followed by a dot. */
export function ProductCodes({ product }: ProductCodesProps) {
  return (
    <>
      {product.sku && <span className="product-sku">{product.sku} · </span>}
      {product.barcode && <ProductBarcode barcode={product.barcode}> · </ProductBarcode>}
      {product.category}
    </>
  );
}
