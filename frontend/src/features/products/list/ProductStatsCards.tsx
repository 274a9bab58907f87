import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { BanCircleIcon, BoxIcon, DollarIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { ProductStatsFiguresFragment } from '@stockroom/schema/generated/graphql';
import type { ReactNode } from 'react';
import { formatCompactCurrency, formatCount, formatCurrency } from '../../../lib/format';

/**
 * The longest figure a card shows in full ('$999,999.99'): a longer one would
 * not fit a quarter of a desk's row or half of a phone's, and a number must
 * never wrap inside itself.
 */
const FULL_FIGURE_MAX = 11;

/** The stats call failed while the list may still have loaded. */
const STATS_LOAD_FAILED = 'Statistics could not be loaded.';

interface StatProps {
  id: string;
  label: string;
  /** The formatted figure; null while it loads. */
  value: string | null;
  /** The figure abbreviated, shown instead when the full one is too long. */
  short?: string | null;
  icon: ReactNode;
  tone: string;
}

/**
 * A figure too long for its card is abbreviated ('$72.9M'), with the exact
 * figure as its tooltip and for screen readers.
 */
function Figure({ full, short }: { full: string; short: string }) {
  if (full.length <= FULL_FIGURE_MAX) return <>{full}</>;
  return (
    <>
      <span title={full} aria-hidden="true">
        {short}
      </span>
      <span className="visually-hidden">{full}</span>
    </>
  );
}

/**
 * One figure. While it loads the card is busy and shows a bare skeleton bar:
 * no placeholder number, which a screen reader (or a test) would read as the
 * real figure.
 */
function Stat({ id, label, value, short, icon, tone }: StatProps) {
  return (
    // The card is the <div> grouping one term and its definition, so it holds nothing but the two: the icon sits inside the term.
    <Card className={`product-stat product-stat--${tone}`} data-testid={`stat-${id}`} aria-busy={value === null || undefined}>
      <dt className="product-stat__label">
        <span className="product-stat__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="product-stat__value">
        {value !== null ? <Figure full={value} short={short ?? value} /> : <span className={`product-stat__placeholder ${Classes.SKELETON}`} aria-hidden="true" />}
      </dd>
    </Card>
  );
}

interface ProductStatsCardsProps {
  /** null while loading or after a failure. */
  stats: ProductStatsFiguresFragment | null;
  /** Set when the figures could not be loaded: the cards give way to a message and a retry, never an endless skeleton. */
  onRetry?: () => void;
}

/** The whole catalogue's figures (not the current page's): Total Products, In Stock, Out of Stock, Low Stock, Inventory Value. */
export function ProductStatsCards({ stats, onRetry }: ProductStatsCardsProps) {
  if (onRetry) {
    return (
      <section className="product-stats-region" aria-label="Product statistics">
        <Callout intent="warning" compact className="product-stats-error">
          {STATS_LOAD_FAILED}{' '}
          <Button variant="minimal" size="small" onClick={onRetry}>
            Try again
          </Button>
        </Callout>
      </section>
    );
  }
  return (
    <section className="product-stats-region" aria-label="Product statistics" aria-busy={stats === null || undefined}>
      <dl className="product-stats">
        <Stat id="total-products" tone="total" label="Total Products" value={stats && formatCount(stats.totalProducts)} icon={<BoxIcon size={18} />} />
        <Stat id="in-stock" tone="in" label="In Stock" value={stats && formatCount(stats.inStock)} icon={<TickCircleIcon size={18} />} />
        <Stat id="out-of-stock" tone="out" label="Out of Stock" value={stats && formatCount(stats.outOfStock)} icon={<BanCircleIcon size={18} />} />
        <Stat id="low-stock" tone="low" label="Low Stock" value={stats && formatCount(stats.lowStock)} icon={<WarningSignIcon size={18} />} />
        <Stat id="inventory-value" tone="value" label="Inventory Value" value={stats && formatCurrency(stats.inventoryValue)}
          short={stats && formatCompactCurrency(stats.inventoryValue)}
          icon={<DollarIcon size={18} />}
        />
      </dl>
    </section>
  );
}
