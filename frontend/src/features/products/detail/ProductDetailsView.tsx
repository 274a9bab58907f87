import { Card, H2 } from '@blueprintjs/core';
import { formatCount, formatCurrency, formatDateTime } from '../../../lib/format';
import type { ProductRecord } from '../shared/product-cache';
import { ProductImage } from '../shared/ProductImage';
import { StockTag } from '../shared/StockTag';

/** Everything known about one product, read-only. */
export function ProductDetailsView({ product }: { product: ProductRecord }) {
  return (
    <div className="product-details">
      <Card className="product-details__media">
        <ProductImage url={product.imageUrl} name={product.name} size="large" />
      </Card>
      <Card className="product-details__info">
        <div className="product-details__headline">
          <span className="product-details__price" data-testid="product-price">
            {formatCurrency(product.price)}
          </span>
          <StockTag inStock={product.inStock} lowStock={product.lowStock} large />
        </div>
        <dl className="details-list product-details__facts">
          {product.costPrice !== null && (
            <div>
              <dt>Cost price</dt>
              <dd data-testid="product-cost-price">{formatCurrency(product.costPrice)}</dd>
            </div>
          )}
          <div>
            <dt>Category</dt>
            <dd data-testid="product-category">{product.category}</dd>
          </div>
          {product.sku && (
            <div>
              <dt>SKU</dt>
              <dd data-testid="product-sku">{product.sku}</dd>
            </div>
          )}
          {product.barcode && (
            <div>
              <dt>Barcode</dt>
              <dd data-testid="product-barcode">{product.barcode}</dd>
            </div>
          )}
          <div>
            <dt>Quantity</dt>
            <dd data-testid="product-quantity">{formatCount(product.quantity)}</dd>
          </div>
          {product.reorderLevel !== null && (
            <div>
              <dt>Reorder level</dt>
              <dd data-testid="product-reorder-level">{formatCount(product.reorderLevel)}</dd>
            </div>
          )}
          <div>
            <dt>Featured</dt>
            <dd>{product.featured ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <time dateTime={product.createdAt}>{formatDateTime(product.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Last updated</dt>
            <dd>
              <time dateTime={product.updatedAt}>{formatDateTime(product.updatedAt)}</time>
            </dd>
          </div>
        </dl>
        <H2 className="product-section-title">Description</H2>
        <p className="product-details__description" data-testid="product-description">
          {product.description}
        </p>
      </Card>
    </div>
  );
}
