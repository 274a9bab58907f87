import { HTMLTable } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatCount, formatCurrency, formatDate } from '../../../lib/format';
import type { ProductNavState } from '../list-location';
import { productPath } from '../urls';
import type { ProductRecord } from '../product-cache';
import { ProductImage } from './ProductImage';
import { ProductRowActions } from './ProductRowActions';
import { StockTag } from './StockTag';

export interface ProductCollectionProps {
  products: readonly ProductRecord[];
  navState: ProductNavState;
  onDelete(product: ProductRecord): void;
}

/** The table view; on a narrow screen it scrolls sideways inside its own frame. */
export function ProductTable({ products, navState, onDelete }: ProductCollectionProps) {
  return (
    <div className="product-table-frame" tabIndex={0} role="region" aria-label="Products table">
      <HTMLTable className="product-table" interactive striped aria-label="Products">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Category</th>
            <th scope="col" className="product-table__number">
              Price
            </th>
            <th scope="col" className="product-table__number">
              Quantity
            </th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} data-product-id={product.id}>
              <td>
                <div className="product-table__name">
                  <ProductImage url={product.imageUrl} name={product.name} size="thumb" />
                  <Link to={productPath(product.id)} state={navState}>
                    {product.name}
                  </Link>
                </div>
              </td>
              <td>{product.category}</td>
              <td className="product-table__number">{formatCurrency(product.price)}</td>
              <td className="product-table__number">{formatCount(product.quantity)}</td>
              <td>
                <StockTag inStock={product.inStock} />
              </td>
              <td className="product-table__date">{formatDate(product.createdAt)}</td>
              <td>
                <ProductRowActions product={product} navState={navState} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
