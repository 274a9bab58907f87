/**
 * Success toasts, short and in the app's own words; failures use the message catalogue
 * (ProductMessages, GeneralMessages) through productErrorMessage.
 */
export const PRODUCT_TOASTS = {
  created: 'Product created',
  updated: 'Product updated',
  deleted: 'Product deleted',
  stockUpdated: 'Stock updated',
  /** A stock change recorded with no network: it waits in the offline queue. */
  stockQueued: 'Saved on this device: it is sent when the network is back',
} as const;
