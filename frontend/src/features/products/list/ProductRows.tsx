import { formatCount, formatCurrency } from '../../../lib/format';
import { useProductPath } from '../shared/useProductPath';
import { ProductRowSummary } from './ProductRowSummary';
import { ProductImage } from '../shared/ProductImage';
import { ProductActionsMenu } from './ProductRowActions';
import { SelectProductCheckbox } from './SelectProductCheckbox';
import type { ProductCollectionProps } from './ProductTable';
import { StockTag } from '../shared/StockTag';

/**
 * The table view on a narrow screen: one compact row per product with what a
 * stockroom needs at a glance (name, price, quantity, stock) and the actions
 * behind one menu, so nothing sits off screen.
 */
export function ProductRows({ products, navState, onDelete, picker }: ProductCollectionProps) {
  const pathOf = useProductPath();
  return (
    <ul className="product-rows" aria-label="Products">
      {products.map((product) => (
        <li key={product.id} className="product-row" data-product-id={product.id}>
          <SelectProductCheckbox product={product} picker={picker} />
          <ProductImage url={product.imageUrl} name={product.name} size="thumb" />
          <div className="product-row__main">
            <ProductRowSummary product={product} to={pathOf(product.id)} navState={navState} />
            <span className="product-row__figures">
              <span className="product-row__price">{formatCurrency(product.price)}</span>
              <span className="product-row__quantity">Qty {formatCount(product.quantity)}</span>
              <StockTag inStock={product.inStock} lowStock={product.lowStock} />
            </span>
          </div>
          <ProductActionsMenu product={product} navState={navState} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
