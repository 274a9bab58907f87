/**
 * A one-slot callback between the Apollo error link and the AuthProvider:
 * the link reports a rejected session, the provider signs the user out. It
 * keeps lib/apollo.ts free of any import from the auth feature.
 */
type Listener = () => void;

let listener: Listener | undefined;

export function onSessionRejected(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

export function notifySessionRejected(): void {
  listener?.();
}
