import { StockCountMessages } from '@stockroom/schema';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';

/** A missing count and another workspace's alike: 404, as if it did not exist. */
export class StockCountNotFoundError extends NotFoundError {
  constructor() {
    super(StockCountMessages.notFound);
  }
}

/** A line added to, or a submit of, a count that is no longer OPEN. */
export class StockCountClosedError extends ConflictError {
  constructor() {
    super(StockCountMessages.closed);
  }
}

/** An approval of a count that is not IN_REVIEW. */
export class StockCountNotInReviewError extends ConflictError {
  constructor() {
    super(StockCountMessages.notInReview);
  }
}

/** A cancel of a count already approved or cancelled. */
export class StockCountAlreadyClosedError extends ConflictError {
  constructor() {
    super(StockCountMessages.alreadyClosed);
  }
}

/** A line's product or location outside the count's scope. */
export class OutsideStockCountError extends ValidationError {
  constructor() {
    super({ productId: StockCountMessages.outsideScope });
  }
}

/** `replaces` names no pending line of the same product and location in this count. */
export class ReplacesOtherLineError extends ValidationError {
  constructor() {
    super({ replaces: StockCountMessages.replacesOther });
  }
}

/** An approval naming lines that are not this count's pending ones. */
export class UnknownStockCountLinesError extends ValidationError {
  constructor() {
    super({ lineIds: StockCountMessages.unknownLines });
  }
}
