import { SecondFactorMessages } from '@stockroom/schema';
import {
  SecondFactorsDocument,
  useRecoveryCodesRegenerateMutation,
  useSecondFactorsQuery,
  useTotpConfirmMutation,
  useTotpDisableMutation,
  useTotpSetUpMutation,
  WorkspaceListDocument,
} from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import { serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { accountFieldErrors } from './profile-errors';
import type { WithStepUp } from './useStepUp';

const CONFIRM_FIELDS = new Set(['code'] as const);
const DISABLE_FIELDS = new Set(['password', 'code'] as const);

/** Whether the account has a password its holder chose; until the answer comes, as most accounts do, so the forms ask for it. */
export const passwordSetOf = (status: { passwordSet: boolean } | undefined): boolean => status?.passwordSet ?? true;

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/**
 * The profile's two-factor authentication: whether it is on; a set-up whose
 * secret is kept only while it is being confirmed; the recovery codes the
 * confirmation (or a new set) returns, kept until the person is done with
 * them; turning it off (with the password, or, for an account whose
 * password nobody chose, after confirming it is you another way).
 */
export function useTwoFactor(withStepUp: WithStepUp) {
  const status = useSecondFactorsQuery();
  const [startSetUp, { loading: starting }] = useTotpSetUpMutation();
  const [confirmTotp] = useTotpConfirmMutation();
  const [disableTotp] = useTotpDisableMutation();
  const [regenerateCodes] = useRecoveryCodesRegenerateMutation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refetchQueries = [{ query: SecondFactorsDocument }];
  // Turning the factor on or off opens or closes the workspaces that require one (their `needsSecondFactor`).
  const withWorkspaces = [...refetchQueries, { query: WorkspaceListDocument }];

  const begin = async () => {
    try {
      const { data } = await startSetUp();
      if (!data) throw new Error('Empty response');
      setSetup(data.setUpTotp);
    } catch (error) {
      toast.error(serverMessageOr(error, 'Could not start the set-up'));
    }
  };

  const confirm = async ({ code }: { code: string }) => {
    try {
      const { data } = await confirmTotp({ variables: { input: { code: code.trim() } }, refetchQueries: withWorkspaces, awaitRefetchQueries: true });
      if (!data) throw new Error('Empty response');
      setSetup(null);
      setRecoveryCodes(data.confirmTotp.recoveryCodes);
      toast.success('Two-factor authentication is on');
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, CONFIRM_FIELDS);
      if (fields) return fields;
      toast.error(serverMessageOr(error, 'Could not turn two-factor authentication on'));
      return undefined;
    }
  };

  const regenerate = async ({ code }: { code: string }) => {
    try {
      const { data } = await regenerateCodes({ variables: { input: { code: code.trim() } }, refetchQueries, awaitRefetchQueries: true });
      if (!data) throw new Error('Empty response');
      setRecoveryCodes(data.regenerateRecoveryCodes.recoveryCodes);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, CONFIRM_FIELDS);
      if (fields) return fields;
      toast.error(serverMessageOr(error, 'Could not make new recovery codes'));
      return undefined;
    }
  };

  const disable = async ({ password, code }: { password: string; code: string }) => {
    try {
      const input = { password: password || null, code: code.trim() };
      await withStepUp(() => disableTotp({ variables: { input }, refetchQueries: withWorkspaces, awaitRefetchQueries: true }));
      toast.success(SecondFactorMessages.totpTurnedOff);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, DISABLE_FIELDS);
      if (fields) return fields;
      toast.error(serverMessageOr(error, 'Could not turn two-factor authentication off'));
      return undefined;
    }
  };

  return {
    on: status.data?.secondFactors.totp ?? null,
    recoveryCodesLeft: status.data?.secondFactors.recoveryCodesLeft ?? 0,
    /** Whether the holder chose the account's password: the forms ask for it only then. */
    passwordSet: passwordSetOf(status.data?.secondFactors),
    loadError: Boolean(status.error) && !status.data,
    setup,
    starting,
    recoveryCodes,
    begin: () => void begin(),
    cancelSetUp: () => setSetup(null),
    confirm,
    regenerate,
    disable,
    dismissRecoveryCodes: () => setRecoveryCodes(null),
  };
}
