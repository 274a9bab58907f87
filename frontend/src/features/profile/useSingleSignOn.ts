import { SINGLE_SIGN_ON_ERROR_PARAM, singleSignOnErrorMessage, SingleSignOnMessages } from '@stockroom/schema';
import { SingleSignOnLinkDocument, useSingleSignOnLinkQuery, useSingleSignOnUnlinkMutation } from '@stockroom/schema/generated/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../lib/errors';
import { useAuth } from '../../lib/session';
import { useSignInOptions } from '../../lib/sign-in-options';
import { toast } from '../../lib/toaster';
import type { WithStepUp } from './useStepUp';

const LINK_FAILED = 'The link to the provider could not be started. Please try again.';
const UNLINK_FAILED = 'The provider could not be unlinked. Please try again.';

/** Asks the server for the provider's sign-in address (it keeps the link's state in a cookie) and goes there. */
async function goLink(token: string | null): Promise<void> {
  const response = await fetch('/api/auth/oidc/link', { method: 'POST', credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!response.ok || !body?.url) throw new Error(body?.message ?? LINK_FAILED);
  window.location.assign(body.url);
}

/**
 * The profile's single sign-on card: shown only when the server offers a
 * provider. Linking leaves for the provider and comes back to the profile
 * with `?sso=linked` or the refusal's code, said once in a toast or callout.
 * Unlinking asks to confirm it is you when the sign-in is older than 10 minutes.
 */
export function useSingleSignOn(withStepUp: WithStepUp) {
  const options = useSignInOptions();
  const configured = Boolean(options?.singleSignOn);
  const link = useSingleSignOnLinkQuery({ skip: !configured });
  const [unlinkMutation, { loading: unlinking }] = useSingleSignOnUnlinkMutation({ refetchQueries: [SingleSignOnLinkDocument], awaitRefetchQueries: true });
  const { state } = useAuth();
  const [params, setParams] = useSearchParams();
  const [linking, setLinking] = useState(false);
  const [confirmingUnlink, setConfirmingUnlink] = useState(false);
  const [refusal] = useState(() => params.get(SINGLE_SIGN_ON_ERROR_PARAM));
  const provider = options?.singleSignOn?.name ?? '';

  // The provider's answer is said once (with its name, so once the options are known); the address goes back to plain /profile.
  useEffect(() => {
    if (!provider || (!params.has('sso') && !params.has(SINGLE_SIGN_ON_ERROR_PARAM))) return;
    if (params.get('sso') === 'linked') toast.success(SingleSignOnMessages.linked(provider));
    setParams({}, { replace: true });
  }, [params, provider, setParams]);

  return {
    configured,
    provider,
    link: link.data?.singleSignOnLink ?? null,
    loading: configured && link.loading,
    loadError: link.error ? serverMessageOr(link.error, 'The link could not be loaded') : null,
    refusal: refusal ? singleSignOnErrorMessage(refusal) : null,
    linking,
    startLink: async () => {
      setLinking(true);
      try {
        await goLink(state.token);
      } catch (error) {
        setLinking(false);
        toast.error(serverMessageOr(error, LINK_FAILED));
      }
    },
    unlinking,
    confirmingUnlink,
    askUnlink: () => setConfirmingUnlink(true),
    cancelUnlink: () => setConfirmingUnlink(false),
    unlink: async () => {
      // The question is answered: a step-up dialog, if one is needed, stands alone.
      setConfirmingUnlink(false);
      try {
        await withStepUp(() => unlinkMutation());
        toast.success(SingleSignOnMessages.unlinked(provider));
      } catch (error) {
        toast.error(serverMessageOr(error, UNLINK_FAILED));
      }
    },
  };
}
