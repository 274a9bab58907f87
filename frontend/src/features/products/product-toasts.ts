/**
 * Success toasts. The specification names none; failures use its catalogue
 * (ProductMessages, GeneralMessages) through productErrorMessage.
 */
export const PRODUCT_TOASTS = {
  created: 'Product created',
  updated: 'Product updated',
  deleted: 'Product deleted',
  stockUpdated: 'Stock updated',
} as const;
