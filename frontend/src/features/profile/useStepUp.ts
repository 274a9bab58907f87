import { SecondFactorMessages } from '@stockroom/schema';
import { usePasskeyStepUpOptionsMutation, useStepUpMutation } from '@stockroom/schema/generated/hooks';
import { useCallback, useRef, useState } from 'react';
import { errorCodeOf, serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { accountFieldErrors } from './profile-errors';

const FIELDS = new Set(['password', 'code'] as const);

/** Runs an action, and once more after the person confirms it is them if the server asked for that first (useStepUp's withStepUp). */
export type WithStepUp = <T>(call: () => Promise<T>) => Promise<T>;

export interface StepUpValues {
  password: string;
  code: string;
}

/**
 * Confirming it is you before a sensitive action (a new API token or
 * webhook, adding or removing a passkey): when the server answers
 * STEP_UP_REQUIRED (the password, a code or a passkey was last given more
 * than 10 minutes ago), the dialog asks for one, and the action runs once
 * more. The browser's passkey code loads only when the passkey is used.
 */
export function useStepUp() {
  const [stepUp] = useStepUpMutation();
  const [passkeyOptions] = usePasskeyStepUpOptionsMutation();
  const [open, setOpen] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const close = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setPasskeyError(null);
    setOpen(false);
  };

  /** Runs `call`; if the server wants the password or a code first, asks for it and runs `call` again (a cancelled dialog keeps the refusal). */
  const withStepUp: WithStepUp = useCallback(async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (errorCodeOf(error) !== 'STEP_UP_REQUIRED') throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setOpen(true);
      });
      if (!confirmed) throw error;
      return call();
    }
  }, []);

  const confirm = async ({ password, code }: StepUpValues) => {
    try {
      await stepUp({ variables: { input: { password: password || null, code: code.trim() || null } } });
      toast.success(SecondFactorMessages.stepUpDone);
      close(true);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, FIELDS);
      if (!fields) toast.error(serverMessageOr(error, 'Could not confirm it is you'));
      return fields;
    }
  };

  /** The server's options for the account's passkeys, the browser's prompt, and the answer as the proof. */
  const confirmWithPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyError(null);
    try {
      const { signWithPasskey } = await import('../../lib/passkeys/passkey-ceremony');
      const { data } = await passkeyOptions();
      if (!data) throw new Error('Empty response');
      const assertionJson = await signWithPasskey(data.passkeyStepUpOptions.optionsJson);
      await stepUp({ variables: { input: { assertionJson } } });
      toast.success(SecondFactorMessages.stepUpDone);
      close(true);
    } catch (error) {
      setPasskeyError(serverMessageOr(error, 'Could not confirm it is you'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  return { open, withStepUp, confirm, confirmWithPasskey: () => void confirmWithPasskey(), passkeyBusy, passkeyError, cancel: () => close(false) };
}
