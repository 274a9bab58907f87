import { Card, H2 } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useProductPath } from '../shared/useProductPath';
import { ProductCodes } from './ProductCodes';
import { ProductImage } from '../shared/ProductImage';
import { ProductRowActions } from './ProductRowActions';
import { SelectProductCheckbox } from './SelectProductCheckbox';
import type { ProductCollectionProps } from './ProductTable';
import { StockTag } from '../shared/StockTag';

/** The cards view: one card per product, as many columns as fit. */
export function ProductCards({ products, navState, onDelete, picker }: ProductCollectionProps) {
  const pathOf = useProductPath();
  return (
    <ul className="product-cards" aria-label="Products">
      {products.map((product) => (
        <li key={product.id} data-product-id={product.id}>
          <Card className="product-card">
            <ProductImage url={product.imageUrl} name={product.name} size="card" />
            <div className="product-card__body">
              <div className="product-card__head">
                <SelectProductCheckbox product={product} picker={picker} />
                <H2 className="product-card__name">
                  <Link to={pathOf(product.id)} state={navState}>
                    {product.name}
                  </Link>
                </H2>
                <StockTag inStock={product.inStock} lowStock={product.lowStock} />
              </div>
              <p className="product-card__category">
                <ProductCodes product={product} />
              </p>
              <p className="product-card__figures">
                <span className="product-card__price">{formatCurrency(product.price)}</span>
                <span className="product-card__quantity">Qty {formatCount(product.quantity)}</span>
              </p>
              <ProductRowActions product={product} navState={navState} onDelete={onDelete} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
