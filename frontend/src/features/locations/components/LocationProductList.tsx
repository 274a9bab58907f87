import type { LocationProductsQuery } from '@stockroom/schema/generated/graphql';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format';
import { productPath } from '../../../lib/urls';

type LocationProduct = LocationProductsQuery['products']['products'][number];

/** What is at a location: each product with the quantity there (below it included) beside its total. */
export function LocationProductList({ products }: { products: readonly LocationProduct[] }) {
  return (
    <ul className="location-products" aria-label="Products here">
      {products.map((product) => (
        <li key={product.id} className="location-products__row">
          <div className="location-products__name">
            <Link to={productPath(product.id)}>{product.name}</Link>
            {product.sku && <span className="location-products__sku">{product.sku}</span>}
          </div>
          <div className="location-products__figures">
            <span data-testid="quantity-at-location">
              <strong>{formatCount(product.quantityAtLocation ?? 0)}</strong> here
            </span>
            <span className="location-products__total">of {formatCount(product.quantity)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
