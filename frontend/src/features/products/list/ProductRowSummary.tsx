import { Link } from 'react-router-dom';
import type { ProductNavState } from '../shared/list-location';
import { ProductCodes } from './ProductCodes';

export interface ProductRowSummaryProps {
  product: { name: string; sku?: string | null; barcode?: string | null; category: string };
  /** The product page's path. */
  to: string;
  navState: ProductNavState;
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
