import { Link } from 'react-router-dom';
import type { ProductNavState } from '../shared/list-location';
import { ProductBarcode } from './ProductBarcode';

export interface ProductRowSummaryProps {
  product: { name: string; sku?: string | null; barcode?: string | null; category: string };
  /** The product page's path. */
  to: string;
  navState: ProductNavState;
}

/** What identifies a product on a phone: its SKU, barcode and category, each but the last followed by a dot. */
export function ProductCodes({ product }: { product: ProductRowSummaryProps['product'] }) {
  return (
    <>
      {product.sku && <span className="product-sku">{product.sku} · </span>}
      {product.barcode && <ProductBarcode barcode={product.barcode}> · </ProductBarcode>}
      {product.category}
    </>
  );
}

/** A narrow-screen row's name (the link to the product) and its SKU, barcode and category line. */
export function ProductRowSummary({ product, to, navState }: ProductRowSummaryProps) {
  return (
    <>
      <Link className="product-row__name" to={to} state={navState}>
        {product.name}
      </Link>
      <span className="product-row__category">
        <ProductCodes product={product} />
      </span>
    </>
  );
}
