import { OverlayToaster, type Intent, type Toaster } from '@blueprintjs/core';
import { TOAST_DURATION_MS } from '@stockroom/schema';

/**
 * One toaster for the whole app, created on first use so pages that never
 * toast (the sign-in page among them) do not pay for it. Toasts outlive the
 * page that raised them: "Product deleted" still shows after leaving the
 * detail page.
 */
let toaster: Promise<Toaster> | undefined;

const getToaster = () => (toaster ??= OverlayToaster.create({ position: 'top', maxToasts: 3 }));

function show(message: string, intent: Intent): void {
  void getToaster().then((t) => t.show({ message, intent, timeout: TOAST_DURATION_MS }));
}

export const toast = {
  success: (message: string) => show(message, 'success'),
  error: (message: string) => show(message, 'danger'),
};
