import { SINGLE_SIGN_ON_ERROR_PARAM, SINGLE_SIGN_ON_PARAM } from '@stockroom/schema';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth, type CodeNeeded } from '../../lib/session';
import { secondFactorStepOf } from './single-sign-on-second-factor';

/**
 * The sign-in page as the provider's way back: `?sso=signed-in` picks up the
 * session the server opened (the route guard then goes on to the return path),
 * `?sso=second-factor#mfaToken=…&methods=…` is an account with a second factor,
 * whose code step this hands to the page (and takes out of the address, so
 * history keeps no token), `?ssoError=code` is a refusal, whose message this
 * returns. The refusals' texts load on demand: most visits to the sign-in
 * page come from elsewhere.
 */
export function useSingleSignOnReturn(): { refusal: string | null; codeNeeded: CodeNeeded | null } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { signInWith } = useAuth();
  const refusal = params.get(SINGLE_SIGN_ON_ERROR_PARAM);
  const signedIn = params.get(SINGLE_SIGN_ON_PARAM) === 'signed-in';
  const secondFactor = params.get(SINGLE_SIGN_ON_PARAM) === 'second-factor';
  const [message, setMessage] = useState<{ code: string; text: string } | null>(null);
  // Read once, on arrival: the address loses the fragment right after.
  const [codeNeeded] = useState(() => (secondFactor ? secondFactorStepOf(location.hash) : null));
  // The session is handed over once: a second run of the effect must not ask again.
  const pickedUp = useRef(false);

  useEffect(() => {
    if (!secondFactor) return;
    const rest = new URLSearchParams(params);
    rest.delete(SINGLE_SIGN_ON_PARAM);
    const search = rest.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: '' }, { replace: true });
  }, [secondFactor, params, location.pathname, navigate]);

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

  return { refusal: refusal && message?.code === refusal ? message.text : null, codeNeeded };
}
