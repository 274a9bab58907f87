/**
 * A one-slot callback between the Apollo error link and the AuthProvider:
 * the link reports a rejected session, the provider signs the user out. The
 * client is created before the provider mounts (the provider uses it), so
 * the link cannot hold the provider's sign-out itself.
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
