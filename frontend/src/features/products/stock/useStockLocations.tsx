import { useProductStockLevelsQuery, useStockLocationOptionsQuery } from '@stockroom/schema/generated/hooks';
import { LoadError } from '../../../components/LoadError';
import { loadErrorMessage } from '../shared/product-errors';
import { useKeepStockRead } from './useKeepStockRead';

/**
 * Where a product's stock is (read again after each movement, which drops it
 * from the cache; each read from the server also kept on the device for the
 * page offline) and, for those who may move stock, the places it can go.
 */
export function useStockLocations(productId: string, { skip, withChoices }: { skip: boolean; withChoices: boolean }) {
  const levelsQuery = useProductStockLevelsQuery({ variables: { id: productId }, skip });
  const choicesQuery = useStockLocationOptionsQuery({ skip: skip || !withChoices });
  const stock = levelsQuery.dataState === 'complete' ? levelsQuery.data.productStock : null;
  useKeepStockRead(productId, { loading: levelsQuery.loading, error: levelsQuery.error, stock });
  const error =
    levelsQuery.error && !stock ? (
      <LoadError headingLevel={3} message={loadErrorMessage(levelsQuery.error)} onRetry={() => void levelsQuery.refetch()} />
    ) : undefined;
  return {
    levels: stock?.levels ?? null,
    total: stock?.total ?? null,
    error,
    locations: choicesQuery.data?.locations ?? [],
  };
}
