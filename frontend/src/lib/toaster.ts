import type { ToastProps, Toaster } from '@blueprintjs/core';
import { TOAST_DURATION_MS } from '@stockroom/schema';

/**
 * One toaster for the whole app, created (and its code fetched) on first use so
 * pages that never toast (the sign-in page among them) do not pay for it. Toasts
 * outlive the page that raised them: "Product deleted" still shows after leaving
 * the detail page.
 */
let toaster: Promise<Toaster> | undefined;

/**
 * Toasts live in a landmark of their own, "Notifications": a toast and an
 * inline error box may both be alerts with the same words, and this tells
 * them apart (for screen readers' landmark lists as for tests). The section
 * adds no box of its own: the toaster inside is positioned as before.
 */
function notificationsRegion(): HTMLElement {
  const region = document.createElement('section');
  region.setAttribute('aria-label', 'Notifications');
  document.body.appendChild(region);
  return region;
}

function getToaster(): Promise<Toaster> {
  toaster ??= import('./create-toaster')
    .then(({ createToaster }) => createToaster(notificationsRegion()))
    .catch((error: unknown) => {
      // Offline when the first toast came: the next toast tries again.
      toaster = undefined;
      throw error;
    });
  return toaster;
}

function show(props: ToastProps): void {
  getToaster()
    .then((t) => t.show(props))
    .catch(() => undefined);
}

/** A button beside a toast's message (Undo), which also closes the toast. */
export interface ToastAction {
  text: string;
  onClick(): void;
}

export const toast = {
  success: (message: string) => show({ message, intent: 'success', timeout: TOAST_DURATION_MS }),
  error: (message: string) => show({ message, intent: 'danger', timeout: TOAST_DURATION_MS }),
  /** A success with one action beside it, shown for `timeout` ms (longer than a plain toast, so the action can be reached). */
  successWithAction: (message: string, action: ToastAction, timeout: number) =>
    show({ message, intent: 'success', timeout, action: { text: action.text, onClick: action.onClick } }),
};
