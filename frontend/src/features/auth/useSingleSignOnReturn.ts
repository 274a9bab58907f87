import { SINGLE_SIGN_ON_ERROR_PARAM, SINGLE_SIGN_ON_PARAM } from '@stockroom/schema';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/session';

/**
 * The sign-in page as the provider's way back: `?sso=signed-in` picks up the
 * session the server opened (the route guard then goes on to the return path),
 * `?ssoError=code` is a refusal, whose message this returns. Its code loads on
 * demand: most visits to the sign-in page come from elsewhere.
 */
export function useSingleSignOnReturn(): string | null {
  const [params] = useSearchParams();
  const { signInWith } = useAuth();
  const refusal = params.get(SINGLE_SIGN_ON_ERROR_PARAM);
  const signedIn = params.get(SINGLE_SIGN_ON_PARAM) === 'signed-in';
  const [message, setMessage] = useState<{ code: string; text: string } | null>(null);
  // The session is handed over once: a second run of the effect must not ask again.
  const pickedUp = useRef(false);

  useEffect(() => {
    if (!refusal && !signedIn) return undefined;
    let live = true;
    void import('./single-sign-on-return').then(({ singleSignOnErrorMessage, takeSingleSignOnSession }) => {
      if (refusal) {
        if (live) setMessage({ code: refusal, text: singleSignOnErrorMessage(refusal) });
      } else if (!pickedUp.current) {
        pickedUp.current = true;
        // A failure shows as any sign-in's, in the auth state's error.
        void signInWith(takeSingleSignOnSession);
      }
    });
    return () => {
      live = false;
    };
  }, [refusal, signedIn, signInWith]);

  return refusal && message?.code === refusal ? message.text : null;
}
