import { useState } from 'react';
import { toast } from '../../lib/toaster';

/**
 * A secret the server shows once (a new API token, a new webhook's signing
 * secret): kept, with what it belongs to, until the person dismisses it, and
 * copied to the clipboard on request. `what` names it in the message shown
 * when the browser refuses the clipboard ("the token", "the secret").
 */
export function useSecretShownOnce<T extends { secret: string }>(what: string) {
  const [shown, setShown] = useState<T | null>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
    } catch {
      toast.error(`Could not copy: select ${what} and copy it yourself`);
    }
  };

  return {
    shown,
    copied,
    show: (value: T) => {
      setCopied(false);
      setShown(value);
    },
    copy: () => void copy(),
    dismiss: () => setShown(null),
  };
}
