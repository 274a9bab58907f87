import { Button } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

/** A sign-in form's passkey button: it shows it is busy while the browser asks for the passkey and the server checks it. */
export function PasskeyButton({ onPasskey, children }: { onPasskey: () => Promise<void>; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="large"
      fill
      className="auth-form__sso"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void onPasskey().finally(() => setBusy(false));
      }}
    >
      {children}
    </Button>
  );
}
