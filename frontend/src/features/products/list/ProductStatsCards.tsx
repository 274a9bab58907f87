import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { BanCircleIcon, BoxIcon, DollarIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { ProductStatsFiguresFragment } from '@stockroom/schema/generated/graphql';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatCompactCount, formatCompactCurrency, formatCount, formatCurrency } from '../../../lib/format';

export const STATS_ID = 'product-stats';

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
 * Whether a figure is shown abbreviated: when the whole one is wider than its
 * card. The cards' width depends on the screen and the sidebar, so it is
 * measured, not guessed from the number of characters. A card that grows tries
 * the whole figure again.
 */
function useAbbreviated(box: RefObject<HTMLElement | null>, full: string | null, short: string | null): boolean {
  const [abbreviated, setAbbreviated] = useState(false);
  const widthWhenAbbreviated = useRef(0);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node || full === null || full === short) return;
    if (!abbreviated && node.scrollWidth > node.clientWidth) {
      widthWhenAbbreviated.current = node.clientWidth;
      setAbbreviated(true);
      return;
    }
    const observer = new ResizeObserver(() => {
      if (abbreviated && node.clientWidth > widthWhenAbbreviated.current) setAbbreviated(false);
      else if (!abbreviated && node.scrollWidth > node.clientWidth) setAbbreviated(true);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [box, full, short, abbreviated]);
  return abbreviated && full !== short;
}

/**
 * One figure. While it loads the card is busy and shows a bare skeleton bar:
 * no placeholder number, which a screen reader (or a test) would read as the
 * real figure. A figure too long for its card is abbreviated ('$72.9M'), with
 * the exact figure as its tooltip and for screen readers; a number never wraps
 * inside itself.
 */
function Stat({ id, label, value, short, icon, tone }: StatProps) {
  const figure = useRef<HTMLElement>(null);
  const abbreviated = useAbbreviated(figure, value, short ?? value);
  return (
    // The card is the <div> grouping one term and its definition, so it holds nothing but the two: the icon sits inside the term.
    <Card className={`product-stat product-stat--${tone}`} data-testid={`stat-${id}`} aria-busy={value === null || undefined}>
      <dt className="product-stat__label">
        <span className="product-stat__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="product-stat__value" ref={figure}>
        {value === null ? (
          <span className={`product-stat__placeholder ${Classes.SKELETON}`} aria-hidden="true" />
        ) : abbreviated ? (
          <>
            <span title={value} aria-hidden="true">
              {short}
            </span>
            <span className="visually-hidden">{value}</span>
          </>
        ) : (
          value
        )}
      </dd>
    </Card>
  );
}

interface ProductStatsCardsProps {
  /** null while loading or after a failure. */
  stats: ProductStatsFiguresFragment | null;
  /** Set when the figures could not be loaded: the cards give way to a message and a retry, never an endless skeleton. */
  onRetry?: () => void;
  /** No network: with no figures, the cards say they need it rather than that they failed. */
  offline?: boolean;
}

/** The whole catalogue's figures (not the current page's): Total Products, In Stock, Out of Stock, Low Stock, Inventory Value. */
export function ProductStatsCards({ stats, onRetry, offline }: ProductStatsCardsProps) {
  if (offline && !stats) {
    return (
      <section className="product-stats-region" id={STATS_ID} aria-label="Product statistics">
        <Callout compact className="product-stats-error">
          Statistics need the network.
        </Callout>
      </section>
    );
  }
  if (onRetry) {
    return (
      <section className="product-stats-region" id={STATS_ID} aria-label="Product statistics">
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
    <section className="product-stats-region" id={STATS_ID} aria-label="Product statistics" aria-busy={stats === null || undefined}>
      <dl className="product-stats">
        <Stat id="total-products" tone="total" label="Total Products" value={stats && formatCount(stats.totalProducts)} short={stats && formatCompactCount(stats.totalProducts)} icon={<BoxIcon size={18} />} />
        <Stat id="in-stock" tone="in" label="In Stock" value={stats && formatCount(stats.inStock)} short={stats && formatCompactCount(stats.inStock)} icon={<TickCircleIcon size={18} />} />
        <Stat id="out-of-stock" tone="out" label="Out of Stock" value={stats && formatCount(stats.outOfStock)} short={stats && formatCompactCount(stats.outOfStock)} icon={<BanCircleIcon size={18} />} />
        <Stat id="low-stock" tone="low" label="Low Stock" value={stats && formatCount(stats.lowStock)} short={stats && formatCompactCount(stats.lowStock)} icon={<WarningSignIcon size={18} />} />
        <Stat id="inventory-value" tone="value" label="Inventory Value" value={stats && formatCurrency(stats.inventoryValue)}
          short={stats && formatCompactCurrency(stats.inventoryValue)}
          icon={<DollarIcon size={18} />}
        />
      </dl>
    </section>
  );
}
