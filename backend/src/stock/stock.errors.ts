import { ProductMessages } from '@stockroom/schema';
import { ConflictError } from '../common/errors';

/** A sale larger than the stock: 'Product is out of stock' at 0, otherwise 'Insufficient stock available'. */
export class InsufficientStockError extends ConflictError {
  constructor(available: number) {
    super(available === 0 ? ProductMessages.outOfStock : ProductMessages.insufficientStock);
  }
}
