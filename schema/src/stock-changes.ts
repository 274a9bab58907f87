/**
 * Many stock writes in one request (POST /api/stock-changes): what the offline
 * client's queue replays when the network is back. Each change is what one
 * stock-writing POST takes (its action, the id its path names, its body and
 * its idempotency key), run in order by the same service as that POST.
 */

/** What a change may be: the stock-writing POSTs the offline queue records. */
export const STOCK_CHANGE_ACTIONS = ['adjustStock', 'countStock', 'addStockCountLine'] as const;
export type StockChangeAction = (typeof STOCK_CHANGE_ACTIONS)[number];

/** The most changes one request takes: enough to replay a queue quickly, few enough to answer within a request's time. */
export const STOCK_CHANGES_MAX = 100;

/** How a change ended: recorded (`answer` is what its own POST answers) or refused (`answer` is its error). */
export const STOCK_CHANGE_OUTCOMES = ['done', 'refused'] as const;
export type StockChangeOutcome = (typeof STOCK_CHANGE_OUTCOMES)[number];

export const StockChangeMessages = {
  notAList: 'Changes must be a list of stock changes',
  none: 'Send at least one change',
  tooMany: `Send at most ${STOCK_CHANGES_MAX} changes at once`,
  notAChange: 'A change must be an object with its action, idempotencyKey, productId or stockCountId, and body',
  bodyNotObject: "A change's body must be an object, as its own POST takes it",
  /** A refusal of the list for one of its changes: which one (counting from 1), and why. */
  inChange: (position: number, message: string) => `Change ${position}: ${message}`,
  unknownAction: `Action must be one of ${STOCK_CHANGE_ACTIONS.join(', ')}`,
  keyRequired: 'Each change needs its own idempotencyKey',
} as const;
