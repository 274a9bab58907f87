/**
 * A one-slot callback between the Apollo error link and the WorkspaceProvider:
 * the link reports that the remembered workspace answered 'Workspace not found'
 * (removed, or the account left it), the provider falls back to the personal one.
 */
type Listener = () => void;

let listener: Listener | undefined;

export function onWorkspaceLost(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

export function notifyWorkspaceLost(): void {
  listener?.();
}
