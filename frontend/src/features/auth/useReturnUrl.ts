import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sanitizeReturnUrl } from '../../lib/return-url';

/**
 * The page a guard sent the user away from (`?returnUrl=`): carried between
 * sign-in and sign-up, and where a successful sign-in or sign-up goes.
 */
export function useReturnUrl() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl');
  const goToReturnUrl = useCallback(() => navigate(sanitizeReturnUrl(returnUrl), { replace: true }), [navigate, returnUrl]);
  return {
    /** Query string for links to the other auth page, so the destination survives the switch. */
    carry: returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '',
    goToReturnUrl,
  };
}
