import { Rules, type BooleanRule, type ChoiceRule, type NumberRule, type TextRule } from './validation';

/**
 * Stocktakes as sessions: a count of a scope (a location with its
 * sub-locations, a category, or the whole workspace), its lines, its review
 * and its approval: the rules and messages server and client share.
 */

/** OPEN (counting) -> IN_REVIEW (submitted) -> APPROVED (booked), or CANCELLED from either of the first two. */
export const STOCK_COUNT_STATUSES = ['OPEN', 'IN_REVIEW', 'APPROVED', 'CANCELLED'] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

/**
 * What became of a line: PENDING until the count is approved; then BOOKED (its
 * difference is a COUNT movement), NOT_CHOSEN (the approval named other
 * lines), or the reason it could not be booked: PRODUCT_DELETED,
 * LOCATION_DELETED, BELOW_ZERO (the booking would take the level below 0),
 * OVER_MAXIMUM (the product's total would pass the quantity rule's maximum).
 * REPLACED: a later line replaced it; CANCELLED: the count was cancelled.
 */
export const STOCK_COUNT_LINE_STATUSES = [
  'PENDING',
  'BOOKED',
  'NOT_CHOSEN',
  'PRODUCT_DELETED',
  'LOCATION_DELETED',
  'BELOW_ZERO',
  'OVER_MAXIMUM',
  'REPLACED',
  'CANCELLED',
] as const;
export type StockCountLineStatus = (typeof STOCK_COUNT_LINE_STATUSES)[number];

/** How a review lists its items: the largest difference in money first (losses and gains alike), or by product name. */
export const STOCK_COUNT_REVIEW_SORTS = ['value', 'product'] as const;
export type StockCountReviewSort = (typeof STOCK_COUNT_REVIEW_SORTS)[number];

/** The largest ledger position a line may name: movement ids are 64-bit. */
export const LEDGER_POSITION_MAX = '9223372036854775807';

/** A new stock count: its scope and whether counters see the expected quantities. */
export const NewStockCountFields = {
  /** Counting one location and its sub-locations; left out or null: every location. */
  locationId: { kind: 'text', label: 'Location', required: false, nullable: true, max: 36 } satisfies TextRule,
  /** Counting one category's products (as products store it); left out or null: every category. */
  category: { ...Rules.categoryFilter, nullable: true } satisfies TextRule,
  blind: { kind: 'boolean', label: 'Blind', required: false, nullable: true } satisfies BooleanRule,
};

/** An id a request body names. */
const idRule = (label: string, required: boolean): TextRule => ({ kind: 'text', label, required, nullable: !required, max: 36 });

/** One line of a count as a counter records it; the service checks the ids, the position and the date further. */
export const StockCountLineFields = {
  productId: idRule('Product', true),
  /** Left out or null: the count's location, else the workspace's default one. */
  locationId: idRule('Location', false),
  quantity: { ...Rules.quantity, label: 'Quantity' } satisfies NumberRule,
  /** A movement id, as digits (or a whole number): the newest movement there the device had seen; 0 for none. */
  ledgerPosition: { kind: 'text', label: 'Ledger position', required: true, max: 20 } satisfies TextRule,
  /** An ISO 8601 date-time; left out: when the server records the line. */
  countedAt: { kind: 'text', label: 'Counted at', required: false, nullable: true, max: 40 } satisfies TextRule,
  /** A pending line of the same product and location that this one replaces. */
  replaces: idRule('Replaces', false),
};

/** A review's order; left out: by value. */
export const StockCountReviewFields = {
  sortBy: { kind: 'choice', label: 'Sort by', required: false, options: STOCK_COUNT_REVIEW_SORTS } satisfies ChoiceRule,
};

/** An approval: which lines (`lineIds`, left out: every pending one), and whether stock no one counted is booked as 0. */
export const ApproveStockCountFields = {
  notCountedAsZero: { kind: 'boolean', label: 'Not counted as zero', required: false, nullable: true } satisfies BooleanRule,
};

/** A list of a workspace's counts. */
export const StockCountListFields = { page: Rules.page, limit: Rules.limit };

/** The most lines one approval may name; left out, it approves every pending line however many. */
export const STOCK_COUNT_APPROVE_LINES_MAX = 10_000;

/** A line may say it was counted up to this long after the server's clock (a device's clock runs a little fast). */
export const COUNTED_AT_FUTURE_SLACK_MS = 5 * 60_000;

export const StockCountMessages = {
  notFound: 'Stock count not found',
  lineNotFound: 'Stock count line not found',
  /** A line added to, or a submit of, a count that is no longer OPEN. */
  closed: 'This stock count is closed',
  /** Approving a count that is not IN_REVIEW. */
  notInReview: 'Only a submitted stock count can be approved',
  /** Cancelling a count that is approved or cancelled already. */
  alreadyClosed: 'This stock count is already approved or cancelled',
  outsideScope: 'This product or location is outside the stock count',
  ledgerPosition: 'Ledger position must be the id of a stock movement (digits), or 0 for none',
  countedAtFormat: 'Counted at must be an ISO 8601 date and time',
  countedAtFuture: 'Counted at cannot be in the future',
  /** `replaces` names a line of another product or location, or a line already replaced. */
  replacesOther: 'A line can only replace a pending line of the same product and location',
  unknownLines: 'Every line to approve must be a pending line of this stock count',
  lineIdsFormat: `Line ids must be a list of at most ${STOCK_COUNT_APPROVE_LINES_MAX} line ids`,
} as const;
