import { SecondFactorMessages } from '@stockroom/schema';
import { PasskeyListDocument, usePasskeyAddMutation, usePasskeyListQuery, usePasskeyRegistrationOptionsMutation, usePasskeyRemoveMutation, usePasskeyRenameMutation } from '@stockroom/schema/generated/hooks';
import type { PasskeyDetailsFragment } from '@stockroom/schema/generated/graphql';
import { useState } from 'react';
import { browserHasPasskeys } from '../../lib/passkeys/has-passkeys';
import { serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { accountFieldErrors } from './profile-errors';
import type { WithStepUp } from './useStepUp';

const NAME_FIELD = new Set(['name'] as const);

export interface PasskeyNameValues {
  name: string;
}

/**
 * The profile's passkeys: the list, adding one (the server's options, the
 * browser's prompt, the server's check; the browser's code loads on first
 * use), renaming and a confirmed removal. Adding and removing ask to
 * confirm it is you when the sign-in is older than 10 minutes.
 */
export function usePasskeys(withStepUp: WithStepUp) {
  const list = usePasskeyListQuery();
  const [registrationOptions] = usePasskeyRegistrationOptionsMutation();
  const [addPasskey] = usePasskeyAddMutation();
  const [renamePasskey] = usePasskeyRenameMutation();
  const [removePasskey, { loading: removing }] = usePasskeyRemoveMutation();
  const [supported] = useState(browserHasPasskeys);
  const [renaming, setRenaming] = useState<PasskeyDetailsFragment | null>(null);
  const [confirming, setConfirming] = useState<PasskeyDetailsFragment | null>(null);
  const [added, setAdded] = useState(0);

  const add = async ({ name }: PasskeyNameValues) => {
    try {
      const { createPasskey } = await import('../../lib/passkeys/passkey-ceremony');
      await withStepUp(async () => {
        const { data } = await registrationOptions();
        if (!data) throw new Error('Empty response');
        const attestationJson = await createPasskey(data.passkeyRegistrationOptions.optionsJson);
        await addPasskey({
          variables: { input: { name, attestationJson } },
          update(cache, { data: answer }) {
            if (!answer) return;
            cache.updateQuery({ query: PasskeyListDocument }, (current) => current && { passkeys: [...current.passkeys, answer.addPasskey] });
          },
        });
      });
      toast.success(SecondFactorMessages.passkeyAdded);
      setAdded((count) => count + 1);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, NAME_FIELD);
      if (!fields) toast.error(serverMessageOr(error, 'Could not add the passkey'));
      return fields;
    }
  };

  const rename = async ({ name }: PasskeyNameValues) => {
    if (!renaming) return undefined;
    try {
      await renamePasskey({ variables: { input: { id: renaming.id, name } } });
      toast.success(SecondFactorMessages.passkeyRenamed);
      setRenaming(null);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, NAME_FIELD);
      if (!fields) toast.error(serverMessageOr(error, 'Could not rename the passkey'));
      return fields;
    }
  };

  const remove = async () => {
    if (!confirming) return;
    const { id } = confirming;
    try {
      await withStepUp(() =>
        removePasskey({
          variables: { id },
          update(cache) {
            cache.evict({ id: cache.identify({ __typename: 'Passkey', id }) });
            cache.gc();
          },
        }),
      );
      toast.success(SecondFactorMessages.passkeyRemoved);
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not remove the passkey'));
    } finally {
      setConfirming(null);
    }
  };

  return {
    supported,
    passkeys: list.data?.passkeys,
    loading: list.loading,
    loadError: list.error,
    add,
    /** How many passkeys were added on this page: the add form's key. */
    added,
    renaming,
    askToRename: setRenaming,
    cancelRename: () => setRenaming(null),
    rename,
    confirming,
    askToRemove: setConfirming,
    cancelRemove: () => setConfirming(null),
    remove: () => void remove(),
    removing,
  };
}
