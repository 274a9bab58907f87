import { Tag } from '@blueprintjs/core';

/**
 * In stock means a quantity above 0; the flag is derived from it, never set on
 * its own. A product at or under its reorder level is still In Stock, with a
 * Low Stock tag beside it. Multiline: a tag's words are never cut with an
 * ellipsis; its CSS keeps them on one line but where a crowded table lets them wrap.
 */
export function StockTag({ inStock, lowStock, large }: { inStock: boolean; lowStock?: boolean; large?: boolean }) {
  const size = large ? 'large' : undefined;
  return (
    <>
      <Tag className="stock-tag" intent={inStock ? 'success' : 'danger'} minimal multiline round size={size}>
        {inStock ? 'In Stock' : 'Out of Stock'}
      </Tag>
      {lowStock && (
        <Tag className="stock-tag" intent="warning" minimal multiline round size={size}>
          Low Stock
        </Tag>
      )}
    </>
  );
}
