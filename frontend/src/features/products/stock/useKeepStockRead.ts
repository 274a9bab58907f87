import type { ProductStockLevelsQuery } from '@stockroom/schema/generated/graphql';
import { useEffect, useRef } from 'react';
import { afterFirstContent } from '../../../lib/first-content';
import { followStockRead, type StockAsk } from '../../../lib/offline/known-stock-model';

type ProductStock = ProductStockLevelsQuery['productStock'];

/** Keeps a read on the device, from a chunk of its own (with the offline database): the page's first load does without it. */
const keepRead = (productId: string, stock: ProductStock, askedAt: number) =>
  import('../../../lib/offline/known-stock')
    .then(({ rememberStock }) =>
      rememberStock(
        productId,
        stock.levels.map((level) => ({ locationId: level.location.id, quantity: level.quantity, ledgerPosition: level.ledgerPosition, path: level.location.path })),
        askedAt,
      ),
    )
    .catch(() => undefined);

/**
 * Keeps each answer the server gives the product page of where the product is (each place's quantity
 * and ledger position) on the device, as a count's screen keeps its reads: the product's page then
 * shows it with no network, and a count made offline can be set against it. A read is kept unless the
 * device knows a newer one (known-stock-model.ts); an answer from the Apollo cache is not a new read.
 */
export function useKeepStockRead(productId: string, query: { loading: boolean; error?: unknown; stock: ProductStock | null }) {
  const { loading, error, stock } = query;
  const asked = useRef<StockAsk | null>(null);
  useEffect(() => {
    const step = followStockRead(asked.current, { productId, loading, answered: stock !== null && !error }, Date.now());
    asked.current = step.asked;
    const keep = step.keep;
    // Once the first page's content is on screen: on a product opened from outside the app the
    // offline database's code would otherwise load and run in the middle of the page's first view.
    // Not cancelled when the page goes: the read is still worth keeping.
    if (keep && stock) afterFirstContent(() => void keepRead(productId, stock, keep.askedAt));
  }, [productId, loading, error, stock]);
}
