import { Tag } from '@blueprintjs/core';

/** In stock is derived from quantity (spec section 3). */
export function StockTag({ inStock, large }: { inStock: boolean; large?: boolean }) {
  return (
    <Tag className="stock-tag" intent={inStock ? 'success' : 'danger'} minimal round size={large ? 'large' : undefined}>
      {inStock ? 'In Stock' : 'Out of Stock'}
    </Tag>
  );
}
