import { useSyncExternalStore } from 'react';

const subscribeToNetwork = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** True while the browser says it has no network (the build-time shell is drawn online). */
export const useOffline = (): boolean =>
  useSyncExternalStore(
    subscribeToNetwork,
    () => !navigator.onLine,
    () => false,
  );

/** The browser says it has no network now: a stock change goes to the offline queue instead of the server. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;
