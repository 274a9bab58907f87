import { useEffect } from 'react';
import { isSecondFactorRequiredError } from '../../../lib/errors';
import { toast } from '../../../lib/toaster';
import { isProductMissing, loadErrorMessage } from './product-errors';

/**
 * A read that failed is also a toast, once per error. A missing product is
 * not: the page shows Product not found in its place; nor a workspace that
 * requires a second factor the account lacks: the app shows the page that
 * says so in place of the screens (app/RequireAuth.tsx).
 */
export function useLoadErrorToast(error: unknown): void {
  useEffect(() => {
    if (error && !isProductMissing(error) && !isSecondFactorRequiredError(error)) toast.error(loadErrorMessage(error));
  }, [error]);
}
