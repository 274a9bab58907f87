import { StaticTag } from '../../../components/StaticTag';

/**
 * In stock means a quantity above 0; the flag is derived from it, never set on
 * its own. A product at or under its reorder level is still In Stock, with a
 * Low Stock tag beside it.
 */
export function StockTag({ inStock, lowStock, large }: { inStock: boolean; lowStock?: boolean; large?: boolean }) {
  return (
    <>
      <StaticTag className="stock-tag" intent={inStock ? 'success' : 'danger'} minimal round large={large}>
        {inStock ? 'In Stock' : 'Out of Stock'}
      </StaticTag>
      {lowStock && (
        <StaticTag className="stock-tag" intent="warning" minimal round large={large}>
          Low Stock
        </StaticTag>
      )}
    </>
  );
}
