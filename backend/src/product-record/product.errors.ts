import { ProductMessages } from '@stockroom/schema';
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
export const SKU_UNIQUE_INDEX = 'products_owner_sku_unique';

/** Another of the owner's products has this SKU (in any case): a 409 on the sku field, so the form shows it there. */
export class DuplicateSkuError extends ConflictError {
  constructor() {
    super(ProductMessages.duplicateSku, { sku: ProductMessages.duplicateSku });
  }
}

