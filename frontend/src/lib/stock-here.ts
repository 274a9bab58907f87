import { createContext, useContext, type ReactNode } from 'react';

/** A product found at a location's page, and that location: what the stock dialogs there work on. */
export interface StockHereProps {
  product: { id: string; name: string };
  location: { id: string; name: string };
  /** The dialogs are done: a movement was recorded there (`recorded`), or they were closed without one. */
  onClose(recorded: boolean): void;
}

/**
 * Where a location's page meets the products' stock dialogs: a feature may
 * not import another, so the products feature provides them (app/ mounts its
 * provider) and the location page renders them through this. Outside the
 * provider there are none, and the page offers no scanning.
 */
export const StockHereContext = createContext<((props: StockHereProps) => ReactNode) | null>(null);

export const useStockHere = () => useContext(StockHereContext);
