import { Spinner } from '@blueprintjs/core';

export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Spinner size={32} aria-label={label} />
    </div>
  );
}
