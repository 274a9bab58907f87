import { countOf, ProductMessages } from './messages';

/** A product stays in the trash this long; housekeeping then removes it for good. */
export const TRASH_RETENTION_DAYS = 30;

/** An Undo toast stays this long: long enough to notice the mistake and reach the button. */
export const UNDO_TOAST_MS = 8000;

export const TrashMessages = {
  /** One product restored from the trash. */
  restored: 'Product restored',
  /** Several restored at once, e.g. by Undo after a bulk delete. */
  restoredMany: (count: number) => `${countOf(count, 'product')} restored`,
  /** Deleted as the toast says it, with Undo beside it. */
  deletedMany: (count: number) => `${countOf(count, 'product')} deleted`,
  /** A product deleted for good. */
  purged: 'Product deleted forever',
  purgedMany: (count: number) => `${countOf(count, 'product')} deleted forever`,
  emptied: (count: number) => `Trash emptied: ${countOf(count, 'product')} deleted forever`,
  restoreFailed: 'Failed to restore product',
  purgeFailed: 'Failed to delete product forever',
  emptyFailed: 'Failed to empty the trash',
  /** A named product is not one of the caller's (someone else's, or deleted for good): nothing was changed. */
  notInTrash: `${ProductMessages.notFound}: nothing was changed`,
  undo: 'Undo',
  /** Not a trash batch a bulk delete answered. */
  badBatch: 'Trash batch must be the one a bulk delete answered',
} as const;
