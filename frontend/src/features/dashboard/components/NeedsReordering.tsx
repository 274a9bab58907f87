import { Card, H2, Tag } from '@blueprintjs/core';
import { TickCircleIcon } from '@blueprintjs/icons';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { formatCount } from '../../../lib/format';
import { lowStockListPath, outOfStockListPath, productPath } from '../../../lib/urls';
import { reorderLineOf, reorderSummaryOf } from '../dashboard-wording';

export interface ReorderEntry {
  id: string;
  name: string;
  sku?: string | null;
  quantity: number;
  reorderLevel?: number | null;
}

export interface NeedsReorderingProps {
  /** At most 10, as the server orders them: out of stock first, then the furthest below their level. */
  products: readonly ReorderEntry[];
  /** How many need reordering in all. */
  total: number;
}

/**
 * The products at or under their reorder level, each linking to its page, and the way to the Low Stock
 * filter; with an empty shelf among them, to the out of stock filter too, since Low Stock leaves those out.
 */
export function NeedsReordering({ products, total }: NeedsReorderingProps) {
  const headingId = useId();
  return (
    <Card className="dashboard__panel">
      <section aria-labelledby={headingId}>
        <div className="dashboard__panel-head">
          <H2 id={headingId} className="dashboard__panel-title">
            Needs reordering
            {total > 0 && (
              <Tag className="dashboard__count" intent="warning" round minimal>
                {formatCount(total)}
              </Tag>
            )}
          </H2>
          <span className="dashboard__panel-links">
            <Link to={lowStockListPath}>Show Low Stock products</Link>
            {products.some((product) => product.quantity === 0) && <Link to={outOfStockListPath}>Show out of stock products</Link>}
          </span>
        </div>
        {products.length === 0 ? (
          <EmptyState
            headingLevel={3}
            className="dashboard__empty"
            icon={<TickCircleIcon size={32} />}
            title="Nothing needs reordering"
            description="Give a product a reorder level and it shows up here when its stock falls to that level."
          />
        ) : (
          <>
            <ol className="reorder-list" aria-labelledby={headingId}>
              {products.map((product) => (
                <li key={product.id} className="reorder-list__item">
                  <div className="reorder-list__name">
                    <Link to={productPath(product.id)}>{product.name}</Link>
                    {product.sku && <span className="reorder-list__sku">{product.sku}</span>}
                  </div>
                  <span className={product.quantity === 0 ? 'reorder-list__level reorder-list__level--out' : 'reorder-list__level'}>
                    {reorderLineOf(product)}
                  </span>
                </li>
              ))}
            </ol>
            {total > products.length && <p className="reorder-list__more">{reorderSummaryOf(products.length, total)}</p>}
          </>
        )}
      </section>
    </Card>
  );
}
