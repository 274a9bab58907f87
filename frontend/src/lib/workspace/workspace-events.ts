/**
 * One-slot callbacks between the Apollo error link and the WorkspaceProvider:
 * the link reports that the remembered workspace answered 'Workspace not found'
 * (removed, or the account left it), the provider falls back to the personal one;
 * or that it requires a second factor the account lacks, the provider reads the
 * list again so the screens give way to the page that says so.
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

let secondFactorListener: Listener | undefined;

export function onSecondFactorRequired(next: Listener): () => void {
  secondFactorListener = next;
  return () => {
    if (secondFactorListener === next) secondFactorListener = undefined;
  };
}

export function notifySecondFactorRequired(): void {
  secondFactorListener?.();
}
