import { LocationMessages, ProductMessages } from '@stockroom/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../common/errors';

export class ProductNotFoundError extends NotFoundError {
  constructor() {
    super(ProductMessages.notFound);
  }
}

export class NotProductOwnerError extends ForbiddenError {
  constructor() {
    super(ProductMessages.notOwner);
  }
}

/** The product changed since the version the caller edited. */
export class StaleProductError extends ConflictError {
  constructor() {
    super(ProductMessages.conflict);
  }
}

/** The unique index that keeps SKUs unique in one catalogue, ignoring case. */
export const SKU_UNIQUE_INDEX = 'products_workspace_sku_unique';

/** The unique index that keeps barcodes unique in one catalogue. */
export const BARCODE_UNIQUE_INDEX = 'products_workspace_barcode_unique';

/** Another of the owner's products has this SKU (in any case): a 409 on the sku field, so the form shows it there. */
export class DuplicateSkuError extends ConflictError {
  constructor() {
    super(ProductMessages.duplicateSku, { sku: ProductMessages.duplicateSku });
  }
}

/** Another of the owner's live products has this barcode: a 409 on the barcode field. */
export class DuplicateBarcodeError extends ConflictError {
  constructor() {
    super(ProductMessages.duplicateBarcode, { barcode: ProductMessages.duplicateBarcode });
  }
}

/**
 * The 409 of a write that gave a product a SKU or barcode another live
 * product of the owner has: the unique index decides, so two requests taking
 * one code at once cannot both win. Undefined for any other error.
 */
export function duplicateCodeErrorOf(error: unknown): DuplicateSkuError | DuplicateBarcodeError | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  if (constraint === SKU_UNIQUE_INDEX) return new DuplicateSkuError();
  if (constraint === BARCODE_UNIQUE_INDEX) return new DuplicateBarcodeError();
  return undefined;
}


/** The constraint a stock level below 0 breaks; the triggers on products name the location in its message. */
export const STOCK_LEVEL_CHECK = 'stock_levels_quantity_check';

/** What a write that would take a stock level below 0 was refused for: the location's name and what it holds. */
export interface StockShortage {
  location: string;
  available: number;
}

/** The shortage a refused write reports (db/triggers/product-history.sql), or undefined for any other error. */
export function stockShortageOf(error: unknown): StockShortage | undefined {
  const { code, constraint, detail } = error as { code?: string; constraint?: string; detail?: string };
  if (code !== '23514' || constraint !== STOCK_LEVEL_CHECK || !detail) return undefined;
  try {
    const { location, available } = JSON.parse(detail) as Partial<StockShortage>;
    return typeof location === 'string' && typeof available === 'number' ? { location, available } : undefined;
  } catch {
    return undefined;
  }
}

/** A change that would take more from a location than it holds: 409 'Not enough stock at Back room'. */
export class NotEnoughStockAtError extends ConflictError {
  constructor(locationName: string) {
    super(LocationMessages.notEnoughAt(locationName));
  }
}

/**
 * The 409 of a write that would take a stock level below 0 (an edited
 * quantity lower than the default location holds, say); undefined for any
 * other error.
 */
export function stockShortErrorOf(error: unknown): NotEnoughStockAtError | undefined {
  const shortage = stockShortageOf(error);
  return shortage && new NotEnoughStockAtError(shortage.location);
}
