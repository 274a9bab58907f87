import { Tag } from '@blueprintjs/core';

/** In stock means a quantity above 0; the flag is derived from it, never set on its own. */
export function StockTag({ inStock, large }: { inStock: boolean; large?: boolean }) {
  return (
    <Tag className="stock-tag" intent={inStock ? 'success' : 'danger'} minimal round size={large ? 'large' : undefined}>
      {inStock ? 'In Stock' : 'Out of Stock'}
    </Tag>
  );
}
