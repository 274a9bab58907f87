import { Button, Card, H2 } from '@blueprintjs/core';
import { ClipboardIcon, ExchangeIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import { formatCount } from '../../../lib/format';

export interface StockAdjusterProps {
  quantity: number;
  /** Absent: the role may not move stock, so the quantity shows without its buttons. */
  onAdjust?(): void;
  onCount?(): void;
}

/**
 * The detail page's stock area: the quantity, and the two ways to change it.
 * "Adjust stock" records a sale, delivery, return, damage or correction;
 * "Count stock" a stocktake. Each opens its dialog; the server applies the
 * change and its movement together.
 */
export function StockAdjuster({ quantity, onAdjust, onCount }: StockAdjusterProps) {
  const titleId = useId();
  return (
    <Card className="stock-adjuster">
      <section aria-labelledby={titleId}>
        <H2 className="product-section-title" id={titleId}>
          Stock
        </H2>
        <p className="stock-adjuster__current">
          Currently <strong data-testid="product-quantity-current">{formatCount(quantity)}</strong> in stock.
          {onAdjust && onCount && ' Adjust it for a sale, a delivery, a return or damage, or count what is on the shelf.'}
        </p>
        {onAdjust && onCount && (
        <div className="stock-adjuster__buttons">
          <Button intent="primary" icon={<ExchangeIcon />} onClick={onAdjust}>
            Adjust stock
          </Button>
          <Button icon={<ClipboardIcon />} onClick={onCount}>
            Count stock
          </Button>
        </div>
        )}
      </section>
    </Card>
  );
}
