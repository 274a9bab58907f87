import { LocationMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';

/** A missing location and another workspace's alike: 404, as if it did not exist. */
export class LocationNotFoundError extends NotFoundError {
  constructor() {
    super(LocationMessages.notFound);
  }
}

/** The unique index that keeps codes unique in one workspace, ignoring case. */
export const LOCATION_CODE_UNIQUE_INDEX = 'locations_workspace_code_unique';

export class DuplicateLocationCodeError extends ConflictError {
  constructor() {
    super(LocationMessages.duplicateCode, { code: LocationMessages.duplicateCode });
  }
}

export class LocationHoldsStockError extends ConflictError {
  constructor() {
    super(LocationMessages.holdsStock);
  }
}

export class DefaultLocationDeleteError extends ConflictError {
  constructor() {
    super(LocationMessages.defaultNotDeleted);
  }
}

/** A parent that is the location itself or below it: the tree would become a loop. */
export class LocationCycleError extends ValidationError {
  constructor() {
    super({ parentId: LocationMessages.ownDescendant });
  }
}

export class LocationTooDeepError extends ValidationError {
  constructor() {
    super({ parentId: LocationMessages.tooDeep });
  }
}

/** The 409 of a write that gave a location a code another location of the workspace has; undefined for any other error. */
export function duplicateLocationCodeErrorOf(error: unknown): DuplicateLocationCodeError | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === LOCATION_CODE_UNIQUE_INDEX ? new DuplicateLocationCodeError() : undefined;
}

/** The foreign keys a stock write breaks when a location it names was deleted while it ran. */
export const LOCATION_REFERENCES = ['stock_levels_location_id_foreign', 'stock_movements_location_id_foreign'];

/**
 * The 404 of a stock write whose location was deleted between the write's
 * check and its levels (db/triggers/product-history.sql refuses it on the
 * levels' key): answered as a location that was never there. Undefined for
 * any other error.
 */
export function deletedLocationErrorOf(error: unknown): LocationNotFoundError | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23503' && constraint !== undefined && LOCATION_REFERENCES.includes(constraint) ? new LocationNotFoundError() : undefined;
}
