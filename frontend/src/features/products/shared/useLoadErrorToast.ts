import { useEffect } from 'react';
import { toast } from '../../../lib/toaster';
import { isProductMissing, loadErrorMessage } from './product-errors';

/**
 * A read that failed is also a toast, once per error. A missing product is
 * not: the page shows Product not found in its place.
 */
export function useLoadErrorToast(error: unknown): void {
  useEffect(() => {
    if (error && !isProductMissing(error)) toast.error(loadErrorMessage(error));
  }, [error]);
}
