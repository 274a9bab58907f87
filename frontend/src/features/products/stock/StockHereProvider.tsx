import { lazy, Suspense, type ReactNode } from 'react';
import { StockHereContext, type StockHereProps } from '../../../lib/stock-here';

/** The dialogs, their queries and writes load when a location's page first finds a product, not with every page. */
const StockHereDialogs = lazy(() => import('./StockHereDialogs'));

const renderStockHere = (props: StockHereProps) => (
  <Suspense fallback={null}>
    <StockHereDialogs {...props} />
  </Suspense>
);

/** Lends a location's page the product's Count and Adjust dialogs, fixed to that location (through StockHereContext). */
export function StockHereProvider({ children }: { children: ReactNode }) {
  return <StockHereContext.Provider value={renderStockHere}>{children}</StockHereContext.Provider>;
}
