import { ApiTokenMessages, expiryOf, type ApiTokenLifetime } from '@stockroom/schema';
import { ApiTokenListDocument, useApiTokenCreateMutation, useApiTokenListQuery, useApiTokenRevokeMutation } from '@stockroom/schema/generated/hooks';
import type { ApiTokenDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { useSecretShownOnce } from './useSecretShownOnce';
import type { ApiTokenFormValues } from './components/ApiTokenCreateForm';
import { accountFieldErrors } from './profile-errors';
import type { WithStepUp } from './useStepUp';

const FORM_FIELDS = new Set(['name'] as const);

/**
 * The profile's API tokens: the list, a creation whose secret is kept only
 * until the person is done with it, and a confirmed revoke. Revoking takes
 * the token out of the cached list; a creation adds the new one on top.
 */
export function useApiTokens(withStepUp: WithStepUp) {
  const list = useApiTokenListQuery();
  const [createToken] = useApiTokenCreateMutation();
  const [revokeToken, { loading: revoking }] = useApiTokenRevokeMutation();
  const created = useSecretShownOnce<{ name: string; secret: string }>('the token');
  const [confirming, setConfirming] = useState<ApiTokenDetailsFragment | null>(null);

  const create = async (values: ApiTokenFormValues) => {
    const lifetime: ApiTokenLifetime = values.lifetime === 'never' ? null : (Number(values.lifetime) as ApiTokenLifetime);
    try {
      const { data } = await withStepUp(() =>
        createToken({
          variables: { input: { name: values.name, scopes: values.access === 'write' ? ['read', 'write'] : ['read'], expiresAt: expiryOf(lifetime) } },
          update(cache, { data: answer }) {
            if (!answer) return;
            cache.updateQuery({ query: ApiTokenListDocument }, (list) => list && { apiTokens: [answer.createApiToken.apiToken, ...list.apiTokens] });
          },
        }),
      );
      if (!data) throw new Error('Empty response');
      created.show({ name: data.createApiToken.apiToken.name, secret: data.createApiToken.token });
      toast.success(ApiTokenMessages.created);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, FORM_FIELDS);
      if (!fields) toast.error(serverMessageOr(error, ApiTokenMessages.createFailed));
      return fields;
    }
  };

  const revoke = async () => {
    if (!confirming) return;
    const { id } = confirming;
    try {
      await revokeToken({
        variables: { id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'ApiToken', id }) });
          cache.gc();
        },
      });
      toast.success(ApiTokenMessages.revoked);
    } catch (error) {
      toast.error(serverMessageOr(error, ApiTokenMessages.revokeFailed));
    } finally {
      setConfirming(null);
    }
  };

  return {
    tokens: list.data?.apiTokens,
    loading: list.loading,
    loadError: list.error,
    created: created.shown,
    copied: created.copied,
    create,
    copy: created.copy,
    dismissCreated: created.dismiss,
    confirming,
    askToRevoke: setConfirming,
    cancelRevoke: () => setConfirming(null),
    revoke: () => void revoke(),
    revoking,
  };
}
