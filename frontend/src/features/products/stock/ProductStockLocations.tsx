import { Button, Card, Classes, H2 } from '@blueprintjs/core';
import { ArrowRightIcon } from '@blueprintjs/icons';
import type { ProductStockLevelsQuery } from '@stockroom/schema/generated/graphql';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/format';
import { locationPath } from '../../../lib/urls';

export type StockLevelRow = ProductStockLevelsQuery['productStock']['levels'][number];

export interface ProductStockLocationsProps {
  /** null while loading. */
  levels: readonly StockLevelRow[] | null;
  total: number | null;
  /** What shows instead of the levels when they could not be read. */
  error?: ReactNode;
  /** Absent: the role may not move stock, so no place offers Move. */
  onMove?(level: StockLevelRow): void;
}

/** "Where it is": each location holding some of the product, with its quantity there and a Move beside it. */
export function ProductStockLocations({ levels, total, error, onMove }: ProductStockLocationsProps) {
  const titleId = useId();
  return (
    <Card className="stock-locations">
      <section aria-labelledby={titleId}>
        <H2 className="product-section-title" id={titleId}>
          Where it is
        </H2>
        {error ??
          (levels === null ? (
            <p className={Classes.SKELETON}>Loading locations</p>
          ) : levels.length === 0 ? (
            <p className="stock-locations__none">None in stock anywhere.</p>
          ) : (
            <>
              <ul className="stock-locations__list">
                {levels.map((level) => (
                  <li key={level.location.id} className="stock-locations__row" data-testid="stock-level">
                    <Link to={locationPath(level.location.id)} className="stock-locations__place">
                      {level.location.path}
                    </Link>
                    <span className="stock-locations__quantity" data-testid="stock-level-quantity">
                      {formatCount(level.quantity)}
                    </span>
                    {onMove && (
                      <Button icon={<ArrowRightIcon />} aria-label={`Move stock from ${level.location.path}`} onClick={() => onMove(level)}>
                        Move
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {total !== null && (
                <p className="stock-locations__total">
                  Total <strong data-testid="stock-levels-total">{formatCount(total)}</strong>
                </p>
              )}
            </>
          ))}
      </section>
    </Card>
  );
}
